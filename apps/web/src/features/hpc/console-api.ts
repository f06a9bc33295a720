// Calls of the HPC job console (`/hpcconsole`): the console's view of a pool, its queue and
// finished jobs, submitting, cancelling and a job's output, with how often each is read again.
import { endpoints, type JobSubmitBody } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The queue moves on the cluster: read again this often while the console is open. */
export const QUEUE_POLL_MS = 5_000;
/** A running job's output, followed live. */
export const OUTPUT_POLL_MS = 3_000;
export const CONSOLE_JOBS_KEY = "hpcConsoleJobs";

export const consoleKeys = {
  pool: (id: string) => ["hpc", "console", "pool", id] as const,
  output: (id: string, jobId: string) => ["hpc", "console", "output", id, jobId] as const,
};

export const consoleApi = {
  submit: (id: string, body: JobSubmitBody) =>
    api.call(endpoints.hpcConsole.submitJob, { params: { id }, body }),
  cancel: (id: string, jobId: string) => api.call(endpoints.hpcConsole.cancelJob, { params: { id, jobId } }),
};

/** The caller in one pool: their cluster user, what a job may ask for, why submitting is blocked. */
export const useConsolePool = (id: string | undefined) =>
  useQuery({
    queryKey: consoleKeys.pool(id ?? ""),
    queryFn: () => api.call(endpoints.hpcConsole.consolePool, { params: { id: id! } }),
    enabled: Boolean(id),
  });

/** A job's output; followed while the job is pending or running. */
export const useJobOutput = (id: string, jobId: string | null) =>
  useQuery({
    queryKey: consoleKeys.output(id, jobId ?? ""),
    queryFn: () => api.call(endpoints.hpcConsole.jobOutput, { params: { id, jobId: jobId! } }),
    enabled: jobId !== null,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.state === "pending" || q.state.data.state === "running")
        ? OUTPUT_POLL_MS
        : false,
  });

/** After a submit or a cancel: the lists are read again at once. */
export function useRefreshJobs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["ops", CONSOLE_JOBS_KEY] });
}
