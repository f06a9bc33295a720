// Key pairs of the caller's organisation: create (the private key is answered once, only the public
// key is stored), import a public key, list, read and delete. Every query is scoped by organisation.
import type {
  EndpointBody,
  EndpointQuery,
  endpoints,
  KeyPairCreated,
  KeyPairDetail,
  KeyPairRecord,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import {
  countKeyPairs,
  deleteKeyPair,
  findKeyPair,
  findProjectName,
  insertKeyPair,
  type KeyPairRow,
  keyPairNameTaken,
  listKeyPairs,
} from "./keypairs.repo";
import { fingerprintOf, generateRsaKeyPair, type ParsedPublicKey, parsePublicKeyLine } from "./ssh-keys";

type NewKeyPair = { name: string; projectId: string | null };

function toRecord(row: KeyPairRow): KeyPairRecord {
  return {
    id: row.id,
    name: row.name,
    keyType: row.keyType as KeyPairRecord["keyType"],
    fingerprint: row.fingerprint,
    projectId: row.projectId,
    projectName: row.projectName,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

const toDetail = (row: KeyPairRow): KeyPairDetail => ({ ...toRecord(row), publicKey: row.publicKey });

export type KeyPairService = ReturnType<typeof createKeyPairService>;

export function createKeyPairService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** The key pair and its audit row, in one transaction. */
  function store(
    ctx: RequestContext,
    input: NewKeyPair,
    key: ParsedPublicKey,
    action: "keypair.created" | "keypair.imported",
  ): Promise<KeyPairDetail> {
    const orgId = ctx.ownTenant();
    return db.transaction(async (tx) => {
      let projectName: string | null = null;
      if (input.projectId) {
        projectName = (await findProjectName(tx, orgId, input.projectId)) ?? null;
        if (projectName === null) throw new DomainError("KEY_PAIR_PROJECT_INVALID");
      }
      if (await keyPairNameTaken(tx, orgId, input.name))
        throw new DomainError("NAME_EXISTS", { name: input.name });
      const row = await insertKeyPair(tx, {
        id: newId(),
        orgId,
        projectId: input.projectId,
        name: input.name,
        publicKey: key.line,
        fingerprint: fingerprintOf(key.blob),
        keyType: key.keyType,
        createdBy: ctx.actor.userId,
        createdAt: clock.now(),
      });
      if (!row) throw new DomainError("NAME_EXISTS", { name: input.name });
      await audit.record(tx, {
        action,
        ...ctx.auditBy,
        target: row.id,
        detail: { name: row.name, keyType: row.keyType, fingerprint: row.fingerprint },
      });
      return toDetail({ ...row, projectName });
    });
  }

  return {
    list(ctx: RequestContext, query: EndpointQuery<typeof endpoints.keypairs.list>) {
      const orgId = ctx.ownTenant();
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listKeyPairs(db, orgId, keyword, limit, offset),
        countKeyPairs(db, orgId, keyword),
        toRecord,
      );
    },

    async detail(ctx: RequestContext, id: string): Promise<KeyPairDetail> {
      const row = await findKeyPair(db, ctx.ownTenant(), id);
      if (!row) throw new DomainError("NOT_FOUND");
      return toDetail(row);
    },

    async create(
      ctx: RequestContext,
      input: EndpointBody<typeof endpoints.keypairs.create>,
    ): Promise<KeyPairCreated> {
      const { privateKey, publicKey } = generateRsaKeyPair();
      const saved = await store(ctx, input, publicKey, "keypair.created");
      return { ...saved, privateKey };
    },

    import(ctx: RequestContext, input: EndpointBody<typeof endpoints.keypairs.import>) {
      return store(ctx, input, parsePublicKeyLine(input.publicKey), "keypair.imported");
    },

    async remove(ctx: RequestContext, id: string) {
      const orgId = ctx.ownTenant();
      await db.transaction(async (tx) => {
        const row = await deleteKeyPair(tx, orgId, id);
        if (!row) throw new DomainError("NOT_FOUND");
        await audit.record(tx, {
          action: "keypair.deleted",
          ...ctx.auditBy,
          target: row.id,
          detail: { name: row.name, fingerprint: row.fingerprint },
        });
      });
      return { ok: true as const };
    },
  };
}
