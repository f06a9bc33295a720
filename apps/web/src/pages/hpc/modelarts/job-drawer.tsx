// One training job: what it asked for, its state and usage, what has been charged, its log (read
// again every few seconds while it waits or runs; on a real Slurm cluster the file's path, since
// slurmrestd serves no files), the sbatch script Skyledger made, and a stop button.
import { Alert, Button, Collapse, Descriptions, Drawer, Popconfirm, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../../components/money-text";
import { formatHours, JobStateTag, SimulatedNotice } from "../../../features/hpc/hpc-labels";
import { isLive, trainingApi, useTrainingJob } from "../../../features/hpc/modelarts-api";
import { dash, formatDateTime } from "../../../lib/format";

export function JobDrawer({
  id,
  onClose,
  onStopped,
}: {
  id: string | null;
  onClose(): void;
  onStopped(): void;
}) {
  const { t } = useTranslation();
  const job = useTrainingJob(id);
  const j = job.data;

  const stop = async () => {
    if (!j) return;
    await trainingApi.stop(j.id);
    await job.refetch();
    onStopped();
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={j ? t("hpc.modelarts.jobTitle", { name: j.name }) : ""}
      data-testid="modelarts-drawer"
      extra={
        j &&
        isLive(j.state) &&
        !j.stoppedAt && (
          <Popconfirm
            title={t("hpc.modelarts.stopConfirm", { name: j.name })}
            onConfirm={stop}
            okText={t("hpc.modelarts.stop")}
            cancelText={t("common.cancel")}
          >
            <Button danger data-testid="modelarts-drawer-stop">
              {t("hpc.modelarts.stop")}
            </Button>
          </Popconfirm>
        )
      }
    >
      {!j ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          {j.simulated && <SimulatedNotice testId="modelarts-job-simulated" />}
          {j.clusterError && (
            <Alert type="error" showIcon title={t("hpc.pool.clusterError")} description={j.clusterError} />
          )}
          <Descriptions
            column={{ xs: 1, md: 2 }}
            bordered
            size="small"
            items={[
              {
                key: "state",
                label: t("common.status"),
                children: (
                  <span data-testid="modelarts-job-state" data-state={j.state ?? "unknown"}>
                    {j.state ? <JobStateTag state={j.state} /> : t("hpc.modelarts.stateUnknown")}
                  </span>
                ),
              },
              {
                key: "pool",
                label: t("hpc.modelarts.fields.pool"),
                children: <span data-user-data>{j.poolName}</span>,
              },
              { key: "jobId", label: t("hpc.modelarts.fields.clusterJobId"), children: j.clusterJobId },
              { key: "user", label: t("hpc.modelarts.fields.clusterUser"), children: j.clusterUser },
              {
                key: "runtime",
                label: j.definition.image
                  ? t("hpc.modelarts.fields.image")
                  : t("hpc.modelarts.fields.environment"),
                children: <span data-user-data>{j.definition.image ?? j.definition.environment}</span>,
              },
              {
                key: "resources",
                label: t("hpc.modelarts.fields.resources"),
                children: t("hpc.modelarts.resourcesValue", {
                  gpus: j.definition.gpus,
                  cpus: j.definition.cpus,
                  memory: j.definition.memoryGb,
                }),
              },
              {
                key: "time",
                label: t("hpc.modelarts.fields.timeLimitMinutes"),
                children: t("hpc.modelarts.minutes", { count: j.definition.timeLimitMinutes }),
              },
              {
                key: "data",
                label: t("hpc.modelarts.fields.dataPath"),
                children: dash(j.definition.dataPath),
              },
              {
                key: "submitted",
                label: t("hpc.modelarts.fields.submittedAt"),
                children: formatDateTime(j.submittedAt),
              },
              {
                key: "submitter",
                label: t("hpc.modelarts.fields.submittedBy"),
                children: dash(j.submittedByName),
              },
              {
                key: "started",
                label: t("hpc.modelarts.fields.startedAt"),
                children: formatDateTime(j.startedAt),
              },
              { key: "ended", label: t("hpc.modelarts.fields.endedAt"), children: formatDateTime(j.endedAt) },
              {
                key: "gpuHours",
                label: t("hpc.modelarts.fields.gpuHours"),
                children: <span data-testid="modelarts-job-gpu-hours">{formatHours(j.gpuHours)}</span>,
              },
              {
                key: "coreHours",
                label: t("hpc.modelarts.fields.coreHours"),
                children: formatHours(j.coreHours),
              },
              {
                key: "charged",
                label: t("hpc.modelarts.fields.charged"),
                children: (
                  <Space orientation="vertical" size={0}>
                    <Yuan value={j.charged} testId="modelarts-job-charged" />
                    <Typography.Text type="secondary">
                      {j.chargedUpTo
                        ? t("hpc.modelarts.chargedUpTo", { at: formatDateTime(j.chargedUpTo) })
                        : t("hpc.modelarts.notChargedYet")}
                    </Typography.Text>
                  </Space>
                ),
              },
              ...(j.stoppedAt
                ? [
                    {
                      key: "stopped",
                      label: t("hpc.modelarts.fields.stoppedAt"),
                      children: `${formatDateTime(j.stoppedAt)} · ${dash(j.stoppedByName)}`,
                    },
                  ]
                : []),
            ]}
          />
          <div>
            <Typography.Title level={5}>{t("hpc.modelarts.log")}</Typography.Title>
            {j.log.available && j.log.truncated && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 8 }}
                title={t("hpc.modelarts.logTruncated", { path: j.log.path ?? "" })}
                data-testid="modelarts-log-truncated"
              />
            )}
            {j.log.available ? (
              <pre
                data-testid="modelarts-log"
                style={{
                  background: "#1f1f1f",
                  color: "#e8e8e8",
                  padding: 12,
                  maxHeight: 360,
                  overflow: "auto",
                  whiteSpace: "pre-wrap",
                }}
              >
                {j.log.text || t("hpc.modelarts.logEmpty")}
              </pre>
            ) : (
              <Alert
                type={j.log.unreadable ? "warning" : "info"}
                showIcon
                title={t(j.log.unreadable ? "hpc.modelarts.logUnreadable" : "hpc.modelarts.logElsewhere")}
                description={
                  <>
                    {j.log.unreadable && <div data-testid="modelarts-log-unreadable">{j.log.unreadable}</div>}
                    {j.log.path ? (
                      <Typography.Text code copyable>
                        {j.log.path}
                      </Typography.Text>
                    ) : (
                      t("hpc.modelarts.logUnknown")
                    )}
                  </>
                }
                data-testid="modelarts-log-path"
              />
            )}
          </div>
          <Collapse
            items={[
              {
                key: "script",
                label: t("hpc.modelarts.script"),
                children: <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>{j.script}</pre>,
              },
              ...(j.yaml
                ? [
                    {
                      key: "yaml",
                      label: t("hpc.modelarts.yaml"),
                      children: <pre style={{ whiteSpace: "pre-wrap", margin: 0 }}>{j.yaml}</pre>,
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
