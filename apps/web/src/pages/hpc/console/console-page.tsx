// /hpcconsole (CB17): the tenant's HPC job console. Pick one of the organisation's pools (`?pool=`
// preselects it), submit a batch job from a template as one's cluster user, follow the queue
// (pending with Slurm's reason in words, running), read a job's output live, cancel with
// confirmation, and see the finished jobs with their core-hours, GPU-hours and what has been
// charged, and open the pool's terminal (/hpcv1console) when its cluster has a login host. A pool
// on the simulated cluster says so plainly.
import { endpoints, type HpcConsolePool } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Card, Descriptions, Empty, Select, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { LoadFailed } from "../../../components/table-states";
import { useConsolePool } from "../../../features/hpc/console-api";
import { SimulatedNotice, SimulatedTag } from "../../../features/hpc/hpc-labels";
import { api } from "../../../lib/api-client";
import { ConsoleJobsCard } from "./console-jobs-card";
import { SubmitCard } from "./submit-card";

export function HpcConsolePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pools = useQuery({
    queryKey: ["hpc", "console", "pools"],
    queryFn: () => api.call(endpoints.hpc.listPools, { query: { pageNum: 1, pageSize: 100 } }),
  });
  const list = pools.data?.list ?? [];
  const chosen = params.get("pool") ?? list[0]?.id;
  const pool = useConsolePool(chosen);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpcConsole.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("hpcConsole.intro")}</Typography.Paragraph>
      {pools.isPending ? (
        <Skeleton active />
      ) : pools.isError ? (
        <LoadFailed onRetry={() => void pools.refetch()} t={t} />
      ) : list.length === 0 ? (
        <Card>
          <Empty description={t("hpcConsole.noPools")} data-testid="hpc-console-no-pools">
            <Link to="/mgt/hpc">{t("hpcConsole.toPools")}</Link>
          </Empty>
        </Card>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <Space wrap>
            <Typography.Text strong>{t("hpcConsole.pool")}</Typography.Text>
            <Select<string>
              value={chosen}
              onChange={(id) => setParams({ pool: id })}
              options={list.map((p) => ({
                value: p.id,
                label: `${p.name} (${p.partition}, ${p.statusName})`,
              }))}
              style={{ minWidth: 320 }}
              aria-label={t("hpcConsole.pool")}
              data-testid="hpc-console-pool"
            />
          </Space>
          {pool.isPending ? (
            <Skeleton active />
          ) : pool.isError || !pool.data ? (
            <LoadFailed onRetry={() => void pool.refetch()} t={t} />
          ) : (
            <PoolConsole key={pool.data.pool.id} view={pool.data} />
          )}
        </Space>
      )}
    </>
  );
}

function PoolConsole({ view }: { view: HpcConsolePool }) {
  const { t } = useTranslation();
  const p = view.pool;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }} data-testid="hpc-console">
      {p.simulated && <SimulatedNotice testId="hpc-console-simulated" />}
      {view.blocked && (
        <Alert
          type="warning"
          showIcon
          title={t("hpcConsole.blocked")}
          description={view.blocked}
          data-testid="hpc-console-blocked"
        />
      )}
      <Card
        title={t("hpcConsole.poolCard")}
        extra={
          <Link to={`/mgt/hpc/${encodeURIComponent(p.id)}`} data-testid="hpc-console-pool-detail">
            {t("hpcConsole.poolDetail")}
          </Link>
        }
      >
        <Descriptions
          column={{ xs: 1, md: 3 }}
          size="small"
          items={[
            {
              key: "cluster",
              label: t("hpc.fields.cluster"),
              children: (
                <Space size={4} wrap>
                  <span data-user-data>{p.clusterName}</span>
                  {p.simulated && <SimulatedTag />}
                </Space>
              ),
            },
            {
              key: "partition",
              label: t("hpc.fields.partition"),
              children: <span data-user-data>{p.partition}</span>,
            },
            {
              key: "account",
              label: t("hpc.fields.account"),
              children: <span data-user-data>{p.account}</span>,
            },
            {
              key: "clusterUser",
              label: t("hpcConsole.clusterUser"),
              children: view.clusterUser ? (
                <Typography.Text code data-user-data data-testid="hpc-console-cluster-user">
                  {view.clusterUser}
                </Typography.Text>
              ) : (
                t("hpcConsole.notMember")
              ),
            },
            {
              key: "max",
              label: t("hpcConsole.maxPerJob"),
              children: t("hpcConsole.maxValue", {
                cpus: view.maxCpus,
                gpus: view.maxGpus,
                minutes: view.maxTimeMinutes,
              }),
            },
            {
              key: "terminal",
              label: t("hpcConsole.terminal"),
              // Opened with this pool: a shell as the caller's cluster user on the cluster's login host.
              children: p.loginHost ? (
                <Space size={8} wrap>
                  <Link
                    to={`/hpcv1console?pool=${encodeURIComponent(p.id)}`}
                    data-testid="hpc-console-terminal-open"
                  >
                    {t("hpcConsole.openTerminal")}
                  </Link>
                  <Typography.Text type="secondary" data-testid="hpc-console-terminal-note">
                    {t("hpcConsole.terminalNote")}
                  </Typography.Text>
                </Space>
              ) : (
                <span data-testid="hpc-console-terminal-none">{t("hpcConsole.noTerminal")}</span>
              ),
            },
          ]}
        />
      </Card>
      <SubmitCard view={view} />
      <ConsoleJobsCard view={view} />
    </Space>
  );
}
