import type { CashVoucherRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Card, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useMayAct } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { financeKeys } from "../../../features/finance/finance-api";
import { voucherColumns } from "../../../features/finance/voucher-columns";
import { RedeemVoucher } from "./redeem-voucher";
import { VoucherMovementsDrawer } from "./voucher-movements-drawer";

type Filter = "available" | "used" | "expired" | "voided";
const FILTERS: readonly Filter[] = ["available", "used", "expired", "voided"];

export function VouchersTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Filter | undefined>();
  const [viewing, setViewing] = useState<CashVoucherRecord | null>(null);
  // Redeeming needs CC0201; readers of the vouchers see the list only.
  const canRedeem = useMayAct("redeemVoucher");
  const list = usePagedQuery("cashCoupons", endpoints.finance.listCashVouchers, { status });

  const redeemed = () => {
    void list.query.refetch();
    void queryClient.invalidateQueries({ queryKey: financeKeys.account });
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      {canRedeem && <RedeemVoucher onRedeemed={redeemed} />}
      <Card title={t("finance.voucher.listTitle")}>
        <Space wrap style={{ marginBottom: 16 }}>
          <StatusFilter
            kind="voucher"
            statuses={FILTERS}
            value={status}
            onChange={list.onFilter(setStatus)}
            width={180}
            testId="vouchers-status"
          />
        </Space>
        <PagedTable<CashVoucherRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.voucher.empty")}
          scroll={{ x: 1100 }}
          data-testid="vouchers-table"
          columns={[
            ...voucherColumns(t),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setViewing(row)}
                  data-testid={`voucher-records-${row.id}`}
                >
                  {t("finance.voucher.records")}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <VoucherMovementsDrawer voucher={viewing} onClose={() => setViewing(null)} />
    </Space>
  );
}
