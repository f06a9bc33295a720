// /mgt/modelarts (CB19, the AI resource pool set): the AI development platform. A member of one of
// the organisation's AI resource pools submits a training job from a form or from YAML with the
// same fields; the list shows each job's state, GPU-hours and what the hourly rating has charged;
// a job opens in a drawer with its log (live while it runs; on a real Slurm cluster, where the log
// file is), its sbatch script, and a stop button. A simulated cluster is said to be simulated.
// Training needs the organisation's AI development platform: without it the page says so and
// offers to enable it (/mgt/modelarts/enable, the order page with the live price).
import type { AiPlatformStatus, TrainingJob } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Alert, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { useMayAct } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { formatHours, JobStateTag, SimulatedNotice, SimulatedTag } from "../../../features/hpc/hpc-labels";
import {
  isLive,
  TRAINING_LIST_KEY,
  TRAINING_POLL_MS,
  trainingApi,
  useAiPlatform,
  useTrainingPools,
} from "../../../features/hpc/modelarts-api";
import { formatDateTime } from "../../../lib/format";
import { JobDrawer } from "./job-drawer";
import { SubmitDialog } from "./submit-dialog";

export function ModelartsPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const pools = useTrainingPools();
  const platform = useAiPlatform();
  const enabled = platform.data?.enabled === true;
  const list = usePagedQuery(
    TRAINING_LIST_KEY,
    endpoints.modelarts.listJobs,
    { keyword: keyword.trim() },
    {
      refetchInterval: (page) => ((page?.list ?? []).some((j) => isLive(j.state)) ? TRAINING_POLL_MS : false),
    },
  );
  const poolList = pools.data ?? [];
  const anySimulated = poolList.some((p) => p.simulated) || list.rows.some((j) => j.simulated);

  const stop = async (job: TrainingJob) => {
    await trainingApi.stop(job.id);
    await list.query.refetch();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.modelarts.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("hpc.modelarts.intro")}</Typography.Paragraph>
      {anySimulated && <SimulatedNotice testId="modelarts-simulated" />}
      {platform.isSuccess && !enabled && <PlatformNotEnabled status={platform.data} />}
      {enabled && pools.isSuccess && poolList.length === 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("hpc.modelarts.noPool")}
          description={<Link to="/mgt/hpc">{t("hpc.modelarts.noPoolLink")}</Link>}
          data-testid="modelarts-no-pool"
        />
      )}
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Button
            type="primary"
            disabled={!enabled || poolList.length === 0}
            onClick={() => setSubmitting(true)}
            data-testid="modelarts-new"
          >
            {t("hpc.modelarts.new")}
          </Button>
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t("hpc.modelarts.keyword")}
            aria-label={t("hpc.modelarts.keyword")}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 260 }}
            data-testid="modelarts-keyword"
          />
        </Space>
        <PagedTable<TrainingJob>
          rowKey="id"
          list={list}
          emptyText={t("hpc.modelarts.empty")}
          scroll={{ x: 1200 }}
          data-testid="modelarts-jobs"
          rowTestId={(row) => `modelarts-job-${row.name}`}
          columns={[
            {
              title: t("hpc.modelarts.fields.name"),
              dataIndex: "name",
              width: 180,
              render: (v: string, j) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setOpenId(j.id)} data-user-data>
                  {v}
                </Button>
              ),
            },
            {
              title: t("hpc.modelarts.fields.pool"),
              key: "pool",
              width: 180,
              render: (_, j) => (
                <Space size={4} wrap>
                  <span data-user-data>{j.poolName}</span>
                  {j.simulated && <SimulatedTag />}
                </Space>
              ),
            },
            {
              title: t("common.status"),
              dataIndex: "state",
              width: 110,
              render: (v: TrainingJob["state"]) =>
                v ? <JobStateTag state={v} /> : <span>{t("hpc.modelarts.stateUnknown")}</span>,
            },
            { title: t("hpc.modelarts.fields.clusterJobId"), dataIndex: "clusterJobId", width: 100 },
            {
              title: t("hpc.modelarts.fields.resources"),
              key: "resources",
              width: 170,
              render: (_, j) =>
                t("hpc.modelarts.resourcesValue", {
                  gpus: j.definition.gpus,
                  cpus: j.definition.cpus,
                  memory: j.definition.memoryGb,
                }),
            },
            {
              title: t("hpc.modelarts.fields.submittedAt"),
              dataIndex: "submittedAt",
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("hpc.modelarts.fields.gpuHours"),
              dataIndex: "gpuHours",
              width: 110,
              render: (v: string) => formatHours(v),
            },
            {
              title: t("hpc.modelarts.fields.charged"),
              dataIndex: "charged",
              width: 120,
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("common.actions"),
              key: "actions",
              width: 150,
              fixed: "right",
              render: (_, j) => (
                <Space size={0}>
                  <Button
                    type="link"
                    onClick={() => setOpenId(j.id)}
                    data-testid={`modelarts-open-${j.name}`}
                  >
                    {t("hpc.modelarts.viewLog")}
                  </Button>
                  {isLive(j.state) && !j.stoppedAt && (
                    <Popconfirm
                      title={t("hpc.modelarts.stopConfirm", { name: j.name })}
                      onConfirm={() => stop(j)}
                      okText={t("hpc.modelarts.stop")}
                      cancelText={t("common.cancel")}
                    >
                      <Button type="link" danger data-testid={`modelarts-stop-${j.name}`}>
                        {t("hpc.modelarts.stop")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <SubmitDialog
        open={submitting}
        pools={poolList}
        onClose={() => setSubmitting(false)}
        onSubmitted={(id) => {
          setSubmitting(false);
          setOpenId(id);
          void list.query.refetch();
        }}
      />
      <JobDrawer id={openId} onClose={() => setOpenId(null)} onStopped={() => void list.query.refetch()} />
    </>
  );
}

/**
 * The platform is not enabled: frozen (top up or ask), being enabled (an order on its way), not
 * active otherwise (being released), or offered to enable.
 */
function PlatformNotEnabled({ status }: { status: AiPlatformStatus }) {
  const { t } = useTranslation();
  const mayOrder = useMayAct("hpcManage");
  if (status.status === "frozen")
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t("hpc.modelarts.platform.frozen")}
        data-testid="modelarts-platform-frozen"
      />
    );
  if (status.pendingOrderId || status.resourceId)
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(
          status.pendingOrderId ? "hpc.modelarts.platform.pending" : "hpc.modelarts.platform.notActive",
        )}
        data-testid="modelarts-platform-pending"
      />
    );
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t("hpc.modelarts.platform.notEnabled")}
      description={
        !status.product
          ? t("hpc.modelarts.platform.noProduct")
          : mayOrder
            ? t("hpc.modelarts.platform.offer")
            : t("hpc.modelarts.platform.noPermission")
      }
      action={
        status.product && mayOrder ? (
          <Link to="/mgt/modelarts/enable" data-testid="modelarts-platform-enable">
            <Button type="primary">{t("hpc.modelarts.platform.enable")}</Button>
          </Link>
        ) : undefined
      }
      data-testid="modelarts-platform-off"
    />
  );
}
