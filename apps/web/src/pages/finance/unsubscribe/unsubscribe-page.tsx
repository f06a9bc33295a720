// /unsubscribe (spec §2; CB1905, CB1908, CB1910, CB2001 and the basic services' CB01, CB02, CB09):
// unsubscribe management. One tab lists what the caller may unsubscribe and unsubscribes it after
// showing the refund; the other, for users who may read orders (CC01), the unsubscribe records.
// `?tab=records` opens the records.
import { Card, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useHasCode } from "../../../components/require-org";
import { RecordsTab } from "../../../features/unsubscribe/records-tab";
import { UnsubscribableTab } from "../../../features/unsubscribe/unsubscribable-tab";

type TabKey = "resources" | "records";

export function UnsubscribePage() {
  const { t } = useTranslation();
  const canSeeOrders = useHasCode("CC01");
  const [params, setParams] = useSearchParams();
  const tab: TabKey = canSeeOrders && params.get("tab") === "records" ? "records" : "resources";
  const open = (key: TabKey) => {
    const next = new URLSearchParams(params);
    if (key === "records") next.set("tab", key);
    else next.delete("tab");
    setParams(next, { replace: true });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("unsubscribe.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("unsubscribe.intro")}</Typography.Paragraph>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => open(key as TabKey)}
          destroyOnHidden
          items={[
            {
              key: "resources",
              label: <span data-testid="unsubscribe-tab-resources">{t("unsubscribe.tabs.resources")}</span>,
              children: <UnsubscribableTab />,
            },
            ...(canSeeOrders
              ? [
                  {
                    key: "records",
                    label: <span data-testid="unsubscribe-tab-records">{t("unsubscribe.tabs.records")}</span>,
                    children: <RecordsTab />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
