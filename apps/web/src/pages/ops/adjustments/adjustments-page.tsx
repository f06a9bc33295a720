// Balance adjustments (BI): every request with its outcome; pending ones are approved or rejected
// by a second operator (the server refuses the requester's own and says so).
import type { AdjustmentRecord } from "@skyledger/contracts";
import { App, Button, Card, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../features/common/form-dialog";
import { decideAdjustment } from "../../../features/finance/finance-api";
import { SignedYuan } from "../../../features/finance/money-text";
import { OrgSelect } from "../../../features/finance/org-select";
import { StatusFilter, StatusTag } from "../../../features/finance/status-tags";
import { PagedTable } from "../../../features/ops/paged-table";
import { usePagedQuery } from "../../../features/ops/use-paged-query";
import { dash, formatDateTime } from "../../../lib/format";

type Status = AdjustmentRecord["status"];
const STATUSES: readonly Status[] = ["pending_approval", "applied", "rejected"];
type Decision = { row: AdjustmentRecord; decision: "approve" | "reject" };

export function AdjustmentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const list = usePagedQuery<AdjustmentRecord>("adjustments", "/ops/adjustments", { status, orgId });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.adjustments.title")}
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <StatusFilter
            kind="adjustment"
            statuses={STATUSES}
            value={status}
            onChange={list.onFilter(setStatus)}
            width={180}
            testId="adjustments-status"
          />
          <OrgSelect
            value={orgId}
            onChange={list.onFilter(setOrgId)}
            placeholder={t("finance.ops.allOrgs")}
            testId="adjustments-org"
          />
        </Space>
        <PagedTable<AdjustmentRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.ops.adjustments.empty")}
          scroll={{ x: 1400 }}
          data-testid="adjustments-table"
          columns={[
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("finance.ops.accounts.orgName"),
              key: "org",
              render: (_, row) => row.orgName ?? row.orgId,
            },
            {
              title: t("finance.ops.adjust.amount"),
              dataIndex: "amount",
              align: "right",
              render: (v: string) => <SignedYuan value={v} strong />,
            },
            { title: t("finance.ops.adjust.reason"), dataIndex: "reason", ellipsis: true },
            {
              title: t("common.status"),
              dataIndex: "status",
              render: (_, row) => (
                <StatusTag kind="adjustment" status={row.status} testId={`adjustment-status-${row.id}`} />
              ),
            },
            {
              title: t("finance.ops.adjustments.requestedBy"),
              dataIndex: "requestedByAccount",
              render: (v: string | null, row) => v ?? row.requestedBy,
            },
            {
              title: t("finance.ops.adjustments.decidedBy"),
              dataIndex: "decidedByAccount",
              render: (v: string | null, row) => dash(v ?? row.decidedBy),
            },
            {
              title: t("finance.ops.adjustments.decisionRemark"),
              dataIndex: "decisionRemark",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("finance.ops.adjustments.decidedAt"),
              dataIndex: "decidedAt",
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) =>
                row.status === "pending_approval" ? (
                  <Space size={0}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setDeciding({ row, decision: "approve" })}
                      data-testid={`adjustment-approve-${row.id}`}
                    >
                      {t("finance.ops.adjustments.approve")}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => setDeciding({ row, decision: "reject" })}
                      data-testid={`adjustment-reject-${row.id}`}
                    >
                      {t("finance.ops.adjustments.reject")}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Card>
      <DecisionDialog
        deciding={deciding}
        onClose={() => setDeciding(null)}
        onDone={() => {
          setDeciding(null);
          void list.query.refetch();
        }}
      />
    </>
  );
}

function DecisionDialog({
  deciding,
  onClose,
  onDone,
}: {
  deciding: Decision | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();
  const approve = deciding?.decision === "approve";

  const submit = async ({ remark }: { remark: string }) => {
    if (!deciding) return;
    const answer = await decideAdjustment(deciding.row.id, deciding.decision, (remark ?? "").trim());
    void message.success(t(`finance.ops.adjustments.decided.${answer.status}`));
    onDone();
  };

  return (
    <FormDialog
      form={form}
      open={deciding !== null}
      title={t(approve ? "finance.ops.adjustments.approveTitle" : "finance.ops.adjustments.rejectTitle")}
      okText={t(approve ? "finance.ops.adjustments.approve" : "finance.ops.adjustments.reject")}
      danger={!approve}
      submitTestId="adjustment-decide-submit"
      onSubmit={submit}
      onCancel={onClose}
      // e.g. the requester deciding their own request: the server's reason stays in the dialog.
      refusalTestId="adjustment-decide-error"
      initialValues={{ remark: "" }}
    >
      {deciding && (
        <>
          <Typography.Paragraph>
            {t("finance.ops.adjustments.summary", { org: deciding.row.orgName ?? deciding.row.orgId })}{" "}
            <SignedYuan value={deciding.row.amount} strong />
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{deciding.row.reason}</Typography.Paragraph>
          <Form.Item
            name="remark"
            label={t("finance.ops.adjustments.remark")}
            rules={[{ max: 256, message: t("validation.maxLength", { max: 256 }) }]}
          >
            <Input.TextArea
              maxLength={256}
              showCount
              autoSize={{ minRows: 2 }}
              data-testid="adjustment-remark"
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
