// Manual recharges under the four-eyes rule: every one with its evidence and outcome; a pending one
// is approved (the money moves then) or rejected by another operator than the one who recorded it.
import type { FourEyesStatus, ManualRechargeRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { type Decision, FourEyesActions, FourEyesDecisionDialog } from "../../../components/four-eyes";
import { Yuan } from "../../../components/money-text";
import { NameWithId } from "../../../components/name-with-id";
import { OrgSelect } from "../../../components/org-select";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { StatusFilter, StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { decideManualRecharge } from "../../../features/finance/finance-api";
import { dash, formatDateTime } from "../../../lib/format";
import { EvidenceButton } from "./evidence-button";

export const FOUR_EYES_STATUSES: readonly FourEyesStatus[] = ["pending_approval", "applied", "rejected"];

export function ManualRechargesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const mayAct = useMayActHere();
  const [status, setStatus] = useState<FourEyesStatus | undefined>("pending_approval");
  const [orgId, setOrgId] = useState<string | undefined>();
  const [deciding, setDeciding] = useState<{ row: ManualRechargeRecord; decision: Decision } | null>(null);
  const list = usePagedQuery("manualRecharges", endpoints.financeOps.listManualRecharges, {
    status,
    orgId,
  });

  const confirm = async (remark: string) => {
    if (!deciding) return;
    const record = await decideManualRecharge(deciding.row.id, deciding.decision, remark);
    void message.success(t(`finance.approvals.decided.${record.status}`));
    setDeciding(null);
    await list.query.refetch();
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <StatusFilter
          kind="adjustment"
          statuses={FOUR_EYES_STATUSES}
          value={status}
          onChange={list.onFilter(setStatus)}
          width={180}
          testId="manual-recharges-status"
        />
        <OrgSelect
          value={orgId}
          onChange={list.onFilter(setOrgId)}
          placeholder={t("finance.ops.allOrgs")}
          testId="manual-recharges-org"
        />
      </Space>
      <PagedTable<ManualRechargeRecord>
        rowKey="id"
        list={list}
        emptyText={t("finance.approvals.emptyRecharges")}
        scroll={{ x: 1400 }}
        data-testid="manual-recharges-table"
        columns={[
          { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: t("finance.ops.accounts.orgName"),
            key: "org",
            render: (_, r) => <NameWithId name={r.orgName} id={r.orgId} />,
          },
          {
            title: t("finance.ops.recharge.amount"),
            dataIndex: "amount",
            align: "right",
            render: (v: string) => <Yuan value={v} strong />,
          },
          { title: t("finance.ops.recharge.remark"), ...userDataCells, dataIndex: "remark", ellipsis: true },
          {
            title: t("finance.ops.recharge.evidence"),
            key: "evidence",
            render: (_, r) => (
              <EvidenceButton
                fileId={r.evidenceFileId}
                name={r.evidenceName}
                contentType={r.evidenceContentType}
                testId={`manual-recharge-evidence-${r.id}`}
              />
            ),
          },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (_, r) => (
              <StatusTag kind="adjustment" status={r.status} testId={`manual-recharge-status-${r.id}`} />
            ),
          },
          {
            title: t("finance.recharge.rechargeNo"),
            dataIndex: "rechargeNo",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("finance.ops.adjustments.requestedBy"),
            dataIndex: "requestedByAccount",
            render: (v: string | null, r) => <NameWithId name={v} id={r.requestedBy} />,
          },
          {
            title: t("finance.ops.adjustments.decidedBy"),
            dataIndex: "decidedByAccount",
            render: (v: string | null, r) => <NameWithId name={v} id={r.decidedBy} />,
          },
          {
            title: t("finance.ops.adjustments.decisionRemark"),
            dataIndex: "decisionRemark",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            width: 200,
            hidden: !mayAct,
            render: (_, row) => (
              <FourEyesActions
                row={row}
                userId={me.userSid}
                testIdPrefix="manual-recharge"
                onDecide={(decision) => setDeciding({ row, decision })}
              />
            ),
          },
        ]}
      />
      <FourEyesDecisionDialog
        decision={deciding?.decision ?? null}
        title={t(
          deciding?.decision === "reject"
            ? "finance.approvals.rejectRecharge"
            : "finance.approvals.approveRecharge",
        )}
        summary={
          deciding && (
            <>
              {t("finance.ops.adjustments.summary", { org: deciding.row.orgName ?? "-" })}{" "}
              <Yuan value={deciding.row.amount} strong />
              <br />
              <Typography.Text type="secondary">{deciding.row.remark}</Typography.Text>
            </>
          )
        }
        testIdPrefix="manual-recharge"
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
