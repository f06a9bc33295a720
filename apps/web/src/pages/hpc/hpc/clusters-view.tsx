// The operator's screen of /mgt/hpc (BA10): every registered Slurm cluster with its health asked of
// the cluster when the list is read (controller and accounting up, partitions, nodes, CPUs, GPUs,
// queue length, the error it gave), registering and changing one, and disabling it (no new pool is
// provisioned on it; running pools keep running). The login host's key is recorded here too
// (host-key.tsx): until it is, the terminal and job output do not connect.
import { endpoints, type HpcCluster } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Space, Switch, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useHasCode } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { CLUSTERS_LIST_KEY, hpcApi } from "../../../features/hpc/hpc-api";
import { SimulatedTag } from "../../../features/hpc/hpc-labels";
import { dash, formatDateTime } from "../../../lib/format";
import { ClusterDialog } from "./cluster-dialog";
import { HealthError, PartitionTags, ServiceTags } from "./cluster-health";
import { HostKeySection, HostKeyTag } from "./host-key";

export function ClustersView() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canManage = useHasCode("BA10");
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const [editing, setEditing] = useState<HpcCluster | "new" | null>(null);
  const list = usePagedQuery(CLUSTERS_LIST_KEY, endpoints.hpc.listClusters, {
    includeDisabled: includeDisabled ? "true" : undefined,
  });

  const disable = async (cluster: HpcCluster) => {
    await hpcApi.disableCluster(cluster.id);
    void message.success(t("hpc.clusters.disabled", { name: cluster.name }));
    await list.query.refetch();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.clusters.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("hpc.clusters.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space>
            <Switch
              checked={includeDisabled}
              onChange={list.onFilter(setIncludeDisabled)}
              data-testid="hpc-clusters-include-disabled"
            />
            <Typography.Text>{t("hpc.clusters.includeDisabled")}</Typography.Text>
          </Space>
          <Space>
            <Button onClick={() => void list.query.refetch()} data-testid="hpc-clusters-refresh">
              {t("hpc.clusters.refresh")}
            </Button>
            {canManage && (
              <Button type="primary" onClick={() => setEditing("new")} data-testid="hpc-cluster-create">
                {t("hpc.clusters.register")}
              </Button>
            )}
          </Space>
        </Space>
        <PagedTable<HpcCluster>
          rowKey="id"
          list={list}
          emptyText={t("hpc.clusters.empty")}
          scroll={{ x: 1260 }}
          data-testid="hpc-clusters-table"
          rowTestId={(row) => `hpc-cluster-row-${row.id}`}
          expandable={{
            expandedRowRender: (row) => (
              <Space orientation="vertical" size={8}>
                <ClusterConnection cluster={row} />
                <HostKeySection cluster={row} canManage={canManage} onChanged={() => list.query.refetch()} />
              </Space>
            ),
          }}
          columns={[
            {
              title: t("hpc.fields.clusterName"),
              dataIndex: "name",
              fixed: "left",
              width: 180,
              render: (v: string, row) => (
                <Space size={4} wrap>
                  <span data-user-data data-testid={`hpc-cluster-name-${row.id}`}>
                    {v}
                  </span>
                  {row.simulated && <SimulatedTag />}
                  {row.disabledAt && <Tag>{t("hpc.clusters.disabledTag")}</Tag>}
                </Space>
              ),
            },
            {
              title: t("hpc.fields.backend"),
              dataIndex: "backend",
              width: 90,
              render: (v: HpcCluster["backend"]) => t(`hpc.backend.${v}`),
            },
            {
              title: t("hpc.health.services"),
              key: "services",
              width: 150,
              render: (_, row) => <ServiceTags health={row.health} testId={`hpc-cluster-${row.id}`} />,
            },
            {
              title: t("hpc.health.partitions"),
              key: "partitions",
              width: 130,
              render: (_, row) => <PartitionTags health={row.health} />,
            },
            {
              title: t("hpc.health.nodes"),
              key: "nodes",
              width: 70,
              render: (_, row) => <span data-testid={`hpc-cluster-${row.id}-nodes`}>{row.health.nodes}</span>,
            },
            {
              title: t("hpc.health.cpus"),
              key: "cpus",
              width: 70,
              render: (_, row) => <span data-testid={`hpc-cluster-${row.id}-cpus`}>{row.health.cpus}</span>,
            },
            {
              title: t("hpc.health.gpus"),
              key: "gpus",
              width: 70,
              render: (_, row) => <span data-testid={`hpc-cluster-${row.id}-gpus`}>{row.health.gpus}</span>,
            },
            {
              title: t("hpc.health.queue"),
              key: "queue",
              width: 80,
              render: (_, row) => (
                <span data-testid={`hpc-cluster-${row.id}-queue`}>{row.health.queueLength}</span>
              ),
            },
            {
              title: t("hpc.hostKey.column"),
              key: "hostKey",
              width: 110,
              render: (_, row) => <HostKeyTag cluster={row} />,
            },
            { title: t("hpc.fields.poolCount"), dataIndex: "poolCount", width: 70 },
            {
              title: t("hpc.health.error"),
              key: "error",
              ellipsis: { showTitle: true },
              render: (_, row) => <HealthError health={row.health} testId={`hpc-cluster-${row.id}-error`} />,
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 130,
              render: (_, row) =>
                canManage ? (
                  <Space size={4}>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => setEditing(row)}
                      data-testid={`hpc-cluster-edit-${row.id}`}
                    >
                      {t("hpc.clusters.edit")}
                    </Button>
                    {!row.disabledAt && (
                      <Popconfirm
                        title={t("hpc.clusters.disableConfirm", { name: row.name })}
                        description={t("hpc.clusters.disableHint")}
                        okText={t("hpc.clusters.disable")}
                        cancelText={t("common.cancel")}
                        okButtonProps={{ danger: true, "data-testid": `hpc-cluster-disable-ok-${row.id}` }}
                        onConfirm={() => disable(row)}
                      >
                        <Button type="link" size="small" danger data-testid={`hpc-cluster-disable-${row.id}`}>
                          {t("hpc.clusters.disable")}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ) : (
                  "-"
                ),
            },
          ]}
        />
      </Card>
      <ClusterDialog
        cluster={editing}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await list.query.refetch();
        }}
      />
    </>
  );
}

