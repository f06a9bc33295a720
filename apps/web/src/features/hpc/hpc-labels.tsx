// How HPC objects read on screen: pool types, hold reasons and job states in the reader's language,
// a pool's limits ("unlimited" for none), and the notice every page shows for a simulated cluster.
import type { HpcHoldReason, HpcJob, HpcJobState, HpcLimits, HpcPoolType } from "@skyledger/contracts";
import { Alert, Tag } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

export const poolTypeLabel = (type: HpcPoolType, t: TFunction) => t(`hpc.poolType.${type}`);

/** Spec §4 colours: finished well green, failed red, still moving blue, stopped grey. */
const JOB_STATE_COLORS: Record<HpcJobState, string> = {
  pending: "warning",
  running: "processing",
  completed: "success",
  failed: "error",
  cancelled: "default",
  timeout: "error",
};

export function JobStateTag({ state }: { state: HpcJobState }) {
  const { t } = useTranslation();
  return (
    <Tag color={JOB_STATE_COLORS[state]} data-status={state}>
      {t(`hpc.jobState.${state}`)}
    </Tag>
  );
}

/** Why the pool's new jobs are held, in words; nothing when it takes jobs. */
export function HeldReasonTag({ reason, testId }: { reason: HpcHoldReason | null; testId?: string }) {
  const { t } = useTranslation();
  if (!reason) return <span data-testid={testId}>-</span>;
  return (
    <Tag color={reason === "frozen" ? "error" : "warning"} data-testid={testId} data-reason={reason}>
      {t(`hpc.held.${reason}`)}
    </Tag>
  );
}

/** A count limit, or "unlimited" when the cluster sets none. */
export const limitText = (value: number | null, t: TFunction) =>
  value === null ? t("hpc.limits.unlimited") : String(value);

/** The limits a pool's Slurm account has, as label and value pairs. */
export function limitItems(limits: HpcLimits, t: TFunction) {
  return [
    { key: "cpus", label: t("hpc.limits.cpus"), children: limitText(limits.cpus, t) },
    { key: "gpus", label: t("hpc.limits.gpus"), children: limitText(limits.gpus, t) },
    { key: "runningJobs", label: t("hpc.limits.runningJobs"), children: limitText(limits.runningJobs, t) },
    {
      key: "maxSubmitJobs",
      label: t("hpc.limits.maxSubmitJobs"),
      children: limitText(limits.maxSubmitJobs, t),
    },
    {
      key: "coreHours",
      label: t("hpc.limits.coreHours"),
      // The budget is kept as CPU minutes on the cluster; people read core-hours.
      children: limits.cpuMinutes === null ? t("hpc.limits.unlimited") : formatHours(limits.cpuMinutes / 60),
    },
  ];
}

/** Hours with at most two decimals, without trailing zeros. */
export const formatHours = (hours: number | string) => {
  const n = typeof hours === "string" ? Number(hours) : hours;
  return Number.isFinite(n) ? String(Math.round(n * 100) / 100) : String(hours);
};

/** Said plainly wherever a simulated cluster's data is shown: nothing here runs on real nodes. */
export function SimulatedNotice({ testId = "hpc-simulated" }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t("hpc.simulated.title")}
      description={t("hpc.simulated.description")}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}

/** A small tag beside a simulated cluster's name. */
export function SimulatedTag() {
  const { t } = useTranslation();
  return (
    <Tag color="purple" data-testid="hpc-simulated-tag">
      {t("hpc.simulated.tag")}
    </Tag>
  );
}

/** A job's core-hours, and its GPU-hours when it has GPUs, for a table cell. */
export function JobHours({ job }: { job: HpcJob }) {
  const { t } = useTranslation();
  return (
    <span>
      {t("hpc.jobs.coreHoursValue", { value: formatHours(job.coreHours) })}
      {job.gpus > 0 && (
        <>
          <br />
          {t("hpc.jobs.gpuHoursValue", { value: formatHours(job.gpuHours) })}
        </>
      )}
    </span>
  );
}

/** The job id and name columns of a job table (the name is the user's own text). */
export const jobIdNameColumns = (t: TFunction) => [
  { title: t("hpc.jobs.id"), dataIndex: "jobId", width: 90 },
  {
    title: t("hpc.jobs.name"),
    dataIndex: "name",
    width: 150,
    ellipsis: { showTitle: true },
    render: (v: string) => <span data-user-data>{v}</span>,
  },
];
