// The pool's jobs in the console: the queue (pending with Slurm's reason in words, running), read
// again every few seconds, and the jobs finished in the last 30 days with their state, exit code,
// core-hours, GPU-hours and what has been charged so far. A job is cancelled with confirmation (a
// member their own, a holder of CB1701 any) and its output opens beside the list.
import { endpoints, type HpcConsoleJob, type HpcConsolePool } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Tabs, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import {
  CONSOLE_JOBS_KEY,
  consoleApi,
  QUEUE_POLL_MS,
  useRefreshJobs,
} from "../../../features/hpc/console-api";
import { JobHours, JobStateTag, jobIdNameColumns } from "../../../features/hpc/hpc-labels";
import { formatDateTime } from "../../../lib/format";
import { OutputDrawer } from "./output-drawer";

type View = "queue" | "finished";

/** The Slurm pending reasons said in words; others are shown as Slurm writes them. */
const KNOWN_REASONS = [
  "Resources",
  "Priority",
  "QOSGrpCpuLimit",
  "QOSGrpGRES",
  "QOSMaxJobsPerAccount",
  "QOSGrpCPUMinutesLimit",
  "AssocGrpCpuLimit",
  "InvalidAccount",
  "Dependency",
  "BeginTime",
  "ReqNodeNotAvail",
  "PartitionTimeLimit",
  "None",
];

export const reasonText = (reason: string | null, t: TFunction) =>
  reason === null ? "" : KNOWN_REASONS.includes(reason) ? t(`hpcConsole.reason.${reason}`) : reason;

const elapsedText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
};

export function ConsoleJobsCard({ view }: { view: HpcConsolePool }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<View>("queue");
  const [reading, setReading] = useState<string | null>(null);
  return (
    <Card title={t("hpcConsole.jobsTitle")} data-testid="hpc-console-jobs">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as View)}
        items={(["queue", "finished"] as const).map((v) => ({
          key: v,
          label: <span data-testid={`hpc-console-tab-${v}`}>{t(`hpcConsole.tab.${v}`)}</span>,
          children: tab === v ? <JobsTable view={view} kind={v} onRead={setReading} /> : null,
        }))}
      />
      <OutputDrawer poolId={view.pool.id} jobId={reading} onClose={() => setReading(null)} />
    </Card>
  );
}

function JobsTable({
  view,
  kind,
  onRead,
}: {
  view: HpcConsolePool;
  kind: View;
  onRead(jobId: string): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [jobKeyword, setJobKeyword] = useState("");
  const refresh = useRefreshJobs();
  const list = usePagedQuery(
    CONSOLE_JOBS_KEY,
    endpoints.hpcConsole.listJobs,
    { view: kind, jobKeyword: jobKeyword.trim() },
    { params: { id: view.pool.id }, refetchInterval: () => (kind === "queue" ? QUEUE_POLL_MS : false) },
  );

  const cancel = async (job: HpcConsoleJob) => {
    await consoleApi.cancel(view.pool.id, job.jobId);
    void message.success(t("hpcConsole.cancelled", { jobId: job.jobId }));
    await refresh();
  };

  return (
    <>
      <Input.Search
        allowClear
        maxLength={64}
        placeholder={t("hpcConsole.search")}
        aria-label={t("hpcConsole.search")}
        onSearch={list.onFilter(setJobKeyword)}
        style={{ width: 280, marginBottom: 12 }}
        data-testid={`hpc-console-search-${kind}`}
      />
      <PagedTable<HpcConsoleJob>
        rowKey="jobId"
        size="small"
        list={list}
        emptyText={t(`hpcConsole.empty.${kind}`)}
        scroll={{ x: 1300 }}
        data-testid={`hpc-console-${kind}`}
        rowTestId={(j) => `hpc-console-job-${j.jobId}`}
        columns={[
          ...jobIdNameColumns(t),
          {
            title: t("hpc.jobs.user"),
            key: "user",
            width: 150,
            render: (_, j) => <span data-user-data>{j.userName ?? j.user}</span>,
          },
          {
            title: t("common.status"),
            key: "state",
            width: 170,
            render: (_, j) => (
              <Space size={4} wrap>
                <span data-testid={`hpc-console-state-${j.jobId}`} data-state={j.state}>
                  <JobStateTag state={j.state} />
                </span>
                {j.reason && (
                  <Tooltip title={j.reason}>
                    <Typography.Text type="secondary" data-testid={`hpc-console-reason-${j.jobId}`}>
                      {reasonText(j.reason, t)}
                    </Typography.Text>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          { title: t("hpc.jobs.cpus"), dataIndex: "cpus", width: 60 },
          { title: t("hpc.jobs.gpus"), dataIndex: "gpus", width: 60 },
          {
            title: t(kind === "queue" ? "hpc.jobs.submitted" : "hpc.jobs.start"),
            key: "start",
            width: 160,
            render: (_, j) => formatDateTime(kind === "queue" && !j.startedAt ? j.submittedAt : j.startedAt),
          },
          ...(kind === "finished"
            ? [
                {
                  title: t("hpc.jobs.end"),
                  dataIndex: "endedAt",
                  width: 160,
                  render: (v: string | null) => formatDateTime(v),
                },
                {
                  title: t("hpcConsole.exitCode"),
                  dataIndex: "exitCode",
                  width: 80,
                  render: (v: number | null) => (v === null ? "-" : String(v)),
                },
              ]
            : []),
          {
            title: t("hpcConsole.elapsed"),
            dataIndex: "elapsedSeconds",
            width: 90,
            render: (v: number) => elapsedText(v),
          },
          {
            title: t("hpc.jobs.hours"),
            key: "hours",
            width: 140,
            render: (_, j) => <JobHours job={j} />,
          },
          ...(kind === "finished"
            ? [
                {
                  title: t("hpcConsole.charged"),
                  key: "charged",
                  width: 120,
                  render: (_: unknown, j: HpcConsoleJob) => (
                    <span data-testid={`hpc-console-charged-${j.jobId}`}>
                      {j.charged === null ? t("hpcConsole.notChargedYet") : `¥${j.charged}`}
                    </span>
                  ),
                },
              ]
            : []),
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right" as const,
            width: 150,
            render: (_: unknown, j: HpcConsoleJob) => (
              <Space size={0}>
                {j.outputReadable && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onRead(j.jobId)}
                    data-testid={`hpc-console-output-${j.jobId}`}
                  >
                    {t("hpcConsole.output")}
                  </Button>
                )}
                {j.cancellable && (
                  <Popconfirm
                    title={t("hpcConsole.cancelConfirm", { jobId: j.jobId })}
                    description={t("hpcConsole.cancelHint")}
                    okText={t("hpcConsole.cancel")}
                    cancelText={t("common.cancel")}
                    okButtonProps={{ danger: true, "data-testid": `hpc-console-cancel-ok-${j.jobId}` }}
                    onConfirm={() => cancel(j)}
                  >
                    <Button type="link" size="small" danger data-testid={`hpc-console-cancel-${j.jobId}`}>
                      {t("hpcConsole.cancel")}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
