import type { ConfigType } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, Skeleton, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { ConfigEntriesForm, OPS_CONFIGS_KEY } from "../../../features/config/config-entries-form";
import { MaintenanceTab } from "../../../features/config/maintenance-tab";
import { MoneyControlsTab } from "../../../features/config/money-controls-tab";
import { api } from "../../../lib/api-client";
import { AgreementPublish } from "./agreement-publish";

const TAB_ORDER: readonly ConfigType[] = ["system", "register", "security", "display", "mail"];

export function SysConfigPage() {
  const { t } = useTranslation();
  const configs = useQuery({ queryKey: OPS_CONFIGS_KEY, queryFn: () => api.call(endpoints.config.list) });

  const byType = (type: ConfigType) => (configs.data ?? []).filter((entry) => entry.configType === type);
  const types = TAB_ORDER.filter((type) => byType(type).length > 0);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.config.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        {configs.isPending && <Skeleton active />}
        {configs.isError && <LoadFailed onRetry={() => void configs.refetch()} t={t} />}
        {configs.data && (
          <Tabs
            items={[
              ...types.map((type) => ({
                key: type,
                label: t(`ops.config.tabs.${type}`),
                children: (
                  <ConfigEntriesForm key={configs.dataUpdatedAt} entries={byType(type)} group={type} />
                ),
              })),
              {
                key: "finance",
                label: <span data-testid="config-tab-finance">{t("ops.config.tabs.finance")}</span>,
                children: <MoneyControlsTab entries={byType("finance")} />,
              },
              { key: "agreements", label: t("ops.config.tabs.agreements"), children: <AgreementPublish /> },
              {
                key: "maintenance",
                label: <span data-testid="config-tab-maintenance">{t("ops.config.tabs.maintenance")}</span>,
                children: <MaintenanceTab />,
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
