// Balance adjustments (BI): every request with its outcome; pending ones are approved or rejected
// by a second operator (the requester sees theirs waiting; the server refuses the requester's own).
// A new one is asked for here too, in the dialog of a tenant's account drawer. `?status=` opens the
// list filtered (the operators' overview links to the waiting ones).

import { PlusOutlined } from "@ant-design/icons";
import type { AdjustmentRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { type Decision, FourEyesActions, FourEyesDecisionDialog } from "../../../components/four-eyes";
import { SignedYuan } from "../../../components/money-text";
import { NameWithId } from "../../../components/name-with-id";
import { OrgSelect } from "../../../components/org-select";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { StatusFilter, StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { AdjustDialog } from "../../../features/finance/adjust-dialog";
import { decideAdjustment } from "../../../features/finance/finance-api";
import { dash, formatDateTime } from "../../../lib/format";

type Status = AdjustmentRecord["status"];
const STATUSES: readonly Status[] = ["pending_approval", "applied", "rejected"];

export function AdjustmentsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<Status | undefined>(() =>
    STATUSES.find((s) => s === params.get("status")),
  );
  const [creating, setCreating] = useState(false);
  const [orgId, setOrgId] = useState<string | undefined>();
  const [deciding, setDeciding] = useState<{ row: AdjustmentRecord; decision: Decision } | null>(null);
  const list = usePagedQuery("adjustments", endpoints.financeOps.listAdjustments, { status, orgId });
  const me = useCurrentUser();
  const mayAct = useMayActHere();
  const { message } = App.useApp();

  const confirm = async (remark: string) => {
    if (!deciding) return;
    const answer = await decideAdjustment(deciding.row.id, deciding.decision, remark);
    void message.success(t(`finance.ops.adjustments.decided.${answer.status}`));
    setDeciding(null);
    await list.query.refetch();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.ops.adjustments.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
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
          {mayAct && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="adjustments-new"
            >
              {t("finance.ops.adjustments.new")}
            </Button>
          )}
        </Space>
        <PagedTable<AdjustmentRecord>
          rowKey="id"
          list={list}
          emptyText={t("finance.ops.adjustments.empty")}
          scroll={{ x: 1400 }}
          data-testid="adjustments-table"
          columns={[
            {
              title: t("finance.ops.adjustments.adjustmentNo"),
              dataIndex: "adjustmentNo",
              render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("finance.ops.accounts.orgName"),
              key: "org",
              render: (_, row) => <NameWithId name={row.orgName} id={row.orgId} />,
            },
            {
              title: t("finance.ops.adjust.amount"),
              dataIndex: "amount",
              align: "right",
              render: (v: string) => <SignedYuan value={v} strong />,
            },
            { title: t("finance.ops.adjust.reason"), ...userDataCells, dataIndex: "reason", ellipsis: true },
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
              render: (v: string | null, row) => <NameWithId name={v} id={row.requestedBy} />,
            },
            {
              title: t("finance.ops.adjustments.decidedBy"),
              dataIndex: "decidedByAccount",
              render: (v: string | null, row) => <NameWithId name={v} id={row.decidedBy} />,
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
              hidden: !mayAct,
              // The requester sees their own request waiting for another operator.
              render: (_, row) => (
                <FourEyesActions
                  row={row}
                  userId={me.userSid}
                  testIdPrefix="adjustment"
                  onDecide={(decision) => setDeciding({ row, decision })}
                />
              ),
            },
          ]}
        />
      </Card>
      <AdjustDialog
        open={creating}
        onClose={() => setCreating(false)}
        onDone={() => void list.query.refetch()}
      />
      <FourEyesDecisionDialog
        decision={deciding?.decision ?? null}
        title={t(
          deciding?.decision === "reject"
            ? "finance.ops.adjustments.rejectTitle"
            : "finance.ops.adjustments.approveTitle",
        )}
        summary={
          deciding && (
            <>
              <Typography.Text type="secondary">{deciding.row.adjustmentNo}</Typography.Text>
              <br />
              {t("finance.ops.adjustments.summary", { org: deciding.row.orgName ?? "-" })}{" "}
              <SignedYuan value={deciding.row.amount} strong />
              <br />
              <Typography.Text type="secondary">{deciding.row.reason}</Typography.Text>
            </>
          )
        }
        testIdPrefix="adjustment"
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
