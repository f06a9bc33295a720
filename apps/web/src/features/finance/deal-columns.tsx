import { type DealRecord, isOpaqueId } from "@skyledger/contracts";
import { type TableColumnsType, Tag, Typography } from "antd";

import type { TFunction } from "i18next";
import { SignedYuan, Yuan } from "../../components/money-text";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { amountSign } from "../../lib/money";

const ACCOUNT_COLORS: Record<DealRecord["account"], string> = {
  cash: "blue",
  credit: "purple",
  arrears: "red",
  voucher: "gold",
};

/**
 * What a movement refers to: its kind (top-up, voucher, adjustment…) and number. A reference that is
 * an id (the organisation an arrears settlement belongs to) is no number to read: only its kind shows.
 * An hour's batched metering refers to the instant it ran: shown as a time.
 */
export function Reference({ type, id, t }: { type: string; id: string; t: TFunction }) {
  return (
    <div style={{ minWidth: 0 }}>
      <div>{t(`finance.referenceType.${type}`, { defaultValue: type })}</div>
      {type === "metering" && <Typography.Text type="secondary">{formatDateTime(id)}</Typography.Text>}
      {type !== "metering" && !isOpaqueId(id) && (
        <Typography.Text code copyable={{ text: id }} style={{ fontSize: 12, wordBreak: "break-all" }}>
          {id}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * What a movement says of itself in the reader's language: entries carry a key and parameters
 * (`finance.memo.<key>`); an operator's remark is shown as typed.
 */
export function memoText(
  row: Pick<DealRecord, "memo" | "memoKey" | "memoParams">,
  t: TFunction,
): string | null {
  if (row.memoKey) return t(`finance.memo.${row.memoKey}`, row.memoParams ?? {});
  return row.memo;
}

/** Columns of an account-details (ledger) table, shared by the tenant page and the operator drawer. */
export function dealColumns(t: TFunction): TableColumnsType<DealRecord> {
  return [
    {
      title: t("finance.deals.time"),
      dataIndex: "time",
      width: 180,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t("finance.deals.type"),
      dataIndex: "type",
      // An adjustment says which way the money went: credited, or debited.
      render: (v: string, row) =>
        v === "adjustment"
          ? t(
              amountSign(row.amount) < 0
                ? "finance.dealType.adjustmentDebit"
                : "finance.dealType.adjustmentCredit",
            )
          : t(`finance.dealType.${v}`, { defaultValue: v }),
    },
    {
      title: t("finance.deals.account"),
      dataIndex: "account",
      render: (v: DealRecord["account"]) => (
        <Tag color={ACCOUNT_COLORS[v]}>{t(`finance.deals.accounts.${v}`)}</Tag>
      ),
    },
    {
      title: t("finance.deals.amount"),
      dataIndex: "amount",
      align: "right",
      render: (v: string) => <SignedYuan value={v} />,
    },
    {
      title: t("finance.deals.balanceAfter"),
      dataIndex: "balanceAfter",
      align: "right",
      render: (v: string) => <Yuan value={v} />,
    },
    {
      title: t("finance.deals.reference"),
      key: "reference",
      width: 260,
      render: (_, row) => <Reference type={row.referenceType} id={row.referenceId} t={t} />,
    },
    {
      title: t("finance.deals.memo"),
      key: "memo",
      ellipsis: true,
      // A key's text is the console's; an operator's remark is data, shown as typed.
      render: (_, row) => (row.memoKey ? memoText(row, t) : <UserData>{dash(row.memo)}</UserData>),
    },
  ];
}
