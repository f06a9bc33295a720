// Configuration rows and proposed changes of money-control settings. Every method takes the
// caller's transaction (or the database handle when there is none).
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/client";
import { users } from "../iam/iam.schema";
import { type ConfigChangeEntry, configChangeRequests, systemConfigs } from "./config.schema";

export type ConfigChangeRow = typeof configChangeRequests.$inferSelect;
export type ListedConfigChange = {
  c: ConfigChangeRow;
  requestedByAccount: string | null;
  decidedByAccount: string | null;
};

const requester = alias(users, "requester");
const decider = alias(users, "decider");

/** The values of `keys` that exist, read in the caller's transaction (never through the pool's cache). */
export async function readConfigValues(tx: Tx, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ k: systemConfigs.configKey, v: systemConfigs.configValue })
    .from(systemConfigs)
    .where(inArray(systemConfigs.configKey, [...keys]));
  return new Map(rows.map((r) => [r.k, r.v]));
}

export async function writeConfigValue(
  tx: Tx,
  key: string,
  value: string,
  actorId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(systemConfigs)
    .set({ configValue: value, updatedAt: now, updatedBy: actorId })
    .where(eq(systemConfigs.configKey, key));
}

export async function insertConfigChange(
  tx: Tx,
  row: {
    id: string;
    entries: ConfigChangeEntry[];
    reason: string;
    requestedBy: string;
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(configChangeRequests).values({ ...row, status: "pending_approval" });
}

export async function configChangeForUpdate(tx: Tx, id: string): Promise<ConfigChangeRow | undefined> {
  const [row] = await tx
    .select()
    .from(configChangeRequests)
    .where(eq(configChangeRequests.id, id))
    .for("update");
  return row;
}

export async function decideConfigChange(
  tx: Tx,
  id: string,
  decision: {
    status: "applied" | "rejected";
    decidedBy: string;
    decidedAt: Date;
    decisionRemark: string;
    entries: ConfigChangeEntry[];
  },
): Promise<void> {
  await tx.update(configChangeRequests).set(decision).where(eq(configChangeRequests.id, id));
}

function listed(tx: Tx) {
  return tx
    .select({
      c: configChangeRequests,
      requestedByAccount: requester.account,
      decidedByAccount: decider.account,
    })
    .from(configChangeRequests)
    .leftJoin(requester, eq(requester.id, configChangeRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, configChangeRequests.decidedBy));
}

export async function configChangeById(tx: Tx, id: string): Promise<ListedConfigChange | undefined> {
  const [row] = await listed(tx).where(eq(configChangeRequests.id, id));
  return row;
}

export async function listConfigChanges(
  tx: Tx,
  filter: { status?: ConfigChangeRow["status"]; limit: number; offset: number },
): Promise<{ rows: ListedConfigChange[]; total: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(configChangeRequests.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    listed(tx)
      .where(cond)
      .orderBy(desc(configChangeRequests.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    tx.select({ n: count() }).from(configChangeRequests).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
