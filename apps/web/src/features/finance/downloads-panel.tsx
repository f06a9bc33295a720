// The caller's exports with their progress (spec §4: generating, succeeded, failed). The list is
// asked again every 2 seconds while one is still generating; a finished file is fetched through
// the signed API client and saved under its name.
import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import type { DownloadTask } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Card, Progress, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../components/status-tags";
import { tableLocale } from "../../components/table-states";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { saveBlob } from "../../lib/save-blob";
import { downloadFile, fetchDownloads, financeKeys } from "./finance-api";

export const DOWNLOAD_POLL_MS = 2000;

export const anyGenerating = (tasks: readonly DownloadTask[] | undefined) =>
  (tasks ?? []).some((task) => task.status === "generating");

export function DownloadsPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const downloads = useQuery({
    queryKey: financeKeys.downloads,
    queryFn: fetchDownloads,
    refetchInterval: (query) => (anyGenerating(query.state.data) ? DOWNLOAD_POLL_MS : false),
  });

  const save = async (task: DownloadTask) => {
    setBusy(task.id);
    try {
      saveBlob(await downloadFile(task.id), task.fileName);
    } catch {
      void message.error(t("finance.downloads.failed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={t("finance.downloads.title")}
      data-testid="downloads-panel"
      extra={
        <Button
          type="text"
          icon={<ReloadOutlined />}
          onClick={() => void downloads.refetch()}
          loading={downloads.isFetching}
          aria-label={t("finance.downloads.refresh")}
        />
      }
    >
      <Table<DownloadTask>
        rowKey="id"
        size="small"
        loading={downloads.isPending}
        dataSource={downloads.data ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        locale={tableLocale(downloads, t, t("finance.downloads.empty"))}
        onRow={(task) =>
          ({ "data-testid": `download-task-${task.id}`, "data-status": task.status }) as object
        }
        columns={[
          {
            title: t("finance.downloads.fileName"),
            ...userDataCells,
            dataIndex: "fileName",
            render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
          },
          {
            title: t("common.status"),
            dataIndex: "status",
            width: 120,
            render: (v: DownloadTask["status"]) => <StatusTag kind="download" status={v} />,
          },
          {
            title: t("finance.downloads.progress"),
            key: "progress",
            width: 220,
            render: (_, task) => (
              <>
                <Progress
                  percent={task.status === "succeeded" ? 100 : task.progress}
                  status={
                    task.status === "failed"
                      ? "exception"
                      : task.status === "succeeded"
                        ? "success"
                        : "active"
                  }
                  size="small"
                  data-testid={`download-progress-${task.id}`}
                />
                {task.status === "failed" && task.error && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {task.error}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t("finance.downloads.rows"), dataIndex: "rows", width: 90, align: "right" },
          {
            title: t("common.createdAt"),
            dataIndex: "createdAt",
            width: 180,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            width: 140,
            render: (_, task) =>
              task.status === "succeeded" ? (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={busy === task.id}
                  onClick={() => void save(task)}
                  data-testid={`download-file-${task.id}`}
                >
                  {t("finance.downloads.download")}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
