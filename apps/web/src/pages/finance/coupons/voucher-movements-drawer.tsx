import type { CashVoucherRecord } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Descriptions, Drawer, Table } from "antd";
import { useTranslation } from "react-i18next";
import { SignedYuan, Yuan } from "../../../components/money-text";
import { tableLocale } from "../../../components/table-states";
import { Reference } from "../../../features/finance/deal-columns";
import {
  fetchVoucherMovements,
  financeKeys,
  type VoucherMovement,
} from "../../../features/finance/finance-api";
import { VoucherKindTag } from "../../../features/finance/voucher-columns";
import { formatDateTime } from "../../../lib/format";

/** What a cash voucher was used for: every movement on it with the balance after. */
export function VoucherMovementsDrawer({
  voucher,
  onClose,
}: {
  voucher: CashVoucherRecord | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const movements = useQuery({
    queryKey: financeKeys.voucherMovements(voucher?.id ?? ""),
    queryFn: () => fetchVoucherMovements(voucher!.id),
    enabled: voucher !== null,
  });
  return (
    <Drawer
      open={voucher !== null}
      onClose={onClose}
      size={720}
      title={t("finance.voucher.recordsTitle", { code: voucher?.code ?? "" })}
      destroyOnHidden
    >
      {voucher && (
        <div data-testid="voucher-records-drawer">
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              {
                key: "kind",
                label: t("finance.voucher.kind"),
                children: <VoucherKindTag kind={voucher.kind} t={t} />,
              },
              {
                key: "face",
                label: t("finance.voucher.faceValue"),
                children: <Yuan value={voucher.faceValue} />,
              },
              {
                key: "balance",
                label: t("finance.voucher.balance"),
                children: <Yuan value={voucher.balance} strong />,
              },
              {
                key: "received",
                label: t("finance.voucher.receivedAt"),
                children: formatDateTime(voucher.receivedAt),
              },
            ]}
          />
          <Table<VoucherMovement>
            rowKey={(row) => `${row.time}|${row.type}|${row.referenceId}|${row.amount}|${row.balanceAfter}`}
            size="small"
            loading={movements.isFetching}
            dataSource={movements.data ?? []}
            pagination={false}
            locale={tableLocale(movements, t, t("finance.voucher.noRecords"))}
            scroll={{ x: 640 }}
            columns={[
              { title: t("finance.deals.time"), dataIndex: "time", render: (v: string) => formatDateTime(v) },
              {
                title: t("finance.deals.type"),
                dataIndex: "type",
                render: (v: string) => t(`finance.dealType.${v}`, { defaultValue: v }),
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
                render: (_, row) => <Reference type={row.referenceType} id={row.referenceId} t={t} />,
              },
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}
