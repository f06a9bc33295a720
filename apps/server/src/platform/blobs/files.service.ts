// Uploaded files: checks (size, type by content, name), the `stored_files` record, the bytes in the
// blob store, and who may read them back. Ids are not secrets: readability is decided here for
// every read, and a file the caller may not read answers exactly like one that does not exist.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  allowedExtensions,
  checkUpload,
  type EndpointQuery,
  type endpoints,
  type PermissionCode,
  type StoredFile,
  UPLOAD_RULES,
  type UploadPurpose,
} from "@skyledger/contracts";
import type { Principal } from "../auth/principal";
import type { Clock } from "../clock";
import type { Db, Tx } from "../db/client";
import { DomainError } from "../http/errors";
import { newId } from "../ids";
import type { RequestContext } from "../request-context";
import type { BlobStore } from "./blob-store";
import {
  findStoredFile,
  insertStoredFile,
  type StoredFileRow,
  setStoredFilesOrg,
  storedFilesByIds,
  storedFilesOwnedBy,
} from "./files.repo";

export type { StoredFileRow };

type PurposePolicy = {
  /** Who uploads: a tenant's users (their own documents), or operators holding this code. */
  uploader: "tenant" | PermissionCode;
  /** Operators holding this code read every file of the purpose (they review them). */
  reviewer: PermissionCode;
  /** Other users of the owner's organisation may read it too. */
  sharedWithOrg: boolean;
  /** Operators holding this code upload it too (beside the tenant's users). */
  alsoUploader?: PermissionCode;
  /** With `sharedWithOrg`: only the organisation's users holding this code read it. */
  orgReader?: PermissionCode;
};

// Identity documents are personal data: the uploader and the verification reviewers only. The
// evidence of a manual recharge is read by the finance operators, who approve it.
const POLICIES: Record<UploadPurpose, PurposePolicy> = {
  idPhoto: { uploader: "tenant", reviewer: "BA05", sharedWithOrg: false },
  verificationAttachment: { uploader: "tenant", reviewer: "BA05", sharedWithOrg: false },
  rechargeEvidence: { uploader: "BI", reviewer: "BI", sharedWithOrg: false },
  // A ticket's attachments: the ticket's organisation (users who read tickets, CD) and the
  // after-sales engineers (BJ). An engineer's upload has no organisation until it is attached to a
  // ticket's message, which binds it to the ticket's organisation (bindToOrg).
  ticketAttachment: {
    uploader: "tenant",
    alsoUploader: "BJ",
    reviewer: "BJ",
    sharedWithOrg: true,
    orgReader: "CD",
  },
  // An issued e-invoice: its tenant reads it through the invoice request (invoices module).
  invoicePdf: { uploader: "BA11", reviewer: "BA11", sharedWithOrg: false },
  // A tenant's signed contract: uploaded by a billing operator (BI), bound to the tenant when the
  // contract is created (bindToOrg); then read by the tenant's users holding CC06 and by BI.
  contractFile: { uploader: "BI", reviewer: "BI", sharedWithOrg: true, orgReader: "CC06" },
};

const FILE_WORD = { zh: "文件", en: "a file" };
// Ids are UUIDs: anything else names no file, and is answered so without a look-up.
const ID = /^[0-9a-f-]{36}$/;

