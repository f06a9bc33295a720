import type { VerificationKind, VerificationStatus } from "@skyledger/contracts";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { ROLE } from "../iam/iam.repo";
import { organizations, users } from "../iam/iam.schema";
import { verifications } from "./verification.schema";

export type VerificationRow = typeof verifications.$inferSelect;
export type OrgCertification = {
  status: "noAuth" | "authing" | "authSucceed" | "authFiled";
  remark: string | null;
  type: string | null;
};

/**
 * An organisation is verified through its tenant administrator: that account's certification
 * columns are the organisation's, and its sub-users share them.
 */
export async function orgCertification(tx: Tx, orgId: string): Promise<OrgCertification | undefined> {
  const [row] = await tx
    .select({ status: users.certificationStatus, remark: users.authRemark, type: users.authType })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, ROLE.tenantAdmin)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}

export async function latestOfOrg(tx: Tx, orgId: string): Promise<VerificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(eq(verifications.orgId, orgId))
    .orderBy(desc(verifications.submittedAt))
    .limit(1);
  return row;
}

export async function findVerification(tx: Tx, id: string): Promise<VerificationRow | undefined> {
  const [row] = await tx.select().from(verifications).where(eq(verifications.id, id));
  return row;
}

export { userIdsOfOrg } from "../iam/users.repo";

export type QueueFilter = {
  status?: VerificationStatus;
  kind?: VerificationKind;
  keyword?: string;
};

function queueWhere(filter: QueueFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(verifications.status, filter.status));
  if (filter.kind) where.push(eq(verifications.kind, filter.kind));
  if (filter.keyword) {
    const k = containsPattern(filter.keyword);
    where.push(
      or(
        ilike(users.account, k),
        ilike(organizations.name, k),
        sql`${verifications.details}->>'realName' ilike ${k}`,
        sql`${verifications.details}->>'companyName' ilike ${k}`,
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

const queueSelect = {
  v: verifications,
  account: users.account,
  orgName: organizations.name,
};

/** The review queue: pending submissions first, oldest first; decided ones after, latest decision first. */
export function queueRows(tx: Tx, filter: QueueFilter, limit: number, offset: number) {
  return tx
    .select(queueSelect)
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(organizations, eq(organizations.id, verifications.orgId))
    .where(queueWhere(filter))
    .orderBy(
      sql`case when ${verifications.status} = 'authing' then 0 else 1 end`,
      sql`case when ${verifications.status} = 'authing' then ${verifications.submittedAt} end asc`,
      desc(verifications.reviewedAt),
      desc(verifications.submittedAt),
    )
    .limit(limit)
    .offset(offset);
}

export function queueTotal(tx: Tx, filter: QueueFilter) {
  return tx
    .select({ n: count() })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(organizations, eq(organizations.id, verifications.orgId))
    .where(queueWhere(filter));
}

export async function detailRow(tx: Tx, id: string) {
  const [row] = await tx
    .select({ v: verifications, user: users, orgName: organizations.name })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.userId))
    .leftJoin(organizations, eq(organizations.id, verifications.orgId))
    .where(eq(verifications.id, id));
  return row;
}

export async function accountsOf(tx: Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.account]));
}

type UserRow = typeof users.$inferSelect;
export type CertificationState = {
  status: UserRow["certificationStatus"];
  remark: string | null;
  type: string | null;
};

/** The user's own verification state. */
export async function certificationOfUser(tx: Tx, userId: string): Promise<CertificationState | undefined> {
  const [me] = await tx
    .select({ status: users.certificationStatus, remark: users.authRemark, type: users.authType })
    .from(users)
    .where(eq(users.id, userId));
  return me;
}

/**
 * Moves the user to "under review" only from a state that may submit, in one statement so that two
 * submissions at once cannot both open a review; whether it moved.
 */
export async function startReview(
  tx: Tx,
  userId: string,
  kind: VerificationRow["kind"],
  maySubmit: readonly UserRow["certificationStatus"][],
): Promise<boolean> {
  const moved = await tx
    .update(users)
    .set({ certificationStatus: "authing", authType: kind, authRemark: null })
    .where(and(eq(users.id, userId), inArray(users.certificationStatus, [...maySubmit])))
    .returning({ id: users.id });
  return moved.length > 0;
}

export async function insertVerification(
  tx: Tx,
  row: typeof verifications.$inferInsert,
): Promise<VerificationRow> {
  const [inserted] = await tx.insert(verifications).values(row).returning();
  return inserted!;
}

/** Decides a submission still under review; undefined when it is not (anymore). */
export async function decidePending(
  tx: Tx,
  id: string,
  decision: {
    status: "authSucceed" | "authFiled";
    remark: string | null;
    reviewerId: string;
    reviewedAt: Date;
  },
): Promise<VerificationRow | undefined> {
  const [row] = await tx
    .update(verifications)
    .set(decision)
    .where(and(eq(verifications.id, id), eq(verifications.status, "authing")))
    .returning();
  return row;
}

/** Sets the user's verification state (and, for an approved personal verification, the real name). */
export async function setCertification(
  tx: Tx,
  userId: string,
  values: {
    certificationStatus: "authSucceed" | "authFiled";
    authRemark: string | null;
    authType: VerificationRow["kind"];
    realName?: string;
  },
): Promise<void> {
  await tx.update(users).set(values).where(eq(users.id, userId));
}
