// /mgt/quota (CG), "my quota": the organisation's limits and what its live resources use, and
// those of one project of the user's data scope. Operators set the limits (/sys/quotas).
import { Alert, Card, Select, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RequireOrg } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { QuotaTable } from "../../../features/quotas/quota-table";
import { useTenantQuota } from "../../../features/quotas/quotas-api";

export function QuotaPage() {
  return (
    <RequireOrg>
      <QuotaView />
    </RequireOrg>
  );
}

function QuotaView() {
  const { t } = useTranslation();
  const [projectId, setProjectId] = useState<string | undefined>();
  const quota = useTenantQuota(projectId);
  const data = quota.data;
  const over = data && [data.organisation, data.project].some((view) => view?.lines.some((l) => l.over));

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("quota.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("quota.intro")}</Typography.Paragraph>
      {quota.isError && !data && <LoadFailed onRetry={() => void quota.refetch()} t={t} />}
      {quota.isPending && <Skeleton active />}
      {data && (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          <Space wrap>
            <Typography.Text>{t("quota.scope.label")}</Typography.Text>
            <Select<string>
              value={projectId ?? ""}
              onChange={(v) => setProjectId(v || undefined)}
              options={[
                { value: "", label: t("quota.scope.organisation") },
                ...data.projects.map((p) => ({ value: p.projectId, label: p.name })),
              ]}
              style={{ minWidth: 240 }}
              aria-label={t("quota.scope.label")}
              data-testid="quota-project"
            />
          </Space>
          {over && <Alert type="warning" showIcon title={t("quota.overNotice")} data-testid="quota-over" />}
          <Card title={t("quota.organisationCard")}>
            <QuotaTable view={data.organisation} loading={quota.isFetching} testId="quota-org" />
          </Card>
          {data.project && (
            <Card title={t("quota.projectCard", { name: data.project.projectName })}>
              <Typography.Paragraph type="secondary">{t("quota.projectHint")}</Typography.Paragraph>
              <QuotaTable view={data.project} loading={quota.isFetching} testId="quota-project-table" />
            </Card>
          )}
        </Space>
      )}
    </>
  );
}