/** How the cluster is reached (the secret itself is never shown back). */
function ClusterConnection({ cluster }: { cluster: HpcCluster }) {
  const { t } = useTranslation();
  // [label, value, whether the value is what the operator typed]
  const rows: [string, string, boolean][] = [
    [
      t("hpc.fields.restUrl"),
      cluster.simulated ? t("hpc.clusters.embedded") : cluster.restUrl,
      !cluster.simulated,
    ],
    [t("hpc.fields.secretKind"), t(`hpc.secretKind.${cluster.secretKind}`), false],
    [t("hpc.fields.adminUser"), cluster.adminUser, true],
    [t("hpc.fields.parentAccount"), cluster.parentAccount, true],
    [t("hpc.fields.slurmClusterName"), cluster.clusterName, true],
    [t("hpc.fields.loginHost"), dash(cluster.loginHost), true],
    [t("hpc.health.checkedAt"), formatDateTime(cluster.health.checkedAt), false],
    [t("hpc.fields.createdAt"), formatDateTime(cluster.createdAt), false],
  ];
  return (
    <Space orientation="vertical" size={2} data-testid={`hpc-cluster-connection-${cluster.id}`}>
      {rows.map(([label, value, typed]) => (
        <span key={label}>
          <Typography.Text type="secondary">{label}: </Typography.Text>
          {typed ? <span data-user-data>{value}</span> : value}
        </span>
      ))}
      {cluster.sshPublicKey && (
        <span>
          <Typography.Text type="secondary">{t("hpc.fields.sshPublicKey")}: </Typography.Text>
          <Typography.Text code copyable data-testid={`hpc-cluster-ssh-key-${cluster.id}`}>
            {cluster.sshPublicKey}
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">{t("hpc.clusters.sshPublicKeyHint")}</Typography.Text>
        </span>
      )}
    </Space>
  );
}
