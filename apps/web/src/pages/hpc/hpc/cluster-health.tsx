// A cluster's health as the operator reads it: controller (slurmctld) and accounting (slurmdbd)
// reachable, its partitions, and what it said when it did not answer.
import type { ClusterHealth } from "@skyledger/contracts";
import { Space, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";

function UpTag({ up, label, testId }: { up: boolean; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={up ? "success" : "error"} data-testid={testId} data-up={up}>
      {label}: {t(up ? "hpc.health.up" : "hpc.health.down")}
    </Tag>
  );
}

/** Controller and accounting, each up or down. */
export function ServiceTags({ health, testId }: { health: ClusterHealth; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap>
      <UpTag up={health.controller} label={t("hpc.health.controller")} testId={`${testId}-controller`} />
      <UpTag up={health.accounting} label={t("hpc.health.accounting")} testId={`${testId}-accounting`} />
    </Space>
  );
}

/** The partitions by name, each with its state, nodes, CPUs and GPUs on hover. */
export function PartitionTags({ health }: { health: ClusterHealth }) {
  const { t } = useTranslation();
  if (health.partitions.length === 0) return <span>-</span>;
  return (
    <Space size={[4, 4]} wrap>
      {health.partitions.map((p) => (
        <Tooltip
          key={p.name}
          title={t("hpc.health.partitionHint", {
            state: t(`hpc.partitionState.${p.state.toLowerCase()}`, { defaultValue: p.state }),
            nodes: p.nodes,
            cpus: p.cpus,
            gpus: p.gpus,
          })}
        >
          <Tag color={p.state.toUpperCase() === "UP" ? "blue" : "default"} data-user-data>
            {p.name}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** What the cluster said when it did not answer, or nothing. */
export function HealthError({ health, testId }: { health: ClusterHealth; testId: string }) {
  if (!health.error) return <span>-</span>;
  return (
    <Typography.Text type="danger" data-testid={testId} data-user-data>
      {health.error}
    </Typography.Text>
  );
}
