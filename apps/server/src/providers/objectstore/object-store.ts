// The object store tenants' buckets live in (issue 16 item 1, decision 0026): S3 buckets, their
// objects, the requests each bucket served (billed by the hour) and the S3 access keys tools sign
// with. The console's pages and the hourly accounting reach a store only through this type: the
// simulator (simulated-object-store.ts, the embedded default) or a real S3-compatible store. Bucket
// names are one namespace across the whole store; every call names the tenant it acts for, and a
// store refuses a bucket that is not that tenant's as if it did not exist.
import type { Readable } from "node:stream";
import type { BucketAcl, ObjectEntry, ObjectListing, StorageClass } from "@skyledger/contracts";

export type StoreTenant = { orgId: string };

export type ObjectStore = {
  readonly simulated: boolean;
  /** The S3 endpoint URL shown to tenants (the simulator: the console's own origin, which serves no S3 API). */
  readonly endpoint: string;
  readonly region: string;
  /** BucketTakenError if the name exists (anyone's); idempotent for the same tenant's own bucket. */
  createBucket(
    t: StoreTenant,
    bucket: string,
    opts: { acl: BucketAcl; storageClass: StorageClass },
  ): Promise<void>;
  /** Deletes every object first; an absent bucket is done already. */
  deleteBucket(t: StoreTenant, bucket: string): Promise<void>;
  setAcl(t: StoreTenant, bucket: string, acl: BucketAcl): Promise<void>;
  stats(t: StoreTenant, bucket: string): Promise<{ bytes: number; objects: number }>;
  list(
    t: StoreTenant,
    bucket: string,
    q: { prefix: string; marker?: string; pageSize: number },
  ): Promise<ObjectListing>;
  put(t: StoreTenant, bucket: string, key: string, body: Buffer, contentType: string): Promise<ObjectEntry>;
  get(
    t: StoreTenant,
    bucket: string,
    key: string,
  ): Promise<{ body: Readable; size: number; contentType: string; etag: string } | null>;
  /** A key ending "/" deletes everything under it; answers the count deleted. */
  delete(t: StoreTenant, bucket: string, keys: string[]): Promise<number>;
  /** A URL anyone may GET the object with until `expiresSeconds` pass; null when the store cannot sign (the simulator): the service then makes its own signed token link /api/obs/shared/:token. */
  presign(t: StoreTenant, bucket: string, key: string, expiresSeconds: number): Promise<string | null>;
  /** Requests the store served for the bucket in [from, to) (all of them: console and S3 tools). */
  requests(t: StoreTenant, bucket: string, from: Date, to: Date): Promise<number>;
  createKey(t: StoreTenant): Promise<{ accessKeyId: string; secretAccessKey: string }>;
  deleteKey(t: StoreTenant, accessKeyId: string): Promise<void>;
};

/** A refusal of the store; its message is kept for the order's log or shown quoted (never a secret). */
export class ObjectStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ObjectStoreError";
  }
}

export class BucketTakenError extends ObjectStoreError {
  constructor(bucket: string) {
    super(`bucket ${bucket} exists`);
    this.name = "BucketTakenError";
  }
}

/** The last segment of a key (a folder's keeps its "/"): what a listing shows. */
export function entryName(key: string): string {
  const trimmed = key.endsWith("/") ? key.slice(0, -1) : key;
  const at = trimmed.lastIndexOf("/");
  return key.slice(at + 1);
}
