// An HPC product's unit prices as people read them: per core-hour and per GPU-hour for shared pools
// (what jobs are charged at), per node and month for dedicated ones, with the product's discount.
import type { HpcProductLanding } from "@skyledger/contracts";
import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";

type Price = HpcProductLanding["prices"][number];

export function PoolPrices({ prices, testId = "hpc-prices" }: { prices: Price[]; testId?: string }) {
  const { t } = useTranslation();
  if (prices.length === 0)
    return (
      <Typography.Text type="secondary" data-testid={`${testId}-none`}>
        {t("hpc.prices.none")}
      </Typography.Text>
    );
  return (
    <Table<Price>
      rowKey="dimension"
      size="small"
      pagination={false}
      dataSource={prices}
      data-testid={testId}
      onRow={(p) => ({ "data-testid": `${testId}-${p.dimension}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          title: t("hpc.prices.item"),
          dataIndex: "dimension",
          render: (v: string) => t(`hpc.prices.dimension.${v}`, { defaultValue: v }),
        },
        {
          title: t("hpc.prices.unitPrice"),
          key: "unitPrice",
          render: (_, p) => (
            <span>
              <Yuan value={p.discountedUnitPrice} strong testId={`${testId}-${p.dimension}-price`} />
              {" / "}
              {t(`hpc.prices.per.${p.dimension}`, { defaultValue: p.dimension })}
            </span>
          ),
        },
        {
          title: t("hpc.prices.listPrice"),
          key: "listPrice",
          render: (_, p) =>
            p.discount ? (
              <span>
                <Yuan value={p.unitPrice} style={{ textDecoration: "line-through" }} />{" "}
                <Typography.Text type="secondary">
                  {t("hpc.prices.discount", { discount: p.discount })}
                </Typography.Text>
              </span>
            ) : (
              <Yuan value={p.unitPrice} />
            ),
        },
      ]}
    />
  );
}
