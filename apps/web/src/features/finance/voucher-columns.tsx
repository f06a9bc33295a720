import type { CashVoucherRecord } from "@skyledger/contracts";
import { type TableColumnsType, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import { Yuan } from "../../components/money-text";
import { StatusTag } from "../../components/status-tags";
import { userDataCells } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { Validity } from "./coupon-columns";

export const VOUCHER_KINDS: readonly CashVoucherRecord["kind"][] = ["topup", "deduction"];

export function VoucherKindTag({ kind, t }: { kind: CashVoucherRecord["kind"]; t: TFunction }) {
  return <Tag color={kind === "topup" ? "cyan" : "geekblue"}>{t(`finance.voucher.kinds.${kind}`)}</Tag>;
}

/** Cash voucher columns (spec §3: kind, face value, balance, receive time), tenant and operator. */
export function voucherColumns(
  t: TFunction,
  options: { operator?: boolean } = {},
): TableColumnsType<CashVoucherRecord> {
  return [
    {
      title: t("finance.voucher.code"),
      dataIndex: "code",
      fixed: "left",
      width: 250,
      render: (v: string) => (
        <Typography.Text copyable code style={{ whiteSpace: "nowrap" }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: t("finance.voucher.kind"),
      dataIndex: "kind",
      render: (v: CashVoucherRecord["kind"]) => <VoucherKindTag kind={v} t={t} />,
    },
    {
      title: t("finance.voucher.faceValue"),
      dataIndex: "faceValue",
      align: "right",
      render: (v: string) => <Yuan value={v} />,
    },
    {
      title: t("finance.voucher.balance"),
      dataIndex: "balance",
      align: "right",
      render: (v: string) => <Yuan value={v} strong />,
    },
    {
      title: t("common.status"),
      dataIndex: "status",
      render: (v: CashVoucherRecord["status"]) => <StatusTag kind="voucher" status={v} />,
    },
    {
      title: t("finance.voucher.validity"),
      key: "validity",
      width: 200,
      render: (_, row) => <Validity from={row.validFrom} until={row.validUntil} />,
    },
    ...(options.operator
      ? [
          {
            title: t("finance.voucher.org"),
            ...userDataCells,
            dataIndex: "orgName",
            width: 160,
            render: (v: string | null) => dash(v),
          },
        ]
      : []),
    {
      title: t("finance.voucher.receivedAt"),
      dataIndex: "receivedAt",
      width: 180,
      render: (v: string | null) => formatDateTime(v),
    },
    ...(options.operator
      ? [
          { title: t("finance.voucher.batchNo"), dataIndex: "batchNo", width: 200 },
          {
            title: t("finance.voucher.remark"),
            ...userDataCells,
            dataIndex: "remark",
            width: 180,
            ellipsis: { showTitle: true },
            render: (v: string) => dash(v),
          },
        ]
      : []),
  ];
}
