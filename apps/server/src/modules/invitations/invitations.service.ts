import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { organizations, users } from "../iam/iam.schema";
import { invitationCodes, invitationCodeUses } from "./invitations.schema";

type Row = typeof invitationCodes.$inferSelect;
type Tx = Pick<Db, "update" | "insert">;

export function statusOf(row: Row, now: Date): "enabled" | "disabled" | "exhausted" | "expired" {
  if (row.disabledAt) return "disabled";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.usedCount >= row.maxUses) return "exhausted";
  return "enabled";
}

function newCode(): string {
  // 12 characters of an unambiguous alphabet, grouped for reading aloud: SKY-XXXX-XXXX.
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const chars = Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join("");
  return `SKY-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export type InvitationService = ReturnType<typeof createInvitationService>;

export function createInvitationService(db: Db, clock: Clock) {
  const toDto = (row: Row) => ({
    code: row.code,
    remark: row.remark,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: statusOf(row, clock.now()),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  });

  return {
    async isValid(code: string): Promise<boolean> {
      const [row] = await db
        .select()
        .from(invitationCodes)
        .where(eq(invitationCodes.code, code.trim().toUpperCase()));
      return !!row && statusOf(row, clock.now()) === "enabled";
    },

    /** Spends one use atomically, so concurrent sign-ups cannot exceed the code's limit. */
    async consume(tx: Tx, code: string, userId: string): Promise<void> {
      const now = clock.now();
      const normalized = code.trim().toUpperCase();
      const spent = await tx
        .update(invitationCodes)
        .set({ usedCount: sql`${invitationCodes.usedCount} + 1` })
        .where(
          and(
            eq(invitationCodes.code, normalized),
            isNull(invitationCodes.disabledAt),
            or(isNull(invitationCodes.expiresAt), gt(invitationCodes.expiresAt, now)),
            lt(invitationCodes.usedCount, invitationCodes.maxUses),
          ),
        )
        .returning({ code: invitationCodes.code });
      if (spent.length !== 1) throw new DomainError("INVITATION_INVALID");
      await tx.insert(invitationCodeUses).values({ code: normalized, userId, usedAt: now });
    },

    async list(pageNum: number, pageSize: number) {
      return pageOf(
        { pageNum, pageSize },
        (limit, offset) =>
          db
            .select()
            .from(invitationCodes)
            .orderBy(desc(invitationCodes.createdAt), invitationCodes.code)
            .limit(limit)
            .offset(offset),
        db.select({ n: count() }).from(invitationCodes),
        toDto,
      );
    },

    async create(
      input: { count: number; maxUses: number; expiresAt?: string | null; remark: string },
      actorId: string,
    ) {
      const now = clock.now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new DomainError("PARAM_INVALID");
      const rows = Array.from({ length: input.count }, () => ({
        code: newCode(),
        remark: input.remark,
        maxUses: input.maxUses,
        expiresAt,
        createdAt: now,
        createdBy: actorId,
      }));
      const inserted = await db.insert(invitationCodes).values(rows).returning();
      return inserted.map(toDto);
    },

    async disable(code: string): Promise<void> {
      const done = await db
        .update(invitationCodes)
        .set({ disabledAt: clock.now() })
        .where(and(eq(invitationCodes.code, code), isNull(invitationCodes.disabledAt)))
        .returning({ code: invitationCodes.code });
      if (done.length === 0) throw new DomainError("OPERATION_NOT_PERMITTED");
    },

    async uses(code: string) {
      const rows = await db
        .select({ account: users.account, orgName: organizations.name, usedAt: invitationCodeUses.usedAt })
        .from(invitationCodeUses)
        .innerJoin(users, eq(users.id, invitationCodeUses.userId))
        .leftJoin(organizations, eq(organizations.id, users.orgId))
        .where(eq(invitationCodeUses.code, code))
        .orderBy(desc(invitationCodeUses.usedAt));
      return rows.map((r) => ({ account: r.account, orgName: r.orgName, usedAt: r.usedAt.toISOString() }));
    },
  };
}
