// Training jobs of the AI development platform (`/mgt/modelarts`): Skyledger's record of each one
// — what was asked (the definition, and the YAML as typed), the sbatch script made of it, the pool
// and the cluster job it became, who submitted and who stopped it. The state, log and usage are the
// cluster's; the cost is the pool's rating (the job's hpc_charge_lines).
import { TRAINING_SOURCES, type TrainingDefinition } from "@skyledger/contracts";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../../iam/iam.schema";
import { hpcPools } from "../hpc.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const hpcTrainingJobs = pgTable(
  "hpc_training_jobs",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    poolId: text("pool_id")
      .notNull()
      .references(() => hpcPools.resourceId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    source: text("source", { enum: TRAINING_SOURCES }).notNull(),
    definition: jsonb("definition").$type<TrainingDefinition>().notNull(),
    yaml: text("yaml"),
    script: text("script").notNull(),
    clusterJobId: text("cluster_job_id").notNull(),
    clusterUser: text("cluster_user").notNull(),
    submittedBy: text("submitted_by")
      .notNull()
      .references(() => users.id),
    submittedAt: ts("submitted_at").notNull(),
    stoppedBy: text("stopped_by").references(() => users.id),
    stoppedAt: ts("stopped_at"),
  },
  (t) => [
    uniqueIndex("hpc_training_jobs_cluster_job").on(t.poolId, t.clusterJobId),
    index("hpc_training_jobs_org").on(t.orgId, t.submittedAt),
  ],
);
