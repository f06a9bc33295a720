// The HPC job console (`/hpcconsole`, issue 14 item 5): what a member of a pool submits (a batch
// script from a template, edited), the pool's queue and finished jobs with what each has been
// charged, and a job's output. The jobs are the cluster's: Skyledger keeps no copy of them.
import { z } from "zod";
import { pageQuery } from "./common";
import { hpcJob, hpcPool } from "./hpc";

/** The largest batch script accepted (bytes of UTF-8). */
export const HPC_SCRIPT_MAX_BYTES = 64 * 1024;
/** The longest time limit a console job may ask for: 7 days, in minutes. */
export const HPC_MAX_TIME_MINUTES = 7 * 24 * 60;

export const consolePoolParams = z.object({ id: z.string().min(1).max(64) });
export const consoleJobParams = z.object({
  id: z.string().min(1).max(64),
  jobId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, "validation.invalid"),
});

/** What the console knows of the caller in one pool: may they submit, and within what. */
export const hpcConsolePool = z.object({
  pool: hpcPool,
  /** The caller's cluster user in the pool, or null when they are not a member. */
  clusterUser: z.string().nullable(),
  /** The caller may cancel and read every job of the pool (CB1701), not only their own. */
  manager: z.boolean(),
  /** The most a job may ask for: the pool's limits, the tenant's quota and the partition's size. */
  maxCpus: z.number().int(),
  maxGpus: z.number().int(),
  maxTimeMinutes: z.number().int(),
  maxScriptBytes: z.number().int(),
  /** Why the caller cannot submit now (in the caller's language), or null. */
  blocked: z.string().nullable(),
});
export type HpcConsolePool = z.infer<typeof hpcConsolePool>;

export const jobSubmitBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, "validation.required")
    .max(64, "validation.generalLength")
    .regex(/^[A-Za-z0-9_.-]+$/, "validation.jobName"),
  partition: z.string().trim().min(1, "validation.required").max(64),
  cpus: z.number().int("validation.quantity").min(1, "validation.quantity").max(100_000),
  gpus: z.number().int("validation.quantity").min(0, "validation.quantity").max(10_000),
  timeLimitMinutes: z.number().int("validation.quantity").min(1, "validation.quantity").max(10_000_000),
  /** Checked by the service (empty, #!, size) so each refusal says what is wrong. */
  script: z.string().max(1024 * 1024),
});
export type JobSubmitBody = z.infer<typeof jobSubmitBody>;

export const HPC_CONSOLE_VIEWS = ["queue", "finished"] as const;
export const consoleJobQuery = pageQuery.extend({
  /** queue: pending and running; finished: ended in the last 30 days. */
  view: z.enum(HPC_CONSOLE_VIEWS).default("queue"),
  /**
   * Part of the job id, name or cluster user (any case). The jobs are the cluster's, filtered in
   * memory: the text never reaches SQL, so `%` and `_` are plain characters.
   */
  jobKeyword: z.string().trim().max(64).optional(),
});

export const hpcConsoleJob = hpcJob.extend({
  /** Why a pending job waits, as Slurm says it (e.g. QOSGrpCpuLimit), or null. */
  reason: z.string().nullable(),
  /** What has been charged for the job so far (yuan, "0.00000" before its first hourly run), or null when nothing yet. */
  charged: z.string().nullable(),
  /** The caller may cancel it (pending or running, theirs or they manage the pool). */
  cancellable: z.boolean(),
  /** The caller may read its output. */
  outputReadable: z.boolean(),
});
export type HpcConsoleJob = z.infer<typeof hpcConsoleJob>;

export const hpcJobOutput = z.object({
  jobId: z.string(),
  state: hpcJob.shape.state,
  /** true: `text` is what the job wrote so far; false: it is in the file at `path` on the cluster. */
  available: z.boolean(),
  text: z.string().nullable(),
  path: z.string().nullable(),
  /** `text` is only the end of a longer output (its last 256 KiB), read from the login host. */
  truncated: z.boolean(),
  /** Why the output file could not be read from the login host (caller's language), or null. */
  unreadable: z.string().nullable(),
});
export type HpcJobOutput = z.infer<typeof hpcJobOutput>;

export const jobSubmitted = z.object({ jobId: z.string() });
