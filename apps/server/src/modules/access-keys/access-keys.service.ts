// A user's own access keys: at most ACCESS_KEY_LIMIT each, the secret handed out once at creation.
import { randomInt } from "node:crypto";
import {
  ACCESS_KEY_LIMIT,
  type AccessKeyCreated,
  type AccessKeyRow,
  type EndpointBody,
  type endpoints,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import {
  type AccessKeyRecord,
  allKeysOf,
  countKeysOf,
  deleteKey,
  insertKey,
  keysOf,
  lockUser,
  setKeyStatus,
} from "./access-keys.repo";

const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const BASE62 = `${UPPER_ALNUM}abcdefghijklmnopqrstuvwxyz`;

function randomText(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export const newAccessKeyId = (): string => `SKAK${randomText(UPPER_ALNUM, 16)}`;
/** 40 characters of 62 kinds: about 238 bits, kept as is because HMAC verification needs it. */
export const newAccessKeySecret = (): string => randomText(BASE62, 40);

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toRow(key: AccessKeyRecord): AccessKeyRow {
  return {
    accessKeyId: key.id,
    description: key.description,
    status: key.status,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: iso(key.lastUsedAt),
    lastUsedIp: key.lastUsedIp,
  };
}

// Cells a spreadsheet would read as a formula are prefixed with an apostrophe (CSV injection).
function csvCell(value: string | null): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export type AccessKeyService = ReturnType<typeof createAccessKeyService>;

export function createAccessKeyService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  // Who did it and to which key; each call names its action.
  const about = (ctx: RequestContext, key: AccessKeyRecord) => ({
    ...ctx.auditBy,
    target: key.id,
    detail: { accessKeyId: key.id, ...(key.description ? { description: key.description } : {}) },
  });

  return {
    list({ actor }: RequestContext, page: PageRequest) {
      return pageOf(
        page,
        (limit, offset) => keysOf(db, actor.userId, limit, offset),
        countKeysOf(db, actor.userId),
        toRow,
      );
    },

    async create(
      ctx: RequestContext,
      { description }: EndpointBody<typeof endpoints.accessKeys.create>,
    ): Promise<AccessKeyCreated> {
      const { actor } = ctx;
      const key = await db.transaction(async (tx) => {
        if (!(await lockUser(tx, actor.userId))) throw new DomainError("SESSION_EXPIRED");
        const [held] = await countKeysOf(tx, actor.userId);
        if ((held?.n ?? 0) >= ACCESS_KEY_LIMIT)
          throw new DomainError("ACCESS_KEY_LIMIT", { max: ACCESS_KEY_LIMIT });
        const key = await insertKey(tx, {
          id: newAccessKeyId(),
          userId: actor.userId,
          orgId: actor.orgId,
          secret: newAccessKeySecret(),
          description: description?.trim() || null,
          status: "enabled",
          createdAt: clock.now(),
        });
        await audit.record(tx, { ...about(ctx, key), action: "accessKey.created" });
        return key;
      });
      return { ...toRow(key), secretAccessKey: key.secret };
    },

    async setStatus(ctx: RequestContext, id: string, status: AccessKeyRecord["status"]) {
      const key = await db.transaction(async (tx) => {
        const key = await setKeyStatus(tx, ctx.actor.userId, id, status);
        if (!key) throw new DomainError("NOT_FOUND");
        await audit.record(tx, {
          ...about(ctx, key),
          action: status === "enabled" ? "accessKey.enabled" : "accessKey.disabled",
        });
        return key;
      });
      return toRow(key);
    },

    async remove(ctx: RequestContext, id: string) {
      await db.transaction(async (tx) => {
        const key = await deleteKey(tx, ctx.actor.userId, id);
        if (!key) throw new DomainError("NOT_FOUND");
        await audit.record(tx, { ...about(ctx, key), action: "accessKey.deleted" });
      });
      return { ok: true as const };
    },

    /** The caller's keys as CSV, without secrets (those were shown once, at creation). */
    async csv({ actor }: RequestContext): Promise<string> {
      const keys = await allKeysOf(db, actor.userId);
      const lines = [
        "AccessKeyId,Description,Status,CreatedAt,LastUsedAt",
        ...keys.map((k) =>
          [k.id, k.description, k.status, k.createdAt.toISOString(), iso(k.lastUsedAt)]
            .map(csvCell)
            .join(","),
        ),
      ];
      // The byte-order mark lets spreadsheet programs read Chinese descriptions as UTF-8.
      return `\uFEFF${lines.join("\r\n")}\r\n`;
    },
  };
}
