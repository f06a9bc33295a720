// Accounting of HPC pools (docs/billing/rules.md §14): how far each pool was rated, what each job
// has been charged so far (its cumulative usage and amount, so the next span is a difference of
// cumulative amounts), and the bill lines, one per job and charge, that the tenant reads.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { hpcPools } from "../hpc.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const units = (name: string) => bigint(name, { mode: "bigint" });

/** A pool's rating mark: every job-second before `ratedUntil` has been charged. Locked by each run. */
export const hpcPoolRatings = pgTable("hpc_pool_ratings", {
  poolId: text("pool_id")
    .primaryKey()
    .references(() => hpcPools.resourceId, { onDelete: "cascade" }),
  ratedUntil: ts("rated_until").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/**
 * What one job has been charged so far: up to when, its cumulative usage and amounts. The rating's
 * own state, kept only while the next run can read the job again (it runs on, or ended within the
 * overlap); what a job cost is read from its lines.
 */
export const hpcJobCharges = pgTable(
  "hpc_job_charges",
  {
    poolId: text("pool_id")
      .notNull()
      .references(() => hpcPools.resourceId, { onDelete: "cascade" }),
    jobId: text("job_id").notNull(),
    chargedUpTo: ts("charged_up_to").notNull(),
    coreSeconds: units("core_seconds").notNull(),
    gpuSeconds: units("gpu_seconds").notNull(),
    /** Of that usage, what core-hour and GPU-hour packages covered (the rest is charged). */
    packageCoreSeconds: units("package_core_seconds").notNull().default(sql`0`),
    packageGpuSeconds: units("package_gpu_seconds").notNull().default(sql`0`),
    /** Cumulative amount after the discount, and before it (the bills' original amounts). */
    amount: units("amount").notNull(),
    original: units("original").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.jobId] })],
);

/** One job's part of one bill: the span charged and its amount. The lines of a bill add up to it. */
export const hpcChargeLines = pgTable(
  "hpc_charge_lines",
  {
    id: text("id").primaryKey(),
    billNo: text("bill_no").notNull(),
    orgId: text("org_id").notNull(),
    poolId: text("pool_id").notNull(),
    jobId: text("job_id").notNull(),
    jobName: text("job_name").notNull(),
    clusterUser: text("cluster_user").notNull(),
    partition: text("partition").notNull(),
    cpus: integer("cpus").notNull(),
    gpus: integer("gpus").notNull(),
    usageStart: ts("usage_start").notNull(),
    usageEnd: ts("usage_end").notNull(),
    seconds: integer("seconds").notNull(),
    coreSeconds: units("core_seconds").notNull(),
    gpuSeconds: units("gpu_seconds").notNull(),
    /** Of the span's usage, what packages covered. */
    packageCoreSeconds: units("package_core_seconds").notNull().default(sql`0`),
    packageGpuSeconds: units("package_gpu_seconds").notNull().default(sql`0`),
    amount: units("amount").notNull(),
    original: units("original").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("hpc_charge_lines_bill").on(t.billNo, t.jobId),
    index("hpc_charge_lines_pool_job").on(t.poolId, t.jobId),
  ],
);
