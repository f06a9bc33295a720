// The embedded default object store (decision 0026): bucket and object metadata in the database
// (simulated-object-store.schema.ts), the bytes in the console's blob store, so uploads, listings,
// downloads and deletes really work; what it does not have is an S3 API — tools cannot reach it,
// its access keys sign nothing and it cannot presign URLs (the console's own share links stand in).
// It counts every request it serves per bucket and hour, which request billing reads.
import { createHash } from "node:crypto";
import type { ObjectEntry, ObjectListing } from "@skyledger/contracts";
import type { BlobStore } from "../../platform/blobs/blob-store";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { newId, randomToken } from "../../platform/ids";
import { BucketTakenError, type ObjectStore, ObjectStoreError, type StoreTenant } from "./object-store";
import {
  claimSimBucket,
  countSimRequest,
  deleteSimKey,
  deleteSimObjects,
  dropSimBucket,
  dropSimRequests,
  findSimBucket,
  findSimObject,
  insertSimKey,
  type SimObsBucketRow,
  setSimBucketAcl,
  simBucketStats,
  simObjectsFrom,
  simRequestsBetween,
  upsertSimObject,
} from "./simulated-object-store.repo";
import type { SimObsObjectRow } from "./simulated-object-store.schema";

const HOUR_MS = 3_600_000;
// How many rows one listing query reads while it collapses folders.
const SCAN = 500;

/** The last segment of a key (a folder's keeps its "/"): what a listing shows. */
function entryName(key: string): string {
  const trimmed = key.endsWith("/") ? key.slice(0, -1) : key;
  return key.slice(trimmed.lastIndexOf("/") + 1);
}

const toEntry = (row: SimObsObjectRow): ObjectEntry => ({
  key: row.key,
  name: entryName(row.key),
  size: row.size,
  lastModified: row.lastModified.toISOString(),
  etag: row.etag,
  contentType: row.contentType,
});

/** A folder's successor in byte order: every key under `folder` (ending "/") sorts below it. */
const pastFolder = (folder: string) => `${folder.slice(0, -1)}0`;

export function createSimulatedObjectStore(deps: {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  /** The console's own origin, shown as the endpoint (it serves no S3 API). */
  endpoint: string;
}): ObjectStore {
  const { db, clock, blobs } = deps;

  /** The tenant's bucket; another tenant's is refused exactly like one that does not exist. */
  async function own(t: StoreTenant, bucket: string): Promise<SimObsBucketRow> {
    const row = await findSimBucket(db, bucket);
    if (!row || row.orgId !== t.orgId) throw new ObjectStoreError(`no bucket ${bucket}`);
    return row;
  }

  /** The tenant's bucket, with one more request counted against it. */
  async function served(t: StoreTenant, bucket: string): Promise<SimObsBucketRow> {
    const row = await own(t, bucket);
    const now = clock.now();
    await countSimRequest(db, bucket, new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS));
    return row;
  }

  async function dropBlobs(keys: string[]): Promise<void> {
    for (const key of keys) await blobs.delete(key);
  }

  return {
    simulated: true,
    endpoint: deps.endpoint,
    region: "simulated",

    async createBucket(t, bucket, opts) {
      const row = await claimSimBucket(db, {
        name: bucket,
        orgId: t.orgId,
        acl: opts.acl,
        storageClass: opts.storageClass,
        createdAt: clock.now(),
      });
      if (row.orgId !== t.orgId) throw new BucketTakenError(bucket);
    },

    async deleteBucket(t, bucket) {
      const row = await findSimBucket(db, bucket);
      if (!row) return;
      if (row.orgId !== t.orgId) throw new ObjectStoreError(`no bucket ${bucket}`);
      // The rows go with the bucket in one transaction; the bytes after (a crash leaves only bytes no row names).
      const blobKeys = await db.transaction(async (tx) => {
        const keys = await deleteSimObjects(tx, bucket, null);
        await dropSimRequests(tx, bucket);
        await dropSimBucket(tx, bucket);
        return keys;
      });
      await dropBlobs(blobKeys);
    },

    async setAcl(t, bucket, acl) {
      await served(t, bucket);
      await setSimBucketAcl(db, bucket, acl);
    },

    async stats(t, bucket) {
      await own(t, bucket);
      return simBucketStats(db, bucket);
    },

    async list(t, bucket, q): Promise<ObjectListing> {
      await served(t, bucket);
      const folders: string[] = [];
      const objects: ObjectEntry[] = [];
      let cursor =
        q.marker === undefined
          ? {}
          : q.marker.endsWith("/")
            ? { from: pastFolder(q.marker) }
            : { after: q.marker };
      let last: string | null = null;
      let more = false;
      scan: for (;;) {
        const rows = await simObjectsFrom(db, bucket, { prefix: q.prefix, ...cursor, limit: SCAN });
        for (const row of rows) {
          if (folders.length + objects.length === q.pageSize) {
            more = true;
            break scan;
          }
          // The folder's own marker object is the listing's prefix, not an entry in it.
          if (row.key === q.prefix) continue;
          const slash = row.key.indexOf("/", q.prefix.length);
          if (slash === -1) {
            objects.push(toEntry(row));
            last = row.key;
            cursor = { after: row.key };
            continue;
          }
          const folder = row.key.slice(0, slash + 1);
          folders.push(folder);
          last = folder;
          // Everything else under the folder is skipped by starting past it.
          cursor = { from: pastFolder(folder) };
          continue scan;
        }
        if (rows.length < SCAN) break;
      }
      return { prefix: q.prefix, folders, objects, nextMarker: more ? last : null };
    },

    async put(t, bucket, key, body, contentType) {
      await served(t, bucket);
      const id = newId();
      const blobKey = `${id.slice(0, 2)}/${id}`;
      await blobs.put(blobKey, body);
      const row: SimObsObjectRow = {
        bucket,
        key,
        size: body.length,
        etag: createHash("md5").update(body).digest("hex"),
        contentType,
        lastModified: clock.now(),
        blobKey,
      };
      const replaced = await upsertSimObject(db, row);
      if (replaced) await blobs.delete(replaced);
      return toEntry(row);
    },

    async get(t, bucket, key) {
      await served(t, bucket);
      const row = await findSimObject(db, bucket, key);
      if (!row) return null;
      const body = await blobs.get(row.blobKey);
      if (!body) return null;
      return { body, size: row.size, contentType: row.contentType, etag: row.etag };
    },

    async delete(t, bucket, keys) {
      await served(t, bucket);
      const blobKeys = await db.transaction(async (tx) => {
        const all: string[] = [];
        for (const key of keys) all.push(...(await deleteSimObjects(tx, bucket, key)));
        return all;
      });
      await dropBlobs(blobKeys);
      return blobKeys.length;
    },

    async presign() {
      return null;
    },

    async requests(t, bucket, from, to) {
      await own(t, bucket);
      return simRequestsBetween(db, bucket, from, to);
    },

    async createKey(t) {
      // AWS-shaped: a 20-character id and a 40-character secret.
      const accessKeyId = `SIM${randomToken(12)
        .replace(/[^A-Za-z0-9]/g, "")
        .toUpperCase()}`
        .slice(0, 20)
        .padEnd(20, "0");
      const secretAccessKey = randomToken(30);
      await insertSimKey(db, { accessKeyId, orgId: t.orgId, createdAt: clock.now() });
      return { accessKeyId, secretAccessKey };
    },

    async deleteKey(t, accessKeyId) {
      await deleteSimKey(db, t.orgId, accessKeyId);
    },
  };
}
