// One message-queue instance (`/mgt/dms/:id/detail`, CB14): its actions, what it is (RabbitMQ, its
// plan's queue and connection limits), where to connect (host, port, user and virtual host — the
// password only in the reset's dialog, once), payment and expiry. Polls while it is changing.
import type { QueueInstance } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { DmsActions } from "./dms-actions";
import { useQueueInstance } from "./dms-api";
import { DmsLimits } from "./dms-figures";

export function DmsDetail() {
  const { id = "" } = useParams();
  return (
    <ManagedDetailFrame ns="dms" listPath="/mgt/dms" query={useQueueInstance(id)}>
      {(queue) => <Details queue={queue} />}
    </ManagedDetailFrame>
  );
}

function Details({ queue }: { queue: QueueInstance }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const c = queue.connection;
  const copy = (text: string | number, what: string) => (
    <Typography.Text code copyable data-testid={`dms-detail-${what}`}>
      {String(text)}
    </Typography.Text>
  );
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }} data-testid="dms-detail-page">
      <Card>
        <DmsActions queue={queue} onUnsubscribed={() => void navigate("/mgt/dms")} />
      </Card>
      <ManagedBasics
        ns="dms"
        resource={queue}
        figures={[
          { key: "engine", label: t("dms.fields.engine"), children: "RabbitMQ (AMQP 0-9-1)" },
          { key: "plan", label: t("dms.fields.plan"), children: <DmsLimits queue={queue} /> },
        ]}
      />
      <Card title={t("dms.connectionTitle")}>
        {c?.simulated && (
          <Alert type="info" showIcon message={t("dms.simulatedNotice")} style={{ marginBottom: 12 }} />
        )}
        {queue.enabled === false && (
          <Alert type="error" showIcon message={t("dms.accessOffNotice")} style={{ marginBottom: 12 }} />
        )}
        {c ? (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: "host", label: t("dms.fields.host"), children: copy(c.host, "host") },
              { key: "port", label: t("dms.fields.port"), children: c.port },
              { key: "vhost", label: t("dms.fields.vhost"), children: copy(c.vhost, "vhost") },
              { key: "username", label: t("dms.fields.username"), children: copy(c.username, "username") },
              { key: "password", label: t("dms.fields.password"), children: t("dms.passwordHint") },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t("dms.noConnection")}</Typography.Text>
        )}
      </Card>
    </div>
  );
}
