// Bills (spec §3): the columns of itemised lists and every field of one bill.
import type { BillRecord } from "@skyledger/contracts";
import { Descriptions, type TableColumnsType, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { SignedYuan, Yuan } from "../../components/money-text";
import { UserData, userDataCells } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { amountSign } from "../../lib/money";

const TYPE_COLORS: Record<BillRecord["type"], string> = {
  charge: "blue",
  refund: "green",
  adjustment: "orange",
};

/**
 * An operator's adjustment reads as what it did to the tenant's money: a credit (green, "+") or a
 * debit, never as something the tenant owes.
 */
const adjustmentDirection = (bill: Pick<BillRecord, "adjustmentAmount">) =>
  amountSign(bill.adjustmentAmount) < 0 ? "debit" : "credit";

export function BillTypeTag({ bill }: { bill: Pick<BillRecord, "type" | "adjustmentAmount"> }) {
  const { t } = useTranslation();
  if (bill.type === "adjustment") {
    const direction = adjustmentDirection(bill);
    return (
      <Tag color={direction === "credit" ? "green" : "red"} data-direction={direction}>
        {t(`finance.bill.types.${direction}`)}
      </Tag>
    );
  }
  return <Tag color={TYPE_COLORS[bill.type]}>{t(`finance.bill.types.${bill.type}`)}</Tag>;
}

/** An adjustment's money: "+¥100.00000 credited to your balance", in green (a debit in red). */
function AdjustmentMoney({ bill }: { bill: Pick<BillRecord, "adjustmentAmount"> }) {
  const { t } = useTranslation();
  return (
    <span data-testid="bill-adjustment-money">
      <SignedYuan value={bill.adjustmentAmount} strong />{" "}
      <Typography.Text type="secondary">
        {t(adjustmentDirection(bill) === "credit" ? "finance.bill.credited" : "finance.bill.debited")}
      </Typography.Text>
    </span>
  );
}

export const BILL_TYPES: readonly BillRecord["type"][] = ["charge", "refund", "adjustment"];

export function billColumns(t: TFunction, options: { withOrg?: boolean } = {}): TableColumnsType<BillRecord> {
  return [
    { title: t("finance.bill.billNo"), dataIndex: "billNo", fixed: "left", width: 200 },
    { title: t("finance.bill.cycle"), dataIndex: "billingCycle", width: 100 },
    {
      title: t("finance.bill.type"),
      dataIndex: "type",
      render: (_: BillRecord["type"], row) => <BillTypeTag bill={row} />,
    },
    { title: t("finance.bill.product"), dataIndex: "productName", ellipsis: true },
    ...(options.withOrg
      ? [
          {
            title: t("finance.bill.org"),
            ...userDataCells,
            dataIndex: "orgName",
            render: (v: string | null) => dash(v),
          },
        ]
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
      // What a charge costs; an adjustment owes nothing and says what it credited (or took).
      render: (v: string, row) =>
        row.type === "adjustment" ? <AdjustmentMoney bill={row} /> : <Yuan value={v} />,
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
        { key: "type", label: t("finance.bill.type"), children: <BillTypeTag bill={bill} /> },
        {
          key: "product",
          label: t("finance.bill.product"),
          children: bill.productName,
        },
        { key: "org", label: t("finance.bill.org"), children: <UserData>{dash(bill.orgName)}</UserData> },
        { key: "orderNo", label: t("finance.bill.orderNo"), children: dash(bill.orderNo) },
        {
          key: "chargeType",
          label: t("finance.bill.chargeType"),
          children: t(`finance.bill.chargeTypes.${bill.chargeType}`),
        },
        money("originalAmount"),
        money("discountAmount"),
        money("contractDiscount"),
        money("couponDeduction"),
        money("actualAmount"),
        money("cashAmount"),
        money("creditAmount"),
        money("voucherAmount"),
        money("arrearsAmount"),
        money("refundAmount"),
        bill.type === "adjustment"
          ? {
              key: "adjustmentAmount",
              label: t("finance.bill.adjustmentAmount"),
              children: <AdjustmentMoney bill={bill} />,
            }
          : money("adjustmentAmount", true),
        { key: "usage", label: t("finance.bill.usage"), children: usage },
        { key: "createdAt", label: t("finance.bill.createdAt"), children: formatDateTime(bill.createdAt) },
      ]}
    />
  );
}
