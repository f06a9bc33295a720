// /sys/quotas (BA08): an organisation's or one of its projects' limits. The table shows what is
// used against what applies; the form sets a limit, or clears it (the platform default for an
// organisation, the organisation's limit for a project). A limit below usage is accepted and named.
import type { QuotaOverview } from "@skyledger/contracts";
import { Alert, Card, Result, Select, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OrgSelect } from "../../../components/org-select";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { QuotaTable } from "../../../features/quotas/quota-table";
import { useOpsQuota } from "../../../features/quotas/quotas-api";
import { QuotaLimitsForm } from "./quota-limits-form";

export function OpsQuotasPage() {
  const { t } = useTranslation();
  const [orgId, setOrgId] = useState<string | undefined>();
  const [projectId, setProjectId] = useState<string | undefined>();
  const quota = useOpsQuota(orgId, projectId);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("quota.ops.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("quota.ops.intro")}</Typography.Paragraph>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <OrgSelect
            value={orgId}
            onChange={(v) => {
              setOrgId(v);
              setProjectId(undefined);
            }}
            placeholder={t("quota.ops.chooseOrg")}
            testId="quotas-org"
            style={{ minWidth: 260 }}
          />
          <Select<string>
            value={projectId ?? ""}
            onChange={(v) => setProjectId(v || undefined)}
            disabled={!quota.data}
            options={[
              { value: "", label: t("quota.scope.organisation") },
              ...(quota.data?.projects ?? []).map((p) => ({ value: p.projectId, label: p.name })),
            ]}
            style={{ minWidth: 240 }}
            aria-label={t("quota.scope.label")}
            data-testid="quotas-project"
          />
        </Space>
        {!orgId && <Result status="info" title={t("quota.ops.chooseOrgHint")} data-testid="quotas-no-org" />}
        {orgId && quota.isPending && <Skeleton active />}
        {orgId && quota.isError && <LoadFailed onRetry={() => void quota.refetch()} t={t} />}
        {orgId && quota.data && (
          <ScopeEditor key={`${orgId}:${projectId ?? ""}`} overview={quota.data} loading={quota.isFetching} />
        )}
      </Card>
    </>
  );
}

function ScopeEditor({ overview, loading }: { overview: QuotaOverview; loading: boolean }) {
  const { t } = useTranslation();
  const [overLimit, setOverLimit] = useState<string[]>([]);
  const mayAct = useMayActHere();
  const view = overview.project ?? overview.organisation;
  const scopeKey = `${overview.orgId}:${view.projectId ?? ""}`;
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      {overview.project && (
        <Alert
          type="info"
          showIcon
          title={t("quota.ops.projectHint", { name: overview.project.projectName })}
        />
      )}
      <QuotaTable view={view} loading={loading} testId="quotas-table" />
      {overLimit.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t("quota.ops.overLimit", { metrics: overLimit.join(t("quota.ops.listSeparator")) })}
          data-testid="quotas-over-limit"
        />
      )}
      {mayAct && (
        <QuotaLimitsForm
          // A fresh form for each scope and each saved state, so its initial values are the limits shown.
          key={`${scopeKey}:${view.updatedAt ?? ""}`}
          overview={overview}
          onSaved={setOverLimit}
        />
      )}
    </Space>
  );
}
