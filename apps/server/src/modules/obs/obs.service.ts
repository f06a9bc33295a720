// Object storage on `/mgt/obs` (CB05 reads, CB0501 changes, CB0502 access keys): the caller's
// buckets with their usage, one bucket's folders and objects, uploads (the body's SHA-256 checked),
// downloads, folders, deletes (a folder with everything under it), share links, the bucket's
// access, and the organisation's S3 access keys. Everything acts in the object store first (a
// refusal changes nothing here) and then records its audit row with what it changed in our
// database in one transaction. A frozen bucket can be read, never written.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { formatYuan, fromLocal, toLocal } from "@skyledger/billing";
import {
  type Bucket,
  type BucketAcl,
  type EndpointBody,
  type EndpointQuery,
  type endpoints,
  MAX_OBJECT_UPLOAD_BYTES,
  OBS_ACCESS_KEYS_MAX,
  type ObjectEntry,
  type ObjectListing,
  type ObsAccessKey,
  type ObsAccessKeySecret,
  type ResourceRecord,
  type ShareLink,
  type StorageClass,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { type ObjectStore, ObjectStoreError } from "../../providers/objectstore/object-store";
import type { ResourcesService } from "../resources/resources.service";
import {
  bucketsOf,
  chargedSince,
  countLiveKeys,
  findBucket,
  findLiveKey,
  insertKey,
  liveKeysOf,
  lockKeysOf,
  markKeyDeleted,
  updateBucket,
} from "./obs.repo";
import type { ObsBucketRow } from "./obs.schema";
import { readShareLink, sharePath } from "./share-links";

type ListQuery = Parameters<ResourcesService["list"]>[1];
export type StoredObject = { body: Readable; size: number; contentType: string; etag: string; key: string };

/** The store's refusal in the tenant's words (its reason quoted); anything else goes on up. */
async function stored<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ObjectStoreError) throw new DomainError("OBS_STORE_FAILED", { reason: err.message });
    throw err;
  }
}

