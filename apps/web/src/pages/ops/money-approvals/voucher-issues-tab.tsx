// Cash voucher issues under the four-eyes rule: a pending issue creates no voucher until another
// operator approves it; the approver sees the codes then.
import type { FourEyesStatus, VoucherIssueRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { type Decision, FourEyesActions, FourEyesDecisionDialog } from "../../../components/four-eyes";
import { showIssuedCodes } from "../../../components/issued-codes";
import { Yuan } from "../../../components/money-text";
import { NameWithId } from "../../../components/name-with-id";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { StatusFilter, StatusTag } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { decideVoucherIssue } from "../../../features/finance/finance-api";
import { dash, formatDateTime } from "../../../lib/format";
import { FOUR_EYES_STATUSES } from "./manual-recharges-tab";

export function VoucherIssuesTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const me = useCurrentUser();
  const mayAct = useMayActHere();
  const [status, setStatus] = useState<FourEyesStatus | undefined>("pending_approval");
  const [deciding, setDeciding] = useState<{ row: VoucherIssueRecord; decision: Decision } | null>(null);
  const list = usePagedQuery("voucherIssues", endpoints.financeOps.listVoucherIssues, { status });

  const confirm = async (remark: string) => {
    if (!deciding) return;
    const { request, vouchers } = await decideVoucherIssue(deciding.row.id, deciding.decision, remark);
    setDeciding(null);
    await list.query.refetch();
    if (request.status !== "applied") {
      void message.success(t(`finance.approvals.decided.${request.status}`));
      return;
    }
    showIssuedCodes(modal, {
      title: t("finance.ops.vouchers.issuedTitle", {
        count: vouchers.length,
        batchNo: request.batchNo ?? "",
      }),
      width: 560,
      codes: vouchers.map((v) => ({ key: v.id, code: v.code })),
      testId: "voucher-issue-approved",
      codeTestId: "voucher-issue-approved-code",
    });
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
          testId="voucher-issues-status"
        />
      </Space>
      <PagedTable<VoucherIssueRecord>
        rowKey="id"
        list={list}
        emptyText={t("finance.approvals.emptyVouchers")}
        scroll={{ x: 1300 }}
        data-testid="voucher-issues-table"
        columns={[
          { title: t("common.createdAt"), dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: t("finance.ops.grantTo"),
            key: "org",
            render: (_, r) =>
              r.orgId ? <NameWithId name={r.orgName} id={r.orgId} /> : t("finance.ops.noGrant"),
          },
          {
            title: t("finance.voucher.kind"),
            dataIndex: "kind",
            render: (v: string) => t(`finance.voucher.kinds.${v}`),
          },
          {
            title: t("finance.approvals.faceTimesCount"),
            key: "face",
            align: "right",
            render: (_, r) => (
              <>
                <Yuan value={r.faceValue} /> × {r.count}
              </>
            ),
          },
          {
            title: t("finance.approvals.total"),
            dataIndex: "total",
            align: "right",
            render: (v: string) => <Yuan value={v} strong />,
          },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (_, r) => (
              <StatusTag kind="adjustment" status={r.status} testId={`voucher-issue-status-${r.id}`} />
            ),
          },
          { title: t("finance.ops.batchNo"), dataIndex: "batchNo", render: (v: string | null) => dash(v) },
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
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            width: 200,
            hidden: !mayAct,
            render: (_, row) => (
              <FourEyesActions
                row={row}
                userId={me.userSid}
                testIdPrefix="voucher-issue"
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
            ? "finance.approvals.rejectVouchers"
            : "finance.approvals.approveVouchers",
        )}
        summary={
          deciding && (
            <>
              {deciding.row.orgName ?? t("finance.ops.noGrant")}: <Yuan value={deciding.row.faceValue} /> ×{" "}
              {deciding.row.count} = <Yuan value={deciding.row.total} strong />
            </>
          )
        }
        testIdPrefix="voucher-issue"
        onConfirm={confirm}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
