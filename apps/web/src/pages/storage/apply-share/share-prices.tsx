// An elastic file product's prices as a visitor reads them: per GB a month (what a prepaid month
// costs) and, when it is sold postpaid, per GB an hour, both after the product's discount, with the
// list price beside them when a discount applies.
import type { ScalableFileProductLanding } from "@skyledger/contracts";
import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../../components/money-text";

type Price = ScalableFileProductLanding["prices"][number];

export function SharePrices({ prices, postpaid }: { prices: Price[]; postpaid: boolean }) {
  const { t } = useTranslation();
  if (prices.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="share-landing-prices-none">
        {t("scalableFile.landing.noPrices")}
      </Typography.Text>
    );
  const id = (p: Price, what: string) => `share-landing-${p.dimension}-${what}`;
  return (
    <Table<Price>
      rowKey="dimension"
      size="small"
      pagination={false}
      dataSource={prices}
      data-testid="share-landing-prices"
      columns={[
        {
          title: t("scalableFile.landing.priceItem"),
          key: "item",
          // The one priced dimension of a file product is its capacity (FILE_CAPACITY_DIMENSION).
          render: () => t("scalableFile.landing.capacity"),
        },
        {
          title: t("scalableFile.landing.monthly"),
          key: "monthly",
          render: (_, p) => (
            <span>
              <Yuan value={p.discountedUnitPrice} strong testId={id(p, "monthly")} />{" "}
              {t("scalableFile.landing.perGbMonth")}
            </span>
          ),
        },
        ...(postpaid
          ? [
              {
                title: t("scalableFile.landing.hourly"),
                key: "hourly",
                render: (_: unknown, p: Price) => (
                  <span>
                    <Yuan value={p.hourlyUnitPrice} strong testId={id(p, "hourly")} />{" "}
                    {t("scalableFile.landing.perGbHour")}
                  </span>
                ),
              },
            ]
          : []),
        {
          title: t("scalableFile.landing.listPrice"),
          key: "listPrice",
          render: (_, p) =>
            p.discount ? (
              <span data-testid={id(p, "list")}>
                <Yuan value={p.unitPrice} style={{ textDecoration: "line-through" }} />{" "}
                <Typography.Text type="secondary">
                  {t("scalableFile.landing.discount", { discount: p.discount })}
                </Typography.Text>
              </span>
            ) : (
              <Yuan value={p.unitPrice} testId={id(p, "list")} />
            ),
        },
      ]}
    />
  );
}
