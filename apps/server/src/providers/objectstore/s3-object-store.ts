// Buckets on an S3-compatible store (decision 0026): Swift with its s3api middleware here, signed
// by Keystone's EC2 credentials. Each organisation has its own Keystone project (its own Swift
// account, keystone-accounts.ts); the console signs its calls with that organisation's own
// credential, so a call for one tenant cannot touch another's buckets whatever name it carries.
// Stored bytes are read from Swift's container HEAD with the admin token (S3 has no such call);
// requests are counted from the store's access log (access-log.ts).
import type { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutBucketAclCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ObjectEntry } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { createOpenStackClient } from "../network/openstack/openstack-client";
import { type AccessLogCollector, startAccessLogCollector } from "./access-log";
import { createKeystoneAccounts, type StoreAccount, storeCall } from "./keystone-accounts";
import { BucketTakenError, type ObjectStore, ObjectStoreError, type StoreTenant } from "./object-store";
import { requestCountBetween } from "./s3-object-store.repo";

export type S3StoreConfig = {
  /** The S3 endpoint, a Swift proxy with s3api: its native API answers under `/v1` too. */
  endpoint: string;
  region: string;
  keystone: { authUrl: string; username: string; password: string; project: string; domain: string };
  /** `host:port` the store's access log lines arrive on (UDP); unset: requests are not counted. */
  accessLogUdp: string | undefined;
};

const nameOf = (key: string, prefix: string) => key.slice(prefix.length).replace(/\/$/, "");

/** The SDK's refusals in the object store's words; the caller's own errors pass. */
async function s3<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof S3ServiceException) throw new ObjectStoreError(`${err.name}: ${err.message}`);
    if (err instanceof Error && "code" in err && err.code === "ECONNREFUSED")
      throw new ObjectStoreError(`the object store is unreachable: ${err.message}`);
    throw err;
  }
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey");

