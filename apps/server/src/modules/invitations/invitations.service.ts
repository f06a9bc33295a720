import { randomBytes } from "node:crypto";
import type { EndpointBody, endpoints } from "@skyledger/contracts";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import {
  countInvitationUse,
  disableInvitation,
  findInvitation,
  insertInvitations,
  insertInvitationUse,
  invitationCount,
  invitationPage,
  type InvitationRow as Row,
  usesOfInvitation,
} from "./invitations.repo";

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
  const audit = createAudit(clock);
  const toDto = (row: Row, createdByAccount: string | null) => ({
    code: row.code,
    remark: row.remark,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: statusOf(row, clock.now()),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByAccount,
  });

  return {
    async isValid(code: string): Promise<boolean> {
      const row = await findInvitation(db, code.trim().toUpperCase());
      return !!row && statusOf(row, clock.now()) === "enabled";
    },

    /** Spends one use atomically, so concurrent sign-ups cannot exceed the code's limit. */
    async consume(tx: Tx, code: string, userId: string): Promise<void> {
      const now = clock.now();
      const normalized = code.trim().toUpperCase();
      if (!(await countInvitationUse(tx, normalized, now))) throw new DomainError("INVITATION_INVALID");
      await insertInvitationUse(tx, { code: normalized, userId, usedAt: now });
    },

    async list(page: PageRequest) {
      return pageOf(
        page,
        (limit, offset) => invitationPage(db, limit, offset),
        invitationCount(db),
        (r) => toDto(r.code, r.createdByAccount),
      );
    },

    async create(ctx: RequestContext, input: EndpointBody<typeof endpoints.invitations.create>) {
      const now = clock.now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new DomainError("PARAM_INVALID");
      const rows = Array.from({ length: input.count }, () => ({
        code: newCode(),
        remark: input.remark,
        maxUses: input.maxUses,
        expiresAt,
        createdAt: now,
        createdBy: ctx.actor.userId,
      }));
      const inserted = await db.transaction(async (tx) => {
        const codes = await insertInvitations(tx, rows);
        await audit.record(tx, {
          action: "invitation.created",
          ...ctx.auditBy,
          orgId: null,
          target: codes.map((c) => c.code).join(","),
          detail: {
            count: input.count,
            maxUses: input.maxUses,
            remark: input.remark,
            ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}),
          },
        });
        return codes;
      });
      return inserted.map((row) => toDto(row, ctx.actor.account));
    },

    async disable(ctx: RequestContext, code: string) {
      await db.transaction(async (tx) => {
        if (!(await disableInvitation(tx, code, clock.now())))
          throw new DomainError("OPERATION_NOT_PERMITTED");
        await audit.record(tx, { action: "invitation.disabled", ...ctx.auditBy, orgId: null, target: code });
      });
      return { ok: true as const };
    },

    async uses(code: string) {
      const rows = await usesOfInvitation(db, code);
      return rows.map((r) => ({ account: r.account, orgName: r.orgName, usedAt: r.usedAt.toISOString() }));
    },
  };
}
