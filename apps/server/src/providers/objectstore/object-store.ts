// The object-store SPI between the object storage module and where buckets live: the simulator
// (embedded default) or an S3-compatible store reached with the AWS SDK (Swift with s3api and
// Keystone here, decision 0026). Every call names the tenant (its organisation): a real store keeps
// one account per organisation, so one tenant's calls can never reach another's buckets.
import type { Readable } from "node:stream";
import type { BucketAcl, ObjectEntry, ObjectListing, StorageClass } from "@skyledger/contracts";

export type StoreTenant = { orgId: string };

export type ObjectStore = {
  readonly simulated: boolean;
  /** The S3 endpoint URL shown to tenants. */
  readonly endpoint: string;
  readonly region: string;
  /** BucketTakenError when the name is taken; done when it is already the tenant's own bucket. */
  createBucket(
    t: StoreTenant,
    bucket: string,
    opts: { acl: BucketAcl; storageClass: StorageClass },
  ): Promise<void>;
  /** Deletes every object first; a bucket that is not there is done. */
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
  /** A key ending with "/" deletes everything under it; answers how many objects went. */
  delete(t: StoreTenant, bucket: string, keys: string[]): Promise<number>;
  /**
   * A URL anyone may GET the object with until `expiresSeconds` pass; null when the store cannot
   * sign (the simulator): the service then makes its own signed link.
   */
  presign(t: StoreTenant, bucket: string, key: string, expiresSeconds: number): Promise<string | null>;
  /** Requests the store served for the bucket in [from, to): the console's and S3 tools'. */
  requests(t: StoreTenant, bucket: string, from: Date, to: Date): Promise<number>;
  createKey(t: StoreTenant): Promise<{ accessKeyId: string; secretAccessKey: string }>;
  deleteKey(t: StoreTenant, accessKeyId: string): Promise<void>;
};

/** The store refused or failed a call: its own words are kept. */
export class ObjectStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ObjectStoreError";
  }
}

/** The bucket name is taken. */
export class BucketTakenError extends ObjectStoreError {
  constructor(bucket: string) {
    super(`the bucket name ${bucket} is taken`);
    this.name = "BucketTakenError";
  }
}
