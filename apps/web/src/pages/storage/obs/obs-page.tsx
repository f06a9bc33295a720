// /mgt/obs (CB05): object storage — the organisation's buckets, and its S3 access keys for users
// holding CB0502.
import { Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useHasCode } from "../../../components/require-org";
import { ObsAccessKeys } from "../../../features/obs/obs-access-keys";
import { BucketList } from "../../../features/obs/obs-bucket-list";

export function ObsPage() {
  const { t } = useTranslation();
  const canKeys = useHasCode("CB0502");
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("obs.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("obs.intro")}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        data-testid="obs-tabs"
        items={[
          {
            key: "buckets",
            label: <span data-testid="obs-tab-buckets">{t("obs.tabs.buckets")}</span>,
            children: <BucketList />,
          },
          ...(canKeys
            ? [
                {
                  key: "keys",
                  label: <span data-testid="obs-tab-keys">{t("obs.tabs.keys")}</span>,
                  children: <ObsAccessKeys />,
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
