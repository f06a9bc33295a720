// Configuration rows and proposed changes of money-control settings. Every method takes the
// caller's transaction (or the database handle when there is none).
import type { DictCategory } from "@skyledger/contracts";
import { and, asc, count, desc, eq, inArray, max, type SQL } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import {
  type ConfigChangeEntry,
  configChangeRequests,
  dictItems,
  platformMaintenance,
  policyDocuments,
  systemConfigs,
} from "./config.schema";

export type ConfigChangeRow = typeof configChangeRequests.$inferSelect;

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

export async function configChangeById(tx: Tx, id: string): Promise<ConfigChangeRow | undefined> {
  const [row] = await tx.select().from(configChangeRequests).where(eq(configChangeRequests.id, id));
  return row;
}

export async function listConfigChanges(
  tx: Tx,
  filter: { status?: ConfigChangeRow["status"]; limit: number; offset: number },
): Promise<{ rows: ConfigChangeRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(configChangeRequests.status, filter.status));
  const cond = where.length ? and(...where) : undefined;
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(configChangeRequests)
      .where(cond)
      .orderBy(desc(configChangeRequests.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    tx.select({ n: count() }).from(configChangeRequests).where(cond),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export type ConfigRow = typeof systemConfigs.$inferSelect;
export type PolicyDocumentRow = typeof policyDocuments.$inferSelect;
type PolicyKind = PolicyDocumentRow["kind"];

/** Every configuration value, by key. */
export async function allConfigValues(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ k: systemConfigs.configKey, v: systemConfigs.configValue })
    .from(systemConfigs);
  return new Map(rows.map((r) => [r.k, r.v]));
}

export function allConfigRows(tx: Tx): Promise<ConfigRow[]> {
  return tx.select().from(systemConfigs).orderBy(asc(systemConfigs.configType), asc(systemConfigs.configKey));
}

export function publicConfigRows(tx: Tx): Promise<ConfigRow[]> {
  return tx
    .select()
    .from(systemConfigs)
    .where(eq(systemConfigs.isPublic, true))
    .orderBy(asc(systemConfigs.configKey));
}

export function publicConfigRowsOfType(tx: Tx, configType: ConfigRow["configType"]): Promise<ConfigRow[]> {
  return tx
    .select()
    .from(systemConfigs)
    .where(and(eq(systemConfigs.configType, configType), eq(systemConfigs.isPublic, true)));
}

export function configRowsOf(tx: Tx, keys: string[]): Promise<ConfigRow[]> {
  return tx.select().from(systemConfigs).where(inArray(systemConfigs.configKey, keys));
}

export function dictionaryOf(tx: Tx, category: DictCategory) {
  return tx
    .select({
      code: dictItems.code,
      labelZh: dictItems.labelZh,
      labelEn: dictItems.labelEn,
      sort: dictItems.sort,
    })
    .from(dictItems)
    .where(eq(dictItems.category, category))
    .orderBy(asc(dictItems.sort));
}

export async function currentPolicyDocument(
  tx: Tx,
  kind: PolicyKind,
): Promise<PolicyDocumentRow | undefined> {
  const [doc] = await tx
    .select()
    .from(policyDocuments)
    .where(eq(policyDocuments.kind, kind))
    .orderBy(desc(policyDocuments.version))
    .limit(1);
  return doc;
}

/** The latest version of each kind of policy document. */
export function policyDocumentVersions(tx: Tx) {
  return tx
    .select({ kind: policyDocuments.kind, version: max(policyDocuments.version) })
    .from(policyDocuments)
    .groupBy(policyDocuments.kind);
}

export async function latestPolicyVersion(tx: Tx, kind: PolicyKind): Promise<number> {
  const [row] = await tx
    .select({ v: max(policyDocuments.version) })
    .from(policyDocuments)
    .where(eq(policyDocuments.kind, kind));
  return row?.v ?? 0;
}

export async function insertPolicyDocument(
  tx: Tx,
  row: typeof policyDocuments.$inferInsert,
): Promise<PolicyDocumentRow> {
  const [doc] = await tx.insert(policyDocuments).values(row).returning();
  return doc!;
}

/**
 * Seeds a configuration entry: a new key gets its default value; an existing one keeps the value
 * operators gave it, while a release may change what the entry is and who may read it.
 */
export async function seedConfigEntry(tx: Tx, row: typeof systemConfigs.$inferInsert): Promise<void> {
  await tx
    .insert(systemConfigs)
    .values(row)
    .onConflictDoUpdate({
      target: systemConfigs.configKey,
      set: { configType: row.configType, description: row.description, isPublic: row.isPublic },
    });
}

/** Seeds a dictionary item, refreshing its labels. */
export async function seedDictItem(tx: Tx, row: typeof dictItems.$inferInsert): Promise<void> {
  await tx
    .insert(dictItems)
    .values(row)
    .onConflictDoUpdate({
      target: [dictItems.category, dictItems.code],
      set: { labelZh: row.labelZh, labelEn: row.labelEn },
    });
}

/** Seeds a policy document's first version (a published one is never replaced). */
export async function seedPolicyDocument(tx: Tx, row: typeof policyDocuments.$inferInsert): Promise<void> {
  await tx.insert(policyDocuments).values(row).onConflictDoNothing();
}

export type MaintenanceRow = typeof platformMaintenance.$inferSelect;
const MAINTENANCE_ID = "platform";

/** The stored maintenance state; none until an administrator first sets one. */
export async function readMaintenance(tx: Tx): Promise<MaintenanceRow | undefined> {
  const [row] = await tx.select().from(platformMaintenance).where(eq(platformMaintenance.id, MAINTENANCE_ID));
  return row;
}

export async function writeMaintenance(tx: Tx, state: Omit<MaintenanceRow, "id">): Promise<void> {
  await tx
    .insert(platformMaintenance)
    .values({ id: MAINTENANCE_ID, ...state })
    .onConflictDoUpdate({ target: platformMaintenance.id, set: state });
}
