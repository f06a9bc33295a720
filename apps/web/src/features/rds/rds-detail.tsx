// One relational database (`/mgt/rds/:id/detail`, CB04): its actions, what it is (engine, class,
// storage), where to connect (host, port, database, user, connection string — the password only
// in the reset's dialog, once), payment and expiry. Polls while it is changing.
import type { RdsInstance } from "@skyledger/contracts";
import { Alert, Card, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { RdsActions } from "./rds-actions";
import { useDatabase } from "./rds-api";
import { ConnectionText } from "./rds-list";
import { engineName } from "./rds-state";

export function RdsDetail() {
  const { id = "" } = useParams();
  return (
    <ManagedDetailFrame ns="rds" listPath="/mgt/rds" query={useDatabase(id)}>
      {(db) => <Details db={db} />}
    </ManagedDetailFrame>
  );
}

function Details({ db }: { db: RdsInstance }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const c = db.connection;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="rds-detail-page">
      <Card>
        <RdsActions db={db} onUnsubscribed={() => void navigate("/mgt/rds")} />
      </Card>
      <ManagedBasics
        ns="rds"
        resource={db}
        figures={[
          { key: "engine", label: t("rds.fields.engine"), children: engineName(db.engine) },
          {
            key: "class",
            label: t("rds.fields.class"),
            children: db.vcpu ? `${db.vcpu} vCPU / ${db.memoryGb} GB` : "-",
          },
          {
            key: "storage",
            label: t("rds.fields.storage"),
            children: db.storageGb ? `${db.storageGb} GB` : "-",
          },
        ]}
      />
      <Card title={t("rds.connectionTitle")}>
        {c?.simulated && (
          <Alert type="info" showIcon message={t("rds.simulatedNotice")} style={{ marginBottom: 12 }} />
        )}
        {c?.loginLocked && (
          <Alert
            type="warning"
            showIcon
            message={t("rds.loginLocked")}
            style={{ marginBottom: 12 }}
            data-testid="rds-login-locked"
          />
        )}
        {c ? (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              {
                key: "host",
                label: t("rds.fields.host"),
                children: (
                  <Typography.Text code copyable>
                    {c.host}
                  </Typography.Text>
                ),
              },
              { key: "port", label: t("rds.fields.port"), children: c.port },
              {
                key: "database",
                label: t("rds.fields.database"),
                children: (
                  <Typography.Text code copyable>
                    {c.database}
                  </Typography.Text>
                ),
              },
              {
                key: "username",
                label: t("rds.fields.username"),
                children: (
                  <Typography.Text code copyable data-testid="rds-detail-username">
                    {c.username}
                  </Typography.Text>
                ),
              },
              { key: "connection", label: t("rds.fields.connection"), children: <ConnectionText db={db} /> },
              { key: "password", label: t("rds.fields.password"), children: t("rds.passwordHint") },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t("rds.noConnection")}</Typography.Text>
        )}
      </Card>
    </Space>
  );
}