export function createObsService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  store: ObjectStore;
  resources: ResourcesService;
  timeZone: string;
  /** The console's origin: share links of the simulated store point at it. */
  publicUrl: string;
}) {
  const { db, clock, store, resources } = deps;

  const monthStart = (now: Date) =>
    fromLocal(
      { ...toLocal(now, deps.timeZone), day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
      deps.timeZone,
    );

  async function view(record: ResourceRecord, row: ObsBucketRow | undefined): Promise<Bucket> {
    const spec = record.spec as { bucketName?: string; storageClass?: StorageClass; acl?: BucketAcl };
    const live = row && !row.droppedAt ? row : undefined;
    let usage: Bucket["usage"] = null;
    if (live) {
      const now = clock.now();
      const from = monthStart(now);
      const tenant = { orgId: live.orgId };
      const stats = await stored(() => store.stats(tenant, live.bucketName));
      usage = {
        ...stats,
        requestsThisMonth: await stored(() => store.requests(tenant, live.bucketName, from, now)),
        chargedThisMonth: formatYuan(await chargedSince(db, live.resourceId, from)),
        measuredAt: now.toISOString(),
      };
    }
    return {
      ...record,
      bucketName: live?.bucketName ?? spec.bucketName ?? null,
      storageClass: (live?.storageClass as StorageClass | undefined) ?? spec.storageClass ?? null,
      acl: (live?.acl as BucketAcl | undefined) ?? spec.acl ?? null,
      location: live ? { endpoint: live.endpoint, region: live.region, simulated: live.simulated } : null,
      usage,
    };
  }

  /** The caller's bucket as it is in the store (404 for another tenant's id, as for a missing one). */
  async function readable(ctx: RequestContext, id: string) {
    const { r } = await resources.visible(ctx, id, "bucket");
    const row = await findBucket(db, id);
    if (!row || row.droppedAt || r.deletedAt)
      throw new DomainError("BUCKET_NOT_READY", { status: (await resources.detail(ctx, id)).statusName });
    return { r, row, tenant: { orgId: row.orgId } };
  }

  /** The same, for a change: refused while the bucket is frozen or not available. */
  async function writable(ctx: RequestContext, id: string) {
    const found = await readable(ctx, id);
    if (found.r.status === "frozen") throw new DomainError("BUCKET_FROZEN");
    if (found.r.status !== "available")
      throw new DomainError("BUCKET_NOT_READY", { status: (await resources.detail(ctx, id)).statusName });
    return found;
  }

  async function detail(ctx: RequestContext, id: string): Promise<Bucket> {
    return view(await resources.detail(ctx, id, "bucket"), await findBucket(db, id));
  }

  const keyView = (row: {
    key: { accessKeyId: string; description: string; createdAt: Date };
    createdBy: string | null;
  }): ObsAccessKey => ({
    accessKeyId: row.key.accessKeyId,
    description: row.key.description,
    createdAt: row.key.createdAt.toISOString(),
    createdBy: row.createdBy,
  });

  return {
    async list(ctx: RequestContext, q: ListQuery) {
      const page = await resources.list(ctx, q, "bucket");
      const rows = new Map(
        (
          await bucketsOf(
            db,
            page.list.map((r) => r.id),
          )
        ).map((x) => [x.resourceId, x]),
      );
      const list: Bucket[] = [];
      for (const r of page.list) list.push(await view(r, rows.get(r.id)));
      return { ...page, list };
    },

    detail,

    async setAcl(
      ctx: RequestContext,
      id: string,
      body: EndpointBody<typeof endpoints.obs.setAcl>,
    ): Promise<Bucket> {
      const { r, row, tenant } = await writable(ctx, id);
      if (row.acl !== body.acl) {
        await stored(() => store.setAcl(tenant, row.bucketName, body.acl));
        try {
          await db.transaction(async (tx) => {
            await updateBucket(tx, id, { acl: body.acl }, clock.now());
            await deps.audit.record(tx, {
              action: "obs.aclChanged",
              ...ctx.auditBy,
              target: r.name,
              detail: { bucketAcl: { from: row.acl, to: body.acl } },
            });
          });
        } catch (err) {
          // Compensation: the store keeps the access our record (and its audit row) says.
          await store.setAcl(tenant, row.bucketName, row.acl as BucketAcl).catch(() => undefined);
          throw err;
        }
      }
      return detail(ctx, id);
    },

    async objects(
      ctx: RequestContext,
      id: string,
      q: EndpointQuery<typeof endpoints.obs.objects>,
    ): Promise<ObjectListing> {
      const { row, tenant } = await readable(ctx, id);
      return stored(() =>
        store.list(tenant, row.bucketName, {
          prefix: q.prefix,
          pageSize: q.pageSize,
          ...(q.marker ? { marker: q.marker } : {}),
        }),
      );
    },

    /** The request's body is the object's bytes; its query names the key, type and SHA-256. */
    async upload(
      ctx: RequestContext,
      id: string,
      q: EndpointQuery<typeof endpoints.obs.upload>,
      body: unknown,
    ): Promise<ObjectEntry> {
      const { row, tenant } = await writable(ctx, id);
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      if (bytes.length > MAX_OBJECT_UPLOAD_BYTES)
        throw new DomainError("OBJECT_TOO_LARGE", { max: MAX_OBJECT_UPLOAD_BYTES / 1024 / 1024 });
      if (createHash("sha256").update(bytes).digest("hex") !== q.sha256)
        throw new DomainError("OBJECT_CHECKSUM_MISMATCH");
      const contentType = q.contentType || "application/octet-stream";
      return stored(() => store.put(tenant, row.bucketName, q.key, bytes, contentType));
    },

    async download(ctx: RequestContext, id: string, key: string): Promise<StoredObject> {
      const { row, tenant } = await readable(ctx, id);
      const found = await stored(() => store.get(tenant, row.bucketName, key));
      if (!found) throw new DomainError("OBJECT_NOT_FOUND");
      return { ...found, key };
    },

    async createFolder(
      ctx: RequestContext,
      id: string,
      body: EndpointBody<typeof endpoints.obs.createFolder>,
    ): Promise<ObjectEntry> {
      const { row, tenant } = await writable(ctx, id);
      const key = body.key.endsWith("/") ? body.key : `${body.key}/`;
      return stored(() => store.put(tenant, row.bucketName, key, Buffer.alloc(0), "application/x-directory"));
    },

    async deleteObjects(
      ctx: RequestContext,
      id: string,
      body: EndpointBody<typeof endpoints.obs.deleteObjects>,
    ): Promise<{ deleted: number }> {
      const { r, row, tenant } = await writable(ctx, id);
      const deleted = await stored(() => store.delete(tenant, row.bucketName, body.keys));
      await db.transaction((tx) =>
        deps.audit.record(tx, {
          action: "obs.objectsDeleted",
          ...ctx.auditBy,
          target: r.name,
          detail: { count: deleted, objectKeys: body.keys.join(", ").slice(0, 2000) },
        }),
      );
      return { deleted };
    },

    async share(
      ctx: RequestContext,
      id: string,
      body: EndpointBody<typeof endpoints.obs.share>,
    ): Promise<ShareLink> {
      const { row, tenant } = await writable(ctx, id);
      const found = await stored(() => store.get(tenant, row.bucketName, body.key));
      if (!found) throw new DomainError("OBJECT_NOT_FOUND");
      found.body.destroy();
      const expiresAt = new Date(clock.now().getTime() + body.expiresSeconds * 1000);
      const url =
        (await stored(() => store.presign(tenant, row.bucketName, body.key, body.expiresSeconds))) ??
        `${deps.publicUrl}${sharePath(deps.secrets, { resourceId: id, key: body.key, expiresAt })}`;
      return { url, expiresAt: expiresAt.toISOString() };
    },

    /** A share link's object, while the link is valid and its bucket still live. */
    async shared(token: string, key: string): Promise<StoredObject> {
      const claim = readShareLink(deps.secrets, token, key);
      if (!claim) throw new DomainError("SHARE_LINK_INVALID");
      if (claim.expiresAt <= clock.now()) throw new DomainError("SHARE_LINK_EXPIRED");
      const row = await findBucket(db, claim.resourceId);
      if (!row || row.droppedAt) throw new DomainError("SHARE_LINK_INVALID");
      const found = await store.get({ orgId: row.orgId }, row.bucketName, claim.key).catch((err) => {
        if (err instanceof ObjectStoreError) return null;
        throw err;
      });
      if (!found) throw new DomainError("SHARE_LINK_INVALID");
      return { ...found, key: claim.key };
    },

    async accessKeys(ctx: RequestContext): Promise<ObsAccessKey[]> {
      return (await liveKeysOf(db, ctx.ownTenant())).map(keyView);
    },

    async createAccessKey(
      ctx: RequestContext,
      body: EndpointBody<typeof endpoints.obs.createAccessKey>,
    ): Promise<ObsAccessKeySecret> {
      const orgId = ctx.ownTenant();
      const tenant = { orgId };
      // Counted before the store is asked, and again under the lock with the insert.
      if ((await countLiveKeys(db, orgId)) >= OBS_ACCESS_KEYS_MAX)
        throw new DomainError("OBS_ACCESS_KEY_LIMIT", { max: OBS_ACCESS_KEYS_MAX });
      const made = await stored(() => store.createKey(tenant));
      const now = clock.now();
      try {
        await db.transaction(async (tx) => {
          await lockKeysOf(tx, orgId);
          if ((await countLiveKeys(tx, orgId)) >= OBS_ACCESS_KEYS_MAX)
            throw new DomainError("OBS_ACCESS_KEY_LIMIT", { max: OBS_ACCESS_KEYS_MAX });
          await insertKey(tx, {
            accessKeyId: made.accessKeyId,
            orgId,
            description: body.description,
            createdBy: ctx.actor.userId,
            createdAt: now,
          });
          await deps.audit.record(tx, {
            action: "obs.keyCreated",
            ...ctx.auditBy,
            target: made.accessKeyId,
            detail: { accessKeyId: made.accessKeyId, description: body.description },
          });
        });
      } catch (err) {
        // Compensation: a key the store made but we did not record must not keep working.
        await store.deleteKey(tenant, made.accessKeyId).catch(() => undefined);
        throw err;
      }
      const [row] = (await liveKeysOf(db, orgId)).filter((k) => k.key.accessKeyId === made.accessKeyId);
      return { ...keyView(row!), secretAccessKey: made.secretAccessKey };
    },

    async deleteAccessKey(ctx: RequestContext, accessKeyId: string): Promise<{ deleted: boolean }> {
      const orgId = ctx.ownTenant();
      const key = await findLiveKey(db, orgId, accessKeyId);
      if (!key) throw new DomainError("OBS_ACCESS_KEY_NOT_FOUND");
      await stored(() => store.deleteKey({ orgId }, accessKeyId));
      await db.transaction(async (tx) => {
        if (!(await markKeyDeleted(tx, orgId, accessKeyId, clock.now()))) return;
        await deps.audit.record(tx, {
          action: "obs.keyDeleted",
          ...ctx.auditBy,
          target: accessKeyId,
          detail: { accessKeyId, description: key.description },
        });
      });
      return { deleted: true };
    },
  };
}
export type ObsService = ReturnType<typeof createObsService>;
