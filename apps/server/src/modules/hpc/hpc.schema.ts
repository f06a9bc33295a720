// HPC and AI computing on Slurm clusters: the clusters an operator registered, each tenant's pool
// on one of them (a `resources` row of kind hpcPool is the subscription; this row is what it is on
// the cluster), and the pool's members. How pools map to Slurm: docs/hpc.md.
import { HPC_BACKENDS, HPC_HOLD_REASONS, HPC_POOL_TYPES, HPC_SECRET_KINDS } from "@skyledger/contracts";
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AccountLimits } from "../../providers/hpc/hpc-cluster";
import { users } from "../iam/iam.schema";
import { resources } from "../resources/resources.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const hpcClusters = pgTable("hpc_clusters", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  backend: text("backend", { enum: HPC_BACKENDS }).notNull(),
  /** slurmrestd's base URL; `simulator` for the simulated cluster. */
  restUrl: text("rest_url").notNull(),
  /** ClusterConnection's secret: the HS256 signing key or an administrator JWT; never returned by the API. */
  secretKind: text("secret_kind", { enum: HPC_SECRET_KINDS }).notNull(),
  secret: text("secret").notNull(),
  adminUser: text("admin_user").notNull(),
  parentAccount: text("parent_account").notNull(),
  clusterName: text("cluster_name").notNull(),
  /** The SSH login host of the HPC console (host:port). */
  loginHost: text("login_host"),
  /**
   * The cluster's SSH service key pair, made by Skyledger at registration (decision 0011): the
   * terminal logs in to the login host with the private half (OpenSSH form; never returned by the
   * API), the operator installs the public half for the members' cluster users.
   */
  sshPrivateKey: text("ssh_private_key"),
  sshPublicKey: text("ssh_public_key"),
  /**
   * The login host's own SSH key, pinned (decision 0012): its SHA-256 fingerprint as `ssh-keygen
   * -lf` prints it (`SHA256:…`), recorded by the operator. No terminal or SFTP connection is made
   * while it is null, and a host showing another key is refused. Cleared when the login host changes.
   */
  sshHostKeyFingerprint: text("ssh_host_key_fingerprint"),
  sshHostKeyRecordedAt: ts("ssh_host_key_recorded_at"),
  createdBy: text("created_by"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
  disabledAt: ts("disabled_at"),
});

export const hpcPools = pgTable(
  "hpc_pools",
  {
    /** The subscription: the `resources` row (kind hpcPool) this pool is. */
    resourceId: text("resource_id")
      .primaryKey()
      .references(() => resources.id),
    clusterId: text("cluster_id")
      .notNull()
      .references(() => hpcClusters.id),
    /** The Slurm account made for it under the cluster's parent account. */
    account: text("account").notNull(),
    partition: text("partition").notNull(),
    poolType: text("pool_type", { enum: HPC_POOL_TYPES }).notNull(),
    /** The limits as last set on the cluster (the quota; a hold sets maxSubmitJobs to 0 on top). */
    limits: jsonb("limits").$type<AccountLimits>().notNull(),
    heldReason: text("held_reason", { enum: HPC_HOLD_REASONS }),
    /** A dedicated pool's reservation on the cluster (its nodes, for its account only); null for a shared pool. */
    reservation: text("reservation"),
    /** A dedicated pool's node count; null for a shared pool. */
    nodes: integer("nodes"),
    /**
     * The tenant runs this pool on prepaid core-hour (GPU-hour) packages only: when they are used
     * up, new jobs are held (`packageExhausted`) instead of going on to money.
     */
    packagesOnly: boolean("packages_only").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("hpc_pools_account").on(t.clusterId, t.account)],
);

export const hpcPoolMembers = pgTable(
  "hpc_pool_members",
  {
    poolId: text("pool_id")
      .notNull()
      .references(() => hpcPools.resourceId, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The cluster (Unix) user name the member's jobs run as. */
    clusterUser: text("cluster_user").notNull(),
    addedAt: ts("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.userId] })],
);

/**
 * One-time tickets of the browser terminal's WebSocket (a browser cannot sign an upgrade): minted
 * by a signed POST for the caller's session and pool, spent by the first upgrade showing it, and
 * kept in the database so that the socket may reach any instance.
 */
export const hpcTerminalTickets = pgTable("hpc_terminal_tickets", {
  /** sha256 of the ticket; the ticket itself is only in the browser's hands. */
  id: text("id").primaryKey(),
  sessionId: text("session_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  poolId: text("pool_id")
    .notNull()
    .references(() => hpcPools.resourceId, { onDelete: "cascade" }),
  /** The language of the caller, for the messages the socket sends. */
  locale: text("locale").notNull(),
  createdAt: ts("created_at").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});
