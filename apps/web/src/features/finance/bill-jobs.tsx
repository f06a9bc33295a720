// The HPC jobs one bill charged (docs/billing/rules.md §14): one line per job and span — job id,
// user, partition, cores, GPUs, start, end, hours, what packages covered and amount. Shown under the bill's fields only
// when the bill charged jobs.
import type { HpcBillJob } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { type TableColumnsType, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../components/money-text";
import { PagedTable } from "../../components/paged-table";
import { usePagedQuery } from "../../components/use-paged-query";
import { formatDateTime } from "../../lib/format";

/** The span's hours, four decimals as everywhere else (display only: the amount is computed from whole seconds). */
const hours = (seconds: number) => (seconds / 3600).toFixed(4);

function jobColumns(t: TFunction): TableColumnsType<HpcBillJob> {
  return [
    { title: t("finance.bill.jobs.jobId"), dataIndex: "jobId", fixed: "left", width: 110 },
    { title: t("finance.bill.jobs.user"), dataIndex: "user", width: 120 },
    { title: t("finance.bill.jobs.partition"), dataIndex: "partition", width: 100 },
    { title: t("finance.bill.jobs.cpus"), dataIndex: "cpus", align: "right", width: 80 },
    { title: t("finance.bill.jobs.gpus"), dataIndex: "gpus", align: "right", width: 80 },
    { title: t("finance.bill.jobs.start"), dataIndex: "start", render: (v: string) => formatDateTime(v) },
    { title: t("finance.bill.jobs.end"), dataIndex: "end", render: (v: string) => formatDateTime(v) },
    {
      title: t("finance.bill.jobs.hours"),
      dataIndex: "seconds",
      align: "right",
      render: (v: number) => hours(v),
    },
    {
      title: t("finance.bill.jobs.package"),
      key: "package",
      align: "right",
      render: (_: unknown, row: HpcBillJob) =>
        Number(row.packageCoreHours) === 0 && Number(row.packageGpuHours) === 0
          ? "—"
          : `${row.packageCoreHours} / ${row.packageGpuHours}`,
    },
    {
      title: t("finance.bill.jobs.amount"),
      dataIndex: "amount",
      align: "right",
      render: (v: string) => <Yuan value={v} />,
    },
  ];
}

export function BillJobs({ billNo }: { billNo: string }) {
  const { t } = useTranslation();
  const list = usePagedQuery("billJobs", endpoints.hpcAccounting.billJobs, {}, { params: { billNo } });
  // Most bills charge no jobs: nothing is shown for them once the answer says so.
  if (list.query.isSuccess && list.query.data.total === 0) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="bill-jobs">
      <Typography.Title level={5}>{t("finance.bill.jobs.title")}</Typography.Title>
      <PagedTable<HpcBillJob>
        rowKey={(row) => `${row.jobId}-${row.start}`}
        list={list}
        size="small"
        scroll={{ x: 1000 }}
        columns={jobColumns(t)}
        rowTestId={(row) => `bill-job-${row.jobId}`}
      />
    </div>
  );
}
