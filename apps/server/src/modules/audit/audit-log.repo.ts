import { and, count, desc, eq, gte, ilike, like, lte, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLogs } from "../../platform/audit/audit.schema";
import type { Tx } from "../../platform/db/client";
import { containsPattern, startsWithPattern } from "../../platform/db/like";
import { organizations, users } from "../iam/iam.schema";

export type AuditFilter = {
  /** null: every organisation (operators); a tenant always passes its own. */
  orgId: string | null;
  action?: string;
  actor?: string;
  target?: string;
  from?: Date;
  to?: Date;
};

const actor = alias(users, "actor");
const targetUser = alias(users, "target_user");

function conditions(f: AuditFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.orgId) where.push(eq(auditLogs.orgId, f.orgId));
  // An action or its category: "login" matches "login" and "login.failed", never "loginX".
  if (f.action)
    where.push(or(eq(auditLogs.action, f.action), like(auditLogs.action, startsWithPattern(`${f.action}.`))));
  if (f.actor) where.push(ilike(actor.account, containsPattern(f.actor)));
  if (f.target)
    where.push(
      or(
        ilike(auditLogs.target, containsPattern(f.target)),
        ilike(targetUser.account, containsPattern(f.target)),
      ),
    );
  if (f.from) where.push(gte(auditLogs.at, f.from));
  if (f.to) where.push(lte(auditLogs.at, f.to));
  return where.length ? and(...where) : undefined;
}

/** Newest first, with the actor, the organisation and a target that is a user resolved to names. */
export function auditRows(tx: Tx, f: AuditFilter, limit: number, offset: number) {
  return tx
    .select({
      log: auditLogs,
      actorAccount: actor.account,
      actorName: actor.realName,
      orgName: organizations.name,
      targetAccount: targetUser.account,
    })
    .from(auditLogs)
    .leftJoin(actor, eq(actor.id, auditLogs.actorId))
    .leftJoin(targetUser, eq(targetUser.id, auditLogs.target))
    .leftJoin(organizations, eq(organizations.id, auditLogs.orgId))
    .where(conditions(f))
    .orderBy(desc(auditLogs.at), desc(auditLogs.id))
    .limit(limit)
    .offset(offset);
}

export function auditCount(tx: Tx, f: AuditFilter) {
  let query = tx.select({ n: count() }).from(auditLogs).$dynamic();
  // The joins are only needed when a filter reads them.
  if (f.actor) query = query.leftJoin(actor, eq(actor.id, auditLogs.actorId));
  if (f.target) query = query.leftJoin(targetUser, eq(targetUser.id, auditLogs.target));
  return query.where(conditions(f));
}
