// The relational database list (`/mgt/rds`, CB04; services/managed-list.tsx): name (opens the
// database), engine, class, storage, status, where to connect, payment and expiry, and the row's
// actions. Databases on the simulator are said to be simulated.
import { endpoints, type RdsInstance } from "@skyledger/contracts";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ManagedList } from "../services/managed-list";
import { RdsActions } from "./rds-actions";
import { engineName } from "./rds-state";

/** The connection string, with a tag when nothing answers on it (the simulator). */
export function ConnectionText({ db }: { db: RdsInstance }) {
  const { t } = useTranslation();
  if (!db.connection) return <>-</>;
  return (
    <Space size={4} wrap>
      <Typography.Text copyable code data-testid={`rds-connection-${db.name}`}>
        {db.connection.connectionString}
      </Typography.Text>
      {db.connection.simulated && <Tag color="orange">{t("rds.simulated")}</Tag>}
    </Space>
  );
}

export function RdsList() {
  const { t } = useTranslation();
  return (
    <ManagedList
      ns="rds"
      endpoint={endpoints.rds.list}
      listPath="/mgt/rds"
      columns={[
        {
          title: t("rds.fields.engine"),
          dataIndex: "engine",
          width: 150,
          render: (v: RdsInstance["engine"]) => engineName(v),
        },
        {
          title: t("rds.fields.class"),
          key: "class",
          width: 140,
          render: (_, row) => (row.vcpu ? `${row.vcpu} vCPU / ${row.memoryGb} GB` : "-"),
        },
        {
          title: t("rds.fields.storage"),
          dataIndex: "storageGb",
          width: 100,
          render: (v: number | null) => (v ? `${v} GB` : "-"),
        },
      ]}
      connection={{ width: 420, render: (row) => <ConnectionText db={row} /> }}
      actions={(row) => <RdsActions db={row} compact />}
    />
  );
}
