// A job's output beside the job list: what it printed so far, followed every few seconds while it
// runs (on Slurm, read from the login host over SFTP: only its last 256 KB, and the drawer says
// when it is cut); or, where Skyledger could not read the file, why and the file's path.
import { Alert, Drawer, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useJobOutput } from "../../../features/hpc/console-api";
import { JobStateTag } from "../../../features/hpc/hpc-labels";

export function OutputDrawer({
  poolId,
  jobId,
  onClose,
}: {
  poolId: string;
  jobId: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const output = useJobOutput(poolId, jobId);
  const o = output.data;
  return (
    <Drawer
      open={jobId !== null}
      onClose={onClose}
      size="large"
      title={t("hpcConsole.outputTitle", { jobId: jobId ?? "" })}
      destroyOnHidden
      data-testid="hpc-console-output"
    >
      {output.isPending || !o ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: "100%" }}>
          <Space>
            <span data-testid="hpc-console-output-state" data-state={o.state}>
              <JobStateTag state={o.state} />
            </span>
            {(o.state === "pending" || o.state === "running") && (
              <Typography.Text type="secondary">{t("hpcConsole.following")}</Typography.Text>
            )}
          </Space>
          {o.available && o.truncated && (
            <Alert
              type="info"
              showIcon
              title={t("hpcConsole.outputTruncated", { path: o.path ?? "" })}
              data-testid="hpc-console-output-truncated"
            />
          )}
          {o.available ? (
            o.text ? (
              <pre
                data-user-data
                data-testid="hpc-console-output-text"
                style={{
                  background: "#111",
                  color: "#ddd",
                  padding: 12,
                  minHeight: 200,
                  whiteSpace: "pre-wrap",
                }}
              >
                {o.text}
              </pre>
            ) : (
              <Typography.Text type="secondary">{t("hpcConsole.noOutputYet")}</Typography.Text>
            )
          ) : (
            <Alert
              type={o.unreadable ? "warning" : "info"}
              showIcon
              title={t(o.unreadable ? "hpcConsole.outputUnreadable" : "hpcConsole.outputOnCluster")}
              description={
                <>
                  {o.unreadable && (
                    <>
                      <span data-testid="hpc-console-output-unreadable">{o.unreadable}</span>
                      <br />
                    </>
                  )}
                  <Typography.Text code copyable data-user-data data-testid="hpc-console-output-path">
                    {o.path}
                  </Typography.Text>
                  <br />
                  {t("hpcConsole.outputInTerminal", { path: `/hpcv1console?pool=${poolId}` })}
                </>
              }
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
