// What a tenant reads of HPC accounting: the jobs a bill charged, one line per job and span
// (docs/billing/rules.md §14). Amounts are yuan with 5 decimals, hours with 2 (display only).
import { z } from "zod";

export const hpcBillJob = z.object({
  jobId: z.string(),
  jobName: z.string(),
  /** The cluster user the job ran as. */
  user: z.string(),
  partition: z.string(),
  cpus: z.number().int(),
  gpus: z.number().int(),
  /** The span this bill charged: from the job's start or the previous charge, to its end or the hour. */
  start: z.string(),
  end: z.string(),
  seconds: z.number().int(),
  coreHours: z.string(),
  gpuHours: z.string(),
  /** Of those hours, what the tenant's core-hour and GPU-hour packages covered (not charged). */
  packageCoreHours: z.string(),
  packageGpuHours: z.string(),
  amount: z.string(),
  originalAmount: z.string(),
});
export type HpcBillJob = z.infer<typeof hpcBillJob>;