export async function createS3ObjectStore(
  config: S3StoreConfig,
  deps: { db: Db; secrets: Secrets; log: (message: string) => void },
): Promise<ObjectStore & { close(): Promise<void> }> {
  const keystone = createOpenStackClient({ ...config.keystone, publicNetwork: "" });
  const accounts = createKeystoneAccounts({ db: deps.db, secrets: deps.secrets, keystone });
  const clients = new Map<string, S3Client>();
  const collector: AccessLogCollector | null = config.accessLogUdp
    ? await startAccessLogCollector(deps.db, config.accessLogUdp, deps.log)
    : null;

  function clientOf(a: StoreAccount): S3Client {
    let client = clients.get(a.orgId);
    if (!client) {
      client = new S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        credentials: { accessKeyId: a.accessKeyId, secretAccessKey: a.secretAccessKey },
        // Swift's s3api predates S3's trailing checksums: only where S3 itself requires one.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      clients.set(a.orgId, client);
    }
    return client;
  }
  const forTenant = async (t: StoreTenant) => clientOf(await accounts.account(t.orgId));

  /** Every key under `prefix` (all of a bucket with ""), in order. */
  async function allKeys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const page = await s3(() =>
        client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker })),
      );
      for (const o of page.Contents ?? []) keys.push(o.Key!);
      if (!page.IsTruncated || !page.Contents?.length) return keys;
      marker = page.Contents.at(-1)!.Key;
    }
  }

  async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
    // One at a time in small groups: s3api's multi-delete wants a Content-MD5 the SDK no longer sends.
    for (let i = 0; i < keys.length; i += 8) {
      await Promise.all(
        keys
          .slice(i, i + 8)
          .map((Key) => s3(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })))),
      );
    }
  }

  async function entryOf(client: S3Client, bucket: string, key: string): Promise<ObjectEntry> {
    const head = await s3(() => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
    return {
      key,
      name: nameOf(key, key.slice(0, key.replace(/\/$/, "").lastIndexOf("/") + 1)),
      size: head.ContentLength ?? 0,
      lastModified: (head.LastModified ?? new Date()).toISOString(),
      etag: (head.ETag ?? "").replaceAll('"', ""),
      contentType: head.ContentType ?? null,
    };
  }

  return {
    simulated: false,
    endpoint: config.endpoint,
    region: config.region,

    async createBucket(t, bucket, { acl }) {
      const client = await forTenant(t);
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket, ACL: acl }));
      } catch (err) {
        if (err instanceof S3ServiceException && err.name === "BucketAlreadyOwnedByYou") return;
        if (err instanceof S3ServiceException && err.name === "BucketAlreadyExists")
          throw new BucketTakenError(bucket);
        return s3(() => Promise.reject(err));
      }
    },

    async deleteBucket(t, bucket) {
      const client = await forTenant(t);
      try {
        await deleteKeys(client, bucket, await allKeys(client, bucket, ""));
        await client.send(new DeleteBucketCommand({ Bucket: bucket }));
      } catch (err) {
        if (missing(err) || (err instanceof ObjectStoreError && err.message.startsWith("NoSuchBucket")))
          return;
        return s3(() => Promise.reject(err));
      }
    },

    async setAcl(t, bucket, acl) {
      const client = await forTenant(t);
      await s3(() => client.send(new PutBucketAclCommand({ Bucket: bucket, ACL: acl })));
    },

    async stats(t, bucket) {
      const a = await accounts.account(t.orgId);
      // The container's own counts (its account's listing catches up only when Swift's updater runs).
      const headers = await storeCall(() =>
        keystone.headers("object-store", {
          method: "HEAD",
          baseUrl: `${config.endpoint}/v1/AUTH_${a.projectId}`,
          path: `/${encodeURIComponent(bucket)}`,
        }),
      );
      return {
        bytes: Number(headers.get("x-container-bytes-used") ?? 0),
        objects: Number(headers.get("x-container-object-count") ?? 0),
      };
    },

    async list(t, bucket, q) {
      const client = await forTenant(t);
      const page = await s3(() =>
        client.send(
          new ListObjectsCommand({
            Bucket: bucket,
            Prefix: q.prefix,
            Delimiter: "/",
            Marker: q.marker,
            MaxKeys: q.pageSize,
          }),
        ),
      );
      const objects = (page.Contents ?? [])
        // A folder's own marker object is the folder, not an entry in it.
        .filter((o) => o.Key !== q.prefix)
        .map((o) => ({
          key: o.Key!,
          name: nameOf(o.Key!, q.prefix),
          size: o.Size ?? 0,
          lastModified: (o.LastModified ?? new Date()).toISOString(),
          etag: (o.ETag ?? "").replaceAll('"', ""),
          contentType: null,
        }));
      const folders = (page.CommonPrefixes ?? []).map((p) => p.Prefix!);
      const last = [...folders, ...(page.Contents ?? []).map((o) => o.Key!)].sort().at(-1);
      return {
        prefix: q.prefix,
        folders,
        objects,
        nextMarker: page.IsTruncated ? (page.NextMarker ?? last ?? null) : null,
      };
    },

    async put(t, bucket, key, body, contentType) {
      const client = await forTenant(t);
      await s3(() =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType })),
      );
      return entryOf(client, bucket, key);
    },

    async get(t, bucket, key) {
      const client = await forTenant(t);
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: got.Body as Readable,
          size: got.ContentLength ?? 0,
          contentType: got.ContentType ?? "application/octet-stream",
          etag: (got.ETag ?? "").replaceAll('"', ""),
        };
      } catch (err) {
        if (missing(err)) return null;
        return s3(() => Promise.reject(err));
      }
    },

    async delete(t, bucket, keys) {
      const client = await forTenant(t);
      const doomed = new Set<string>();
      for (const key of keys) {
        if (key.endsWith("/")) for (const k of await allKeys(client, bucket, key)) doomed.add(k);
        else {
          try {
            await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
            doomed.add(key);
          } catch (err) {
            if (!missing(err)) return s3(() => Promise.reject(err));
          }
        }
      }
      await deleteKeys(client, bucket, [...doomed]);
      return doomed.size;
    },

    async presign(t, bucket, key, expiresSeconds) {
      const client = await forTenant(t);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
        expiresIn: expiresSeconds,
      });
    },

    async requests(_t, bucket, from, to) {
      await collector?.flush();
      return requestCountBetween(deps.db, bucket, from, to);
    },

    createKey: (t) => accounts.createKey(t.orgId),
    deleteKey: (t, accessKeyId) => accounts.deleteKey(t.orgId, accessKeyId),

    async close() {
      await collector?.close();
      for (const client of clients.values()) client.destroy();
    },
  };
}
