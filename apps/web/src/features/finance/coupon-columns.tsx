import type { CouponRecord } from "@skyledger/contracts";
import { type TableColumnsType, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { Yuan } from "../../components/money-text";
import { StatusTag } from "../../components/status-tags";
import { userDataCells } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { amountSign } from "../../lib/money";

/** "¥50.00000" for a value coupon, "×0.85" for a discount. */
export function CouponBenefit({ coupon, t }: { coupon: CouponRecord; t: TFunction }) {
  return coupon.benefitKind === "value" ? (
    <Yuan value={coupon.value} strong />
  ) : (
    <Typography.Text strong>{t("finance.coupon.discountOf", { discount: coupon.discount })}</Typography.Text>
  );
}

export function Validity({ from, until }: { from: string; until: string }) {
  return (
    <span style={{ whiteSpace: "nowrap" }}>
      {formatDateTime(from)}
      <br />~ {formatDateTime(until)}
    </span>
  );
}

/** Columns shared by the tenant's coupon list and the operator's. */
export function couponColumns(
  t: TFunction,
  options: { withOrg?: boolean } = {},
): TableColumnsType<CouponRecord> {
  return [
    {
      title: t("finance.coupon.couponNo"),
      dataIndex: "couponNo",
      fixed: "left",
      width: 190,
      render: (v: string) => (
        <Typography.Text copyable code style={{ whiteSpace: "nowrap" }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t("finance.coupon.name"), ...userDataCells, dataIndex: "name" },
    {
      title: t("finance.coupon.benefit"),
      key: "benefit",
      render: (_, row) => <CouponBenefit coupon={row} t={t} />,
    },
    {
      title: t("finance.coupon.threshold"),
      dataIndex: "threshold",
      render: (v: string) =>
        amountSign(v) > 0 ? (
          <span>
            {t("finance.coupon.spendAtLeast")} <Yuan value={v} />
          </span>
        ) : (
          t("finance.coupon.noThreshold")
        ),
    },
    {
      title: t("finance.coupon.validity"),
      key: "validity",
      width: 200,
      render: (_, row) => <Validity from={row.validFrom} until={row.validUntil} />,
    },
    {
      title: t("finance.coupon.products"),
      dataIndex: "applicableProducts",
      render: (v: string[]) =>
        v.length === 0 ? t("finance.coupon.allProducts") : v.map((p) => <Tag key={p}>{p}</Tag>),
    },
    {
      title: t("finance.coupon.paymentTypes"),
      dataIndex: "applicablePaymentTypes",
      render: (v: string[]) =>
        v.map((p) => <Tag key={p}>{t(`finance.paymentType.${p}`, { defaultValue: p })}</Tag>),
    },
    {
      title: t("common.status"),
      dataIndex: "status",
      render: (_, row) => (
        <StatusTag kind="coupon" status={row.status} testId={`coupon-status-${row.couponNo}`} />
      ),
    },
    ...(options.withOrg
      ? [
          {
            title: t("finance.coupon.org"),
            ...userDataCells,
            dataIndex: "orgName",
            render: (v: string | null) => dash(v),
          },
        ]
      : []),
    {
      title: t("finance.coupon.distributedAt"),
      dataIndex: "distributedAt",
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t("finance.coupon.used"),
      key: "used",
      render: (_, row) =>
        row.usedAt ? (
          <span>
            {formatDateTime(row.usedAt)}
            {row.usedOrderNo && (
              <>
                <br />
                {t("finance.coupon.usedOn", { orderNo: row.usedOrderNo })}
              </>
            )}
          </span>
        ) : (
          "-"
        ),
    },
  ];
}
