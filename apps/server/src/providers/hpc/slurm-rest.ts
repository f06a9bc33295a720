// One call to slurmrestd (openapi v0.0.38): JSON in and out, the caller's JWT, a time limit. Every
// failure becomes an HpcClusterError: no answer → "unreachable"; Slurm's own errors are kept with
// their codes so the caller can tell a hold (2050) from a bad request.
import { HpcClusterError } from "./hpc-cluster";

export type SlurmError = { error_code?: number; error_number?: number; error?: string; description?: string };

export type SlurmAnswer = Record<string, unknown> & { errors?: SlurmError[] };

export type SlurmRest = (
  method: "GET" | "POST" | "DELETE",
  path: string,
  options: { user: string; token: string; body?: unknown; query?: Record<string, string> },
) => Promise<{ status: number; body: SlurmAnswer }>;

/** Slurm's error numbers the cluster SPI tells apart. */
export const SLURM_ERRORS = {
  /** ESLURM_ACCOUNTING_POLICY: a submit limit, e.g. MaxSubmitJobs=0 (the hold). */
  accountingPolicy: 2050,
  invalidAccount: 2045,
  /** ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE and …PART_CONFIG_UNAVAILABLE: larger than the partition. */
  nodeConfigUnavailable: 2014,
  partitionConfigUnavailable: 2015,
  invalidPartition: 2000,
  invalidJobId: 2017,
  alreadyDone: 2021,
  /** slurmdbd: the query matched nothing. */
  nothingFound: 9003,
} as const;

export const errorCode = (e: SlurmError) => e.error_code ?? e.error_number ?? 0;
export const errorText = (e: SlurmError) => [e.error, e.description].filter(Boolean).join(": ");

export function createSlurmRest(
  baseUrl: string,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): SlurmRest {
  const base = baseUrl.replace(/\/+$/, "");
  return async (method, path, { user, token, body, query }) => {
    const url = `${base}${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method,
        headers: {
          "X-SLURM-USER-NAME": user,
          "X-SLURM-USER-TOKEN": token,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const why =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${timeoutMs} ms`
          : String(error);
      throw new HpcClusterError(`slurmrestd at ${base} is unreachable: ${why}`, "unreachable");
    }
    if (response.status === 401 || response.status === 403) {
      throw new HpcClusterError(
        `slurmrestd refused the credentials of ${user} (HTTP ${response.status}): check the signing key or token`,
        "refused",
      );
    }
    try {
      return { status: response.status, body: JSON.parse(text) as SlurmAnswer };
    } catch {
      throw new HpcClusterError(
        `slurmrestd answered ${method} ${path} with HTTP ${response.status} and no JSON: ${text.slice(0, 200)}`,
        response.status >= 500 ? "unreachable" : "refused",
      );
    }
  };
}
