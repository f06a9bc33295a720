// Bills (spec §3): the columns of itemised lists and every field of one bill.
import type { BillRecord } from "@skyledger/contracts";
import { Descriptions, type TableColumnsType, Tag } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { SignedYuan, Yuan } from "../../components/money-text";
import { dash, formatDateTime } from "../../lib/format";

const TYPE_COLORS: Record<BillRecord["type"], string> = {
  charge: "blue",
  refund: "green",
  adjustment: "orange",
};

export function BillTypeTag({ type }: { type: BillRecord["type"] }) {
  const { t } = useTranslation();
  return <Tag color={TYPE_COLORS[type]}>{t(`finance.bill.types.${type}`)}</Tag>;
}

export const BILL_TYPES: readonly BillRecord["type"][] = ["charge", "refund", "adjustment"];

export function billColumns(t: TFunction, options: { withOrg?: boolean } = {}): TableColumnsType<BillRecord> {
  return [
    { title: t("finance.bill.billNo"), dataIndex: "billNo", fixed: "left", width: 200 },
    { title: t("finance.bill.cycle"), dataIndex: "billingCycle", width: 100 },
    {
      title: t("finance.bill.type"),
      dataIndex: "type",
      render: (v: BillRecord["type"]) => <BillTypeTag type={v} />,
    },
    { title: t("finance.bill.product"), dataIndex: "productName", ellipsis: true },
    ...(options.withOrg
      ? [{ title: t("finance.bill.org"), dataIndex: "orgName", render: (v: string | null) => dash(v) }]
      : []),
    { title: t("finance.bill.orderNo"), dataIndex: "orderNo", render: (v: string | null) => dash(v) },
    {
      title: t("finance.bill.chargeType"),
      dataIndex: "chargeType",
      render: (v: BillRecord["chargeType"]) => t(`finance.bill.chargeTypes.${v}`),
    },
    {
      title: t("finance.bill.actualAmount"),
      dataIndex: "actualAmount",
      align: "right",
      render: (v: string) => <Yuan value={v} />,
    },
    { title: t("finance.bill.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
  ];
}

/** Every field of a bill. */
export function BillDetail({ bill }: { bill: BillRecord }) {
  const { t } = useTranslation();
  const usage =
    bill.usageStart || bill.usageEnd
      ? `${formatDateTime(bill.usageStart)} ~ ${formatDateTime(bill.usageEnd)}`
      : "-";
  const money = (key: keyof BillRecord, signed = false) => ({
    key,
    label: t(`finance.bill.${key}`),
    children: signed ? <SignedYuan value={bill[key] as string} /> : <Yuan value={bill[key] as string} />,
  });
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="bill-detail"
      items={[
        { key: "billNo", label: t("finance.bill.billNo"), children: bill.billNo },
        { key: "billingCycle", label: t("finance.bill.cycle"), children: bill.billingCycle },
        { key: "type", label: t("finance.bill.type"), children: <BillTypeTag type={bill.type} /> },
        {
          key: "product",
          label: t("finance.bill.product"),
          children: bill.productName,
        },
        { key: "org", label: t("finance.bill.org"), children: dash(bill.orgName) },
        { key: "orderNo", label: t("finance.bill.orderNo"), children: dash(bill.orderNo) },
        {
          key: "chargeType",
          label: t("finance.bill.chargeType"),
          children: t(`finance.bill.chargeTypes.${bill.chargeType}`),
        },
        money("originalAmount"),
        money("discountAmount"),
        money("couponDeduction"),
        money("actualAmount"),
        money("cashAmount"),
        money("creditAmount"),
        money("voucherAmount"),
        money("arrearsAmount"),
        money("refundAmount"),
        money("adjustmentAmount", true),
        { key: "usage", label: t("finance.bill.usage"), children: usage },
        { key: "createdAt", label: t("finance.bill.createdAt"), children: formatDateTime(bill.createdAt) },
      ]}
    />
  );
}
