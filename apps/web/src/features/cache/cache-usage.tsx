// How much of its plan a cache instance's keys use, as the last sweep measured them, and whether
// its writes are paused for being over the plan; and where to connect, in one line for the list.
import type { CacheInstance } from "@skyledger/contracts";
import { Progress, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= 1024 * MB ? `${(bytes / (1024 * MB)).toFixed(1)} GB` : `${(bytes / MB).toFixed(1)} MB`;

export function CacheUsage({ cache }: { cache: CacheInstance }) {
  const { t } = useTranslation();
  const u = cache.usage;
  if (!u) return <>-</>;
  const percent = u.planBytes > 0 ? Math.min(100, Math.round((u.usedBytes / u.planBytes) * 100)) : 0;
  return (
    <Space orientation="vertical" size={4} style={{ width: "100%" }} data-testid={`dcs-usage-${cache.name}`}>
      <Typography.Text>
        {t("dcs.usage.used", { used: size(u.usedBytes), plan: size(u.planBytes) })}
      </Typography.Text>
      <Progress percent={percent} size="small" status={u.writesPaused ? "exception" : "normal"} />
      {u.writesPaused && (
        <Tag color="red" data-testid={`dcs-paused-${cache.name}`}>
          {t("dcs.usage.paused")}
        </Tag>
      )}
    </Space>
  );
}

/** The user and address, with a tag when nothing answers on it (the simulator). */
export function CacheAddress({ cache }: { cache: CacheInstance }) {
  const { t } = useTranslation();
  const c = cache.connection;
  if (!c) return <>-</>;
  return (
    <Space size={4} wrap>
      <Typography.Text copyable code data-testid={`dcs-connection-${cache.name}`}>
        {`${c.host}:${c.port}`}
      </Typography.Text>
      <Typography.Text code>{c.keyPrefix}</Typography.Text>
      {c.simulated && <Tag color="orange">{t("dcs.simulated")}</Tag>}
    </Space>
  );
}