/** Keeps the last path segment and drops control characters: the name is shown, never used as a path. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
}

export function createFileService(deps: { db: Db; clock: Clock; store: BlobStore }) {
  const { db, clock, store } = deps;

  function mayRead(principal: Principal, file: StoredFileRow): boolean {
    if (file.ownerId === principal.userId) return true;
    const policy = POLICIES[file.purpose as UploadPurpose];
    if (!policy) return false;
    if (principal.permissions.has(policy.reviewer)) return true;
    if (policy.orgReader && !principal.permissions.has(policy.orgReader)) return false;
    return policy.sharedWithOrg && file.orgId !== null && file.orgId === principal.orgId;
  }

  return {
    /** The request's body is the file's bytes; its signed query names it (purpose, name, SHA-256). */
    async upload(
      ctx: RequestContext,
      input: EndpointQuery<typeof endpoints.files.upload>,
      body: unknown,
    ): Promise<StoredFile> {
      const { actor: principal } = ctx;
      const { purpose } = input;
      const { uploader, alsoUploader } = POLICIES[purpose];
      const mayUpload =
        (uploader === "tenant" ? principal.orgId !== null : principal.permissions.has(uploader)) ||
        (alsoUploader !== undefined && principal.permissions.has(alsoUploader));
      if (!mayUpload) {
        throw new DomainError("NO_PERMISSION");
      }
      const name = cleanFileName(input.name);
      if (!Buffer.isBuffer(body) || body.length === 0 || !name) {
        throw new DomainError("FILE_REQUIRED", { what: FILE_WORD });
      }
      const bytes = body;
      // The query (and so this digest) is signed: bytes that differ were altered on the way.
      if (createHash("sha256").update(bytes).digest("hex") !== input.sha256) {
        throw new DomainError("SIGNATURE_INVALID");
      }
      const check = checkUpload(purpose, name, bytes);
      if (!check.ok) {
        if (check.problem === "tooLarge") {
          throw new DomainError("FILE_TOO_LARGE", {
            name,
            max: UPLOAD_RULES[purpose].maxBytes / 1024 / 1024,
          });
        }
        throw new DomainError("FILE_TYPE_INVALID", { name, allowed: allowedExtensions(purpose).join(", ") });
      }
      const id = newId();
      const storageKey = `${id.slice(0, 2)}/${id}`;
      await store.put(storageKey, bytes);
      try {
        await insertStoredFile(db, {
          id,
          orgId: principal.orgId,
          ownerId: principal.userId,
          purpose,
          name,
          contentType: check.contentType,
          size: bytes.length,
          sha256: input.sha256,
          storageKey,
          createdAt: clock.now(),
        });
      } catch (err) {
        await store.delete(storageKey);
        throw err;
      }
      return { id, name, contentType: check.contentType, size: bytes.length };
    },

    /** The file's bytes for a reader allowed by its purpose's policy; NOT_FOUND otherwise. */
    async open(ctx: RequestContext, id: string): Promise<{ file: StoredFileRow; stream: Readable }> {
      if (!ID.test(id)) throw new DomainError("NOT_FOUND");
      const file = await findStoredFile(db, id);
      if (!file || !mayRead(ctx.actor, file)) throw new DomainError("NOT_FOUND");
      const stream = await store.get(file.storageKey);
      if (!stream) throw new DomainError("NOT_FOUND");
      return { file, stream };
    },

    /** The caller's own files among `ids` (pass the transaction when inside one). */
    /**
     * The bytes of a file whose reading a domain has already allowed by its own rule (an issued
     * invoice's tenant); NOT_FOUND when it is gone.
     */
    async openAllowed(id: string): Promise<{ file: StoredFileRow; stream: Readable }> {
      const file = ID.test(id) ? await findStoredFile(db, id) : undefined;
      const stream = file ? await store.get(file.storageKey) : undefined;
      if (!file || !stream) throw new DomainError("NOT_FOUND");
      return { file, stream };
    },

    ownedBy: (tx: Tx, ownerId: string, ids: string[]) => storedFilesOwnedBy(tx, ownerId, ids),

    byIds: (tx: Tx, ids: string[]) => storedFilesByIds(tx, ids),

    /** Makes files readable by `orgId`'s users as their purpose allows (an attachment given to a tenant). */
    bindToOrg: (tx: Tx, ids: string[], orgId: string) => setStoredFilesOrg(tx, ids, orgId),
  };
}

export type FileService = ReturnType<typeof createFileService>;
