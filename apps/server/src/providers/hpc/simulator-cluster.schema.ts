// The simulated cluster's own state: accounts with their limits, their users, and the jobs it
// pretends to run. It lives in the database (like the simulator provider) so a restart resumes
// where it was; each row names the simulated cluster (ClusterConnection.clusterName) it is on.

import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { AccountLimits } from "./hpc-cluster";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const simHpcAccounts = pgTable(
  "sim_hpc_accounts",
  {
    cluster: text("cluster").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    limits: jsonb("limits").$type<AccountLimits>().notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.name] })],
);

export const simHpcUsers = pgTable(
  "sim_hpc_users",
  {
    cluster: text("cluster").notNull(),
    account: text("account").notNull(),
    user: text("user_name").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.account, t.user] })],
);

export const simHpcJobs = pgTable(
  "sim_hpc_jobs",
  {
    /** The job id, as Slurm numbers jobs: one sequence for every simulated cluster. */
    id: integer("id").primaryKey().generatedAlwaysAsIdentity({ startWith: 1000 }),
    cluster: text("cluster").notNull(),
    account: text("account").notNull(),
    user: text("user_name").notNull(),
    partition: text("partition").notNull(),
    name: text("name").notNull(),
    script: text("script").notNull(),
    cpus: integer("cpus").notNull(),
    gpus: integer("gpus").notNull(),
    timeLimitMinutes: integer("time_limit_minutes").notNull(),
    /** How long it runs once started: the time limit, or less when the script says `#SIM runtime=`. */
    runSeconds: integer("run_seconds").notNull(),
    /** The exit code it ends with when it runs to its end (`#SIM exit=`); non-zero means failed. */
    exitCode: integer("exit_code").notNull(),
    /** pending, running, or how it ended (JobState). */
    state: text("state").notNull(),
    /** The reservation it runs in (a dedicated pool's nodes), or null for the partition's free nodes. */
    reservation: text("reservation"),
    /** Why it waits (Slurm's reason, e.g. QOSGrpCpuLimit); null once started. */
    reason: text("reason"),
    submittedAt: ts("submitted_at").notNull(),
    startedAt: ts("started_at"),
    endedAt: ts("ended_at"),
  },
  (t) => [
    index("sim_hpc_jobs_cluster_state").on(t.cluster, t.state),
    index("sim_hpc_jobs_account").on(t.account),
  ],
);

/** Nodes of a partition set aside for one account (a dedicated pool), like Slurm's reservations. */
export const simHpcReservations = pgTable(
  "sim_hpc_reservations",
  {
    cluster: text("cluster").notNull(),
    name: text("name").notNull(),
    account: text("account").notNull(),
    partition: text("partition").notNull(),
    nodes: integer("nodes").notNull(),
    startsAt: ts("starts_at").notNull(),
    /** Null: until it is removed. */
    endsAt: ts("ends_at"),
  },
  (t) => [primaryKey({ columns: [t.cluster, t.name] })],
);
