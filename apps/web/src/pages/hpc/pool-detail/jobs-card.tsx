// A pool's jobs as the cluster's accounting reports them, in three tabs: running, pending and
// finished (completed, failed, cancelled, timed out) — id, name, user, partition, CPUs, GPUs, start,
// end and the core-hours and GPU-hours they used (allocated × elapsed).
import type { HpcJob, HpcPoolDetail } from "@skyledger/contracts";
import { Card, Table, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { JobHours, JobStateTag, jobIdNameColumns } from "../../../features/hpc/hpc-labels";
import { formatDateTime } from "../../../lib/format";

type Tab = "running" | "pending" | "finished";

const tabOf = (job: HpcJob): Tab =>
  job.state === "running" ? "running" : job.state === "pending" ? "pending" : "finished";

export function JobsCard({ pool }: { pool: HpcPoolDetail }) {
  const { t } = useTranslation();
  const byTab: Record<Tab, HpcJob[]> = { running: [], pending: [], finished: [] };
  for (const job of pool.jobs) byTab[tabOf(job)].push(job);

  const table = (tab: Tab) => (
    <Table<HpcJob>
      rowKey="jobId"
      size="small"
      pagination={byTab[tab].length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      dataSource={byTab[tab]}
      scroll={{ x: 1100 }}
      locale={{ emptyText: t(`hpc.jobs.empty.${tab}`) }}
      data-testid={`hpc-jobs-${tab}`}
      onRow={(j) => ({ "data-testid": `hpc-job-${j.jobId}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        ...jobIdNameColumns(t),
        {
          title: t("hpc.jobs.user"),
          key: "user",
          width: 150,
          render: (_, j) => <span data-user-data>{j.userName ? `${j.userName} (${j.user})` : j.user}</span>,
        },
        {
          title: t("hpc.fields.partition"),
          dataIndex: "partition",
          width: 100,
          render: (v: string) => <span data-user-data>{v}</span>,
        },
        {
          title: t("common.status"),
          dataIndex: "state",
          width: 100,
          render: (v: HpcJob["state"]) => <JobStateTag state={v} />,
        },
        { title: t("hpc.jobs.cpus"), dataIndex: "cpus", width: 70 },
        { title: t("hpc.jobs.gpus"), dataIndex: "gpus", width: 70 },
        {
          title: t(tab === "pending" ? "hpc.jobs.submitted" : "hpc.jobs.start"),
          key: "start",
          width: 170,
          render: (_, j) => formatDateTime(tab === "pending" ? j.submittedAt : j.startedAt),
        },
        {
          title: t("hpc.jobs.end"),
          dataIndex: "endedAt",
          width: 170,
          render: (v: string | null) => formatDateTime(v),
        },
        {
          title: t("hpc.jobs.hours"),
          key: "hours",
          width: 150,
          render: (_, j) => <JobHours job={j} />,
        },
      ]}
    />
  );

  return (
    <Card title={t("hpc.jobs.title")} data-testid="hpc-pool-jobs">
      <Typography.Paragraph type="secondary">{t("hpc.jobs.intro")}</Typography.Paragraph>
      <Tabs
        items={(["running", "pending", "finished"] as const).map((tab) => ({
          key: tab,
          label: t(`hpc.jobs.tab.${tab}`, { count: byTab[tab].length }),
          children: table(tab),
        }))}
      />
    </Card>
  );
}
