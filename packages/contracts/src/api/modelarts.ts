// The AI development platform (`/mgt/modelarts`, CB19, issue 14 item 4): training jobs a tenant
// submits to one of its AI resource pools, from a form or a YAML definition of the same fields.
// Skyledger turns the definition into an sbatch script (docs/hpc.md, "Training jobs") and submits
// it as the submitting member's cluster user; the state, the log and the GPU-hours come from the
// cluster, the cost from the pool's hourly rating.
import { z } from "zod";
import { pageQuery } from "./common";
import { HPC_JOB_STATES, HPC_POOL_TYPES } from "./hpc";

export const TRAINING_SOURCES = ["form", "yaml"] as const;
export const AI_POOL_TYPES = [
  "aiShared",
  "aiDedicated",
] as const satisfies readonly (typeof HPC_POOL_TYPES)[number][];
/** The longest time limit a training job may ask for: seven days. */
export const TRAINING_MAX_MINUTES = 7 * 24 * 60;
/** The most memory a training job may ask for, in GB. */
export const TRAINING_MAX_MEMORY_GB = 2048;
/** The longest YAML definition accepted. */
export const TRAINING_MAX_YAML = 20_000;

const count = (min: number, max: number, message: string) =>
  z.number({ message }).int(message).min(min, message).max(max, message);

/**
 * One training job's definition; the YAML form has the same fields (docs/hpc.md). Exactly one of
 * `image` (a container image, run with Apptainer) and `environment` (an environment module, loaded
 * with `module load`).
 */
export const trainingDefinition = z
  .object({
    name: z
      .string({ message: "validation.trainingName" })
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, "validation.trainingName"),
    image: z
      .string({ message: "validation.trainingImage" })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/, "validation.trainingImage")
      .nullable()
      .default(null),
    environment: z
      .string({ message: "validation.trainingEnvironment" })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/+-]{0,127}$/, "validation.trainingEnvironment")
      .nullable()
      .default(null),
    command: z
      .string({ message: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(4000, "validation.trainingCommand"),
    gpus: count(0, 64, "validation.trainingGpus"),
    cpus: count(1, 1024, "validation.trainingCpus"),
    memoryGb: count(1, TRAINING_MAX_MEMORY_GB, "validation.trainingMemory"),
    timeLimitMinutes: count(1, TRAINING_MAX_MINUTES, "validation.trainingTime"),
    dataPath: z
      .string({ message: "validation.trainingPath" })
      .trim()
      .regex(/^\/[A-Za-z0-9_./-]{0,255}$/, "validation.trainingPath")
      .nullable()
      .default(null),
  })
  .strict()
  .refine((d) => (d.image === null) !== (d.environment === null), {
    path: ["image"],
    message: "validation.trainingImageOrEnv",
  });
export type TrainingDefinition = z.output<typeof trainingDefinition>;
export type TrainingDefinitionInput = z.input<typeof trainingDefinition>;

/** A submission: the form's fields as `definition`, or the YAML text as it was typed. */
export const trainingSubmit = z.object({
  poolId: z.string().trim().min(1, "validation.required").max(64),
  source: z.enum(TRAINING_SOURCES),
  definition: z.unknown().optional(),
  yaml: z.string().max(TRAINING_MAX_YAML, "validation.freeTextLength").optional(),
});
export type TrainingSubmit = z.input<typeof trainingSubmit>;

export const trainingParams = z.object({ id: z.string().min(1).max(64) });
export const trainingQuery = pageQuery.extend({
  poolId: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** An AI pool the caller may submit to (a member of it). */
/**
 * Whether the organisation has the AI development platform (a live `aiPlatform` subscription), and
 * the listed product that enables it (null when none is listed): without it, no training job.
 */
export const aiPlatformStatus = z.object({
  enabled: z.boolean(),
  /** The platform's subscription, while it has one (also while it is being provisioned). */
  resourceId: z.string().nullable(),
  status: z.string().nullable(),
  /** An order of it that is not finished yet (paid, approved, provisioning). */
  pendingOrderId: z.string().nullable(),
  product: z
    .object({
      id: z.string(),
      code: z.string(),
      nameZh: z.string(),
      nameEn: z.string(),
      postpaid: z.boolean(),
    })
    .nullable(),
});
export type AiPlatformStatus = z.infer<typeof aiPlatformStatus>;

export const trainingPool = z.object({
  id: z.string(),
  name: z.string(),
  poolType: z.enum(HPC_POOL_TYPES),
  clusterName: z.string(),
  simulated: z.boolean(),
  partition: z.string(),
  /** The pool's limits for all its jobs together; null is unlimited. */
  cpus: z.number().int().nullable(),
  gpus: z.number().int().nullable(),
  heldReason: z.string().nullable(),
  /** The caller's cluster user in the pool, or null when they are not a member. */
  clusterUser: z.string().nullable(),
});
export type TrainingPool = z.infer<typeof trainingPool>;

export const trainingJob = z.object({
  id: z.string(),
  name: z.string(),
  poolId: z.string(),
  poolName: z.string(),
  clusterName: z.string(),
  simulated: z.boolean(),
  partition: z.string(),
  source: z.enum(TRAINING_SOURCES),
  definition: z.object({
    name: z.string(),
    image: z.string().nullable(),
    environment: z.string().nullable(),
    command: z.string(),
    gpus: z.number().int(),
    cpus: z.number().int(),
    memoryGb: z.number().int(),
    timeLimitMinutes: z.number().int(),
    dataPath: z.string().nullable(),
  }),
  /** The job id on the cluster. */
  clusterJobId: z.string(),
  clusterUser: z.string(),
  submittedByName: z.string().nullable(),
  submittedAt: z.string(),
  /** As the cluster reports it; null when the cluster could not be asked. */
  state: z.enum(HPC_JOB_STATES).nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  elapsedSeconds: z.number().int(),
  coreHours: z.string(),
  gpuHours: z.string(),
  /** What the hourly rating has charged for the job so far (yuan), and up to when. */
  charged: z.string(),
  chargedUpTo: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  stoppedByName: z.string().nullable(),
});
export type TrainingJob = z.infer<typeof trainingJob>;

export const trainingJobDetail = trainingJob.extend({
  /** The sbatch script Skyledger made of the definition. */
  script: z.string(),
  /** The YAML as it was submitted, for a job submitted from YAML. */
  yaml: z.string().nullable(),
  /** The job's output so far, or where the cluster keeps it when Skyledger cannot read it. */
  log: z.object({
    available: z.boolean(),
    text: z.string().nullable(),
    path: z.string().nullable(),
    /** `text` is only the log's end (its last 256 KiB), read from the login host. */
    truncated: z.boolean(),
    /** Why the log could not be read from the login host (caller's language), or null. */
    unreadable: z.string().nullable(),
  }),
  clusterError: z.string().nullable(),
});
export type TrainingJobDetail = z.infer<typeof trainingJobDetail>;
