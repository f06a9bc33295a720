// A message-queue instance's plan (its queue and connection limits) and where to connect, in one
// line each for the list and the detail page.
import type { QueueInstance } from "@skyledger/contracts";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

export function DmsLimits({ queue }: { queue: QueueInstance }) {
  const { t } = useTranslation();
  const l = queue.limits;
  if (!l) return <>-</>;
  return (
    <span data-testid={`dms-limits-${queue.name}`}>
      {t("dms.limits", { queues: l.maxQueues, connections: l.maxConnections })}
    </span>
  );
}

/** The AMQP address and vhost, with a tag when nothing answers on it (the simulator) or it is frozen. */
export function DmsAddress({ queue }: { queue: QueueInstance }) {
  const { t } = useTranslation();
  const c = queue.connection;
  if (!c) return <>-</>;
  return (
    <Space size={4} wrap>
      <Typography.Text copyable code data-testid={`dms-connection-${queue.name}`}>
        {`amqp://${c.host}:${c.port}`}
      </Typography.Text>
      <Typography.Text code>{c.vhost}</Typography.Text>
      {c.simulated && <Tag color="orange">{t("dms.simulated")}</Tag>}
      {queue.enabled === false && <Tag color="red">{t("dms.accessOff")}</Tag>}
    </Space>
  );
}
