// One cache instance (`/mgt/dcs/:id/detail`, CB13): its actions, what it is (Redis, its memory
// plan, the memory its keys use and whether writes are paused), where to connect (host, port, user,
// the key prefix every key must start with — the password only in the reset's dialog, once),
// payment and expiry. Polls while it is changing.
import type { CacheInstance } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { CacheActions } from "./cache-actions";
import { useCacheInstance } from "./cache-api";
import { CacheUsage } from "./cache-usage";

export function CacheDetail() {
  const { id = "" } = useParams();
  return (
    <ManagedDetailFrame ns="dcs" listPath="/mgt/dcs" query={useCacheInstance(id)}>
      {(cache) => <Details cache={cache} />}
    </ManagedDetailFrame>
  );
}

const code = (text: string, testId?: string) => (
  <Typography.Text code copyable {...(testId ? { "data-testid": testId } : {})}>
    {text}
  </Typography.Text>
);

function Details({ cache }: { cache: CacheInstance }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const c = cache.connection;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="dcs-detail-page">
      <Card>
        <CacheActions cache={cache} onUnsubscribed={() => void navigate("/mgt/dcs")} />
      </Card>
      <ManagedBasics
        ns="dcs"
        resource={cache}
        figures={[
          { key: "engine", label: t("dcs.fields.engine"), children: "Redis 7" },
          {
            key: "memory",
            label: t("dcs.fields.memory"),
            children: cache.memoryGb ? `${cache.memoryGb} GB` : "-",
          },
          { key: "used", label: t("dcs.fields.used"), children: <CacheUsage cache={cache} /> },
        ]}
      />
      <Card title={t("dcs.connectionTitle")}>
        {c?.simulated && (
          <Alert type="info" showIcon message={t("dcs.simulatedNotice")} style={{ marginBottom: 12 }} />
        )}
        {cache.usage?.writesPaused && (
          <Alert type="error" showIcon message={t("dcs.usage.pausedNotice")} style={{ marginBottom: 12 }} />
        )}
        {c ? (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: "host", label: t("dcs.fields.host"), children: code(c.host) },
              { key: "port", label: t("dcs.fields.port"), children: c.port },
              {
                key: "username",
                label: t("dcs.fields.username"),
                children: code(c.username, "dcs-detail-username"),
              },
              {
                key: "prefix",
                label: t("dcs.fields.keyPrefix"),
                children: (
                  <Space orientation="vertical" size={4}>
                    {code(c.keyPrefix, "dcs-detail-prefix")}
                    <Typography.Text type="secondary">{t("dcs.prefixHint")}</Typography.Text>
                  </Space>
                ),
              },
              { key: "password", label: t("dcs.fields.password"), children: t("dcs.passwordHint") },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t("dcs.noConnection")}</Typography.Text>
        )}
      </Card>
    </Space>
  );
}
