// The product editor's fields for an HPC or AI pool product (spec kind `hpcPool`): the pool type,
// the cluster it runs on (one of the registered, enabled clusters), the partition (from that
// cluster's health) and the limits every tenant account made from it gets (capped by the tenant's
// quota when provisioned). The core-hour budget is kept on the cluster as CPU minutes. A product
// already on a cluster that was disabled since shows it marked, with why it cannot be saved so: the
// server refuses a disabled or unknown cluster (27170, 27171), and the dialog shows that refusal.
import { HPC_POOL_TYPES, type HpcPoolSpec, type HpcPoolType } from "@skyledger/contracts";
import { Alert, Col, Form, InputNumber, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { useClusterChoices } from "./hpc-api";
import { poolTypeLabel } from "./hpc-labels";

/** The form's values of an hpcPool spec: limits left empty are unlimited. */
export type HpcSpecValues = {
  poolType?: HpcPoolType;
  clusterId?: string;
  partition?: string;
  cpus?: number | null;
  gpus?: number | null;
  runningJobs?: number | null;
  maxSubmitJobs?: number | null;
  coreHourBudget?: number | null;
};

const orNull = (n: number | null | undefined) => (typeof n === "number" ? n : null);

export function hpcSpecValues(spec: HpcPoolSpec): HpcSpecValues {
  return {
    poolType: spec.poolType,
    clusterId: spec.clusterId,
    partition: spec.partition,
    cpus: spec.limits.cpus,
    gpus: spec.limits.gpus,
    runningJobs: spec.limits.runningJobs,
    maxSubmitJobs: spec.limits.maxSubmitJobs,
    coreHourBudget: spec.limits.cpuMinutes === null ? null : spec.limits.cpuMinutes / 60,
  };
}

export function hpcSpecOf(values: HpcSpecValues): HpcPoolSpec {
  const budget = orNull(values.coreHourBudget);
  return {
    kind: "hpcPool",
    poolType: values.poolType ?? "hpcShared",
    clusterId: values.clusterId ?? "",
    partition: values.partition ?? "",
    limits: {
      cpus: orNull(values.cpus),
      gpus: orNull(values.gpus),
      runningJobs: orNull(values.runningJobs),
      maxSubmitJobs: orNull(values.maxSubmitJobs),
      cpuMinutes: budget === null ? null : Math.round(budget * 60),
    },
  };
}

/** The fields, named under `name` in the surrounding form (e.g. ["hpc"]). */
export function HpcSpecFields({ name }: { name: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const clusters = useClusterChoices();
  const clusterId = Form.useWatch([name, "clusterId"], form) as string | undefined;
  const list = (clusters.data?.list ?? []).filter((c) => !c.disabledAt || c.id === clusterId);
  const cluster = list.find((c) => c.id === clusterId);
  const required = { required: true, message: t("validation.required") };
  const limit = (key: keyof HpcSpecValues, label: string, testId: string) => (
    <Col xs={24} md={8}>
      <Form.Item name={[name, key]} label={label} extra={t("hpc.spec.emptyUnlimited")}>
        <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid={testId} />
      </Form.Item>
    </Col>
  );

  return (
    <>
      <Form.Item name={[name, "poolType"]} label={t("hpc.fields.poolType")} rules={[required]}>
        <Select
          data-testid="catalog-hpc-pool-type"
          options={HPC_POOL_TYPES.map((type) => ({ value: type, label: poolTypeLabel(type, t) }))}
        />
      </Form.Item>
      <Form.Item name={[name, "clusterId"]} label={t("hpc.fields.cluster")} rules={[required]}>
        <Select
          loading={clusters.isFetching}
          notFoundContent={t("hpc.spec.noClusters")}
          onChange={() => form.setFieldValue([name, "partition"], undefined)}
          options={list.map((c) => ({
            value: c.id,
            label: (
              <>
                <UserData>{c.name}</UserData>
                {c.simulated && ` (${t("hpc.simulated.tag")})`}
                {c.disabledAt && ` (${t("hpc.clusters.disabledTag")})`}
              </>
            ),
          }))}
          data-testid="catalog-hpc-cluster"
        />
      </Form.Item>
      {cluster?.disabledAt && (
        <Alert
          type="error"
          showIcon
          title={t("hpc.spec.clusterDisabled")}
          style={{ marginBottom: 16 }}
          data-testid="catalog-hpc-cluster-disabled"
        />
      )}
      {cluster?.health.error && (
        <Alert
          type="warning"
          showIcon
          title={t("hpc.spec.clusterDown")}
          description={cluster.health.error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name={[name, "partition"]}
        label={t("hpc.fields.partition")}
        rules={[required]}
        extra={t("hpc.spec.partitionHint")}
      >
        <Select
          disabled={!cluster}
          notFoundContent={t("hpc.spec.noPartitions")}
          options={(cluster?.health.partitions ?? []).map((p) => ({
            value: p.name,
            label: t("hpc.spec.partitionOption", {
              name: p.name,
              nodes: p.nodes,
              cpus: p.cpus,
              gpus: p.gpus,
            }),
          }))}
          data-testid="catalog-hpc-partition"
        />
      </Form.Item>
      <Row gutter={12}>
        {limit("cpus", t("hpc.limits.cpus"), "catalog-hpc-cpus")}
        {limit("gpus", t("hpc.limits.gpus"), "catalog-hpc-gpus")}
        {limit("runningJobs", t("hpc.limits.runningJobs"), "catalog-hpc-running-jobs")}
        {limit("maxSubmitJobs", t("hpc.limits.maxSubmitJobs"), "catalog-hpc-max-submit")}
        {limit("coreHourBudget", t("hpc.limits.coreHours"), "catalog-hpc-core-hours")}
      </Row>
      <Alert type="info" showIcon title={t("hpc.spec.pricesHint")} style={{ marginBottom: 16 }} />
    </>
  );
}
