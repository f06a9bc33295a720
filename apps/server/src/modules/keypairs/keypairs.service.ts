// Key pairs of the caller's organisation: create (the private key is answered once, only the public
// key is stored), import a public key, list, read and delete. Every query is scoped by organisation.
import type { KeyPairCreated, KeyPairDetail, KeyPairRecord } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
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

/** Tenant routes are tenantOnly, so the organisation is always there. */
const orgOf = (principal: Principal): string => principal.orgId!;

export type KeyPairService = ReturnType<typeof createKeyPairService>;

export function createKeyPairService(deps: { db: Db; clock: Clock; audit: Audit }) {
  const { db, clock, audit } = deps;

  /** The key pair and its audit row, in one transaction. */
  function store(
    principal: Principal,
    input: NewKeyPair,
    key: ParsedPublicKey,
    action: "keypair.created" | "keypair.imported",
    ip: string,
  ): Promise<KeyPairDetail> {
    const orgId = orgOf(principal);
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
        createdBy: principal.userId,
        createdAt: clock.now(),
      });
      if (!row) throw new DomainError("NAME_EXISTS", { name: input.name });
      await audit.record(tx, {
        action,
        actorId: principal.userId,
        orgId,
        target: row.id,
        ip,
        detail: { name: row.name, keyType: row.keyType, fingerprint: row.fingerprint },
      });
      return toDetail({ ...row, projectName });
    });
  }

  return {
    list(principal: Principal, query: PageRequest & { keyword?: string | undefined }) {
      const orgId = orgOf(principal);
      const keyword = query.keyword || undefined;
      return pageOf(
        query,
        (limit, offset) => listKeyPairs(db, orgId, keyword, limit, offset),
        countKeyPairs(db, orgId, keyword),
        toRecord,
      );
    },

    async detail(principal: Principal, id: string): Promise<KeyPairDetail> {
      const row = await findKeyPair(db, orgOf(principal), id);
      if (!row) throw new DomainError("NOT_FOUND");
      return toDetail(row);
    },

    async create(principal: Principal, input: NewKeyPair, ip: string): Promise<KeyPairCreated> {
      const { privateKey, publicKey } = generateRsaKeyPair();
      const saved = await store(principal, input, publicKey, "keypair.created", ip);
      return { ...saved, privateKey };
    },

    import(principal: Principal, input: NewKeyPair & { publicKey: string }, ip: string) {
      return store(principal, input, parsePublicKeyLine(input.publicKey), "keypair.imported", ip);
    },

    remove(principal: Principal, id: string, ip: string): Promise<void> {
      const orgId = orgOf(principal);
      return db.transaction(async (tx) => {
        const row = await deleteKeyPair(tx, orgId, id);
        if (!row) throw new DomainError("NOT_FOUND");
        await audit.record(tx, {
          action: "keypair.deleted",
          actorId: principal.userId,
          orgId,
          target: row.id,
          ip,
          detail: { name: row.name, fingerprint: row.fingerprint },
        });
      });
    },
  };
}
