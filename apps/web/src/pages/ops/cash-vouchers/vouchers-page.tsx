// Cash vouchers (BI): issue (codes or straight to a tenant), find by batch, tenant or status, void.
import { PlusOutlined } from "@ant-design/icons";
import type { CashVoucherRecord, VoucherIssueOutcome } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showIssuedCodes } from "../../../components/issued-codes";
import { OrgSelect } from "../../../components/org-select";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { voucherColumns } from "../../../features/finance/voucher-columns";
import { api } from "../../../lib/api-client";
import { formatYuan } from "../../../lib/money";
import { VoucherIssueDialog } from "./issue-dialog";

type Status = CashVoucherRecord["status"];
const STATUSES: readonly Status[] = ["undistributed", "available", "used", "expired", "voided"];

export function CashVouchersPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [batchNo, setBatchNo] = useState("");
  const [status, setStatus] = useState<Status | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [issuing, setIssuing] = useState(false);
  const mayAct = useMayActHere();
  const list = usePagedQuery("opsVouchers", endpoints.financeOps.listCashVouchers, {
    batchNo: batchNo.trim(),
    status,
    orgId,
  });

  const voidVoucher = async (row: CashVoucherRecord) => {
    await api.call(endpoints.financeOps.voidCashVoucher, { params: { id: row.id }, body: {} });
    void message.success(t("finance.ops.vouchers.voided", { code: row.code }));
    await list.query.refetch();
  };

  const issued = ({ request, vouchers }: VoucherIssueOutcome) => {
    setIssuing(false);
    if (request.status === "pending_approval") {
      // Nothing was issued: another operator decides under Money approvals.
      void message.info(t("finance.ops.vouchers.pending", { total: formatYuan(request.total) }));
      return;
    }
    const batch = vouchers[0]?.batchNo ?? "";
    setBatchNo(batch);
    list.resetPage();
    void list.query.refetch();
    showIssuedCodes(modal, {
      title: t("finance.ops.vouchers.issuedTitle", { count: vouchers.length, batchNo: batch }),
      width: 560,
      codes: vouchers.map((v) => ({ key: v.id, code: v.code })),
      testId: "voucher-issue-created",
      codeTestId: "voucher-issue-code",
    });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.vouchers.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card
        extra={
          mayAct && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setIssuing(true)}
              data-testid="voucher-issue"
            >
              {t("finance.ops.vouchers.issue")}
            </Button>
          )
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            key={batchNo}
            defaultValue={batchNo}
            placeholder={t("finance.ops.batchNo")}
            onSearch={list.onFilter(setBatchNo)}
            maxLength={64}
            style={{ width: 260 }}
            aria-label={t("finance.ops.batchNo")}
            data-testid="ops-vouchers-batch"
          />
          <StatusFilter
            kind="voucher"
            statuses={STATUSES}
            value={status}
            onChange={list.onFilter(setStatus)}
            width={160}
            testId="ops-vouchers-status"
          />
          <OrgSelect
            value={orgId}
            onChange={list.onFilter(setOrgId)}
            placeholder={t("finance.ops.allOrgs")}
            testId="ops-vouchers-org"
          />
        </Space>
        <PagedTable<CashVoucherRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.voucher.empty")}
          scroll={{ x: 1600 }}
          data-testid="ops-vouchers-table"
          columns={[
            ...voucherColumns(t, { operator: true }),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              hidden: !mayAct,
              render: (_, row) =>
                row.status === "undistributed" || row.status === "available" ? (
                  <Popconfirm
                    title={t("finance.ops.vouchers.voidConfirm", { code: row.code })}
                    okText={t("finance.ops.void")}
                    cancelText={t("common.cancel")}
                    onConfirm={() => voidVoucher(row).catch(() => {})}
                  >
                    <Button type="link" size="small" danger data-testid={`ops-voucher-void-${row.id}`}>
                      {t("finance.ops.void")}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Card>
      <VoucherIssueDialog open={issuing} onClose={() => setIssuing(false)} onIssued={issued} />
    </>
  );
}
