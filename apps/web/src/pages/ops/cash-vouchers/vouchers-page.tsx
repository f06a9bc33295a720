// Cash vouchers (BI): issue (codes or straight to a tenant), find by batch, tenant or status, void.
import { PlusOutlined } from "@ant-design/icons";
import type { CashVoucherRecord } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OrgSelect } from "../../../features/finance/org-select";
import { tableLocale } from "../../../features/finance/table-states";
import { voucherColumns } from "../../../features/finance/voucher-columns";
import { usePagedQuery } from "../../../features/ops/use-paged-query";
import { api } from "../../../lib/api-client";
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
  const list = usePagedQuery<CashVoucherRecord>("opsVouchers", "/ops/cash_vouchers/batchQuery", {
    batchNo: batchNo.trim(),
    status,
    orgId,
  });

  const voidVoucher = async (row: CashVoucherRecord) => {
    await api.post(`/ops/cash_vouchers/${encodeURIComponent(row.id)}/void`, {});
    void message.success(t("finance.ops.vouchers.voided", { code: row.code }));
    await list.query.refetch();
  };

  const issued = (vouchers: CashVoucherRecord[]) => {
    setIssuing(false);
    const batch = vouchers[0]?.batchNo ?? "";
    setBatchNo(batch);
    list.resetPage();
    void list.query.refetch();
    modal.success({
      title: t("finance.ops.vouchers.issuedTitle", { count: vouchers.length, batchNo: batch }),
      width: 560,
      content: (
        <Typography.Paragraph
          copyable={{ text: vouchers.map((v) => v.code).join("\n") }}
          data-testid="voucher-issue-created"
        >
          {vouchers.map((v) => (
            <code key={v.id} style={{ display: "block" }} data-testid="voucher-issue-code">
              {v.code}
            </code>
          ))}
        </Typography.Paragraph>
      ),
    });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.vouchers.title")}
      </Typography.Title>
      <Card
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setIssuing(true)}
            data-testid="voucher-issue"
          >
            {t("finance.ops.vouchers.issue")}
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            key={batchNo}
            defaultValue={batchNo}
            placeholder={t("finance.ops.batchNo")}
            onSearch={(value) => {
              setBatchNo(value);
              list.resetPage();
            }}
            maxLength={64}
            style={{ width: 260 }}
            aria-label={t("finance.ops.batchNo")}
            data-testid="ops-vouchers-batch"
          />
          <Select<Status>
            allowClear
            placeholder={t("finance.allStatuses")}
            value={status}
            onChange={(value) => {
              setStatus(value);
              list.resetPage();
            }}
            options={STATUSES.map((s) => ({ value: s, label: t(`finance.status.voucher.${s}`) }))}
            style={{ width: 160 }}
            aria-label={t("common.status")}
            data-testid="ops-vouchers-status"
          />
          <OrgSelect
            value={orgId}
            onChange={(value) => {
              setOrgId(value);
              list.resetPage();
            }}
            placeholder={t("finance.ops.allOrgs")}
            testId="ops-vouchers-org"
          />
        </Space>
        <Table<CashVoucherRecord>
          rowKey="id"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          locale={tableLocale(list.query, t, t("finance.voucher.empty"))}
          scroll={{ x: 1600 }}
          data-testid="ops-vouchers-table"
          columns={[
            ...voucherColumns(t, { operator: true }),
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
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
