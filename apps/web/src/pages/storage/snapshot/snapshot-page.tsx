// /mgt/snapshot (CB0116): the snapshots of the organisation's hosts, with the host each copies, and
// roll back (the host must be shut down) and delete. Polls while one is being taken or rolled back.
import { endpoints, type ResourceRecord, type ResourceStatus } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { anyTransitional, POLL_MS } from "../../../features/services/host-state";
import { HostStatusTag } from "../../../features/services/service-tags";
import { STORAGE_LIST_KEYS, storageApi, useRefreshStorage } from "../../../features/storage/storage-api";
import { formatDateTime } from "../../../lib/format";

const DELETABLE: ReadonlySet<ResourceStatus> = new Set(["available", "error", "create_failure"]);

export function SnapshotPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshStorage();
  const [busy, setBusy] = useState<string | null>(null);
  const list = usePagedQuery(
    STORAGE_LIST_KEYS.snapshot,
    endpoints.resources.listSnapshots,
    {},
    { refetchInterval: (p) => (anyTransitional(p?.list) ? POLL_MS : false) },
  );

  const run = async (row: ResourceRecord, what: "rollback" | "delete") => {
    setBusy(`${what}-${row.id}`);
    try {
      if (what === "rollback") await storageApi.rollback(row.id);
      else await storageApi.deleteSnapshot(row.id);
      void message.success(t(`storage.snapshots.${what}Sent`, { name: row.name }));
      await refresh();
    } catch {
      // Shown by the API client (a host still running is told to stop first).
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("storage.snapshots.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("storage.snapshots.intro")}</Typography.Paragraph>
      <Card>
        <Space style={{ marginBottom: 16, width: "100%", justifyContent: "flex-end" }}>
          <Button
            type="primary"
            onClick={() => navigate("/mgt/snapshots/create")}
            data-testid="snapshots-create"
          >
            {t("storage.snapshots.create")}
          </Button>
        </Space>
        <PagedTable<ResourceRecord>
          rowKey="id"
          list={list}
          emptyText={t("storage.snapshots.empty")}
          scroll={{ x: 1000 }}
          data-testid="snapshots-table"
          rowTestId={(row) => `snapshot-row-${row.name}`}
          columns={[
            { title: t("services.fields.name"), ...userDataCells, dataIndex: "name", width: 180 },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            {
              title: t("storage.fields.sourceHost"),
              dataIndex: "attachedTo",
              width: 180,
              render: (v: string | null, row) =>
                v ? (
                  <Link
                    to={`/mgt/host/${encodeURIComponent(v)}/detail`}
                    data-testid={`snapshot-host-${row.name}`}
                  >
                    {row.attachedToName ?? v}
                  </Link>
                ) : (
                  "-"
                ),
            },
            { title: t("storage.fields.size"), dataIndex: "summary", width: 110 },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 200,
              render: (_, row) => (
                <Space size={0}>
                  <Popconfirm
                    title={t("storage.snapshots.rollbackConfirm", {
                      name: row.name,
                      host: row.attachedToName ?? "",
                    })}
                    okText={t("storage.snapshots.rollback")}
                    cancelText={t("common.cancel")}
                    okButtonProps={{ "data-testid": `snapshot-rollback-${row.name}-confirm` }}
                    onConfirm={() => run(row, "rollback")}
                    disabled={row.status !== "available"}
                  >
                    <Button
                      type="link"
                      size="small"
                      disabled={row.status !== "available"}
                      loading={busy === `rollback-${row.id}`}
                      data-testid={`snapshot-rollback-${row.name}`}
                    >
                      {t("storage.snapshots.rollback")}
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={t("storage.snapshots.deleteConfirm", { name: row.name })}
                    okText={t("storage.snapshots.delete")}
                    cancelText={t("common.cancel")}
                    okButtonProps={{ danger: true, "data-testid": `snapshot-delete-${row.name}-confirm` }}
                    onConfirm={() => run(row, "delete")}
                    disabled={!DELETABLE.has(row.status)}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={!DELETABLE.has(row.status)}
                      loading={busy === `delete-${row.id}`}
                      data-testid={`snapshot-delete-${row.name}`}
                    >
                      {t("storage.snapshots.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
