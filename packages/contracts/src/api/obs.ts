// Object storage (`/mgt/obs`, `/mgt/obs/detail/{id}`, CB05; issue 16 item 1) as the tenant's pages
// show it: buckets with their class, access and usage; the objects and folders of a bucket; share
// links; and the access keys S3 tools sign with.
import { z } from "zod";
import {
  BUCKET_ACLS,
  MAX_OBJECT_UPLOAD_BYTES,
  objectKey,
  SHARE_LINK_MAX_SECONDS,
  SHARE_LINK_MIN_SECONDS,
  STORAGE_CLASSES,
} from "./obs-spec";
import { resourceRecord } from "./resources";

/** Where S3 tools reach the bucket. `simulated`: no real object store holds it (the embedded default). */
export const bucketEndpoint = z.object({
  /** The S3 endpoint URL (path-style addressing: `<endpoint>/<bucket>/<key>`). */
  endpoint: z.string(),
  region: z.string(),
  simulated: z.boolean(),
});
export type BucketEndpoint = z.infer<typeof bucketEndpoint>;

/** What a bucket holds now and what this month's usage has cost so far. */
export const bucketUsage = z.object({
  bytes: z.number().int(),
  objects: z.number().int(),
  /** Requests counted this calendar month (business time zone). */
  requestsThisMonth: z.number().int(),
  /** Yuan with 5 decimals charged for this bucket this month. */
  chargedThisMonth: z.string(),
  /** When the usage was last read from the object store (ISO), null before the first reading. */
  measuredAt: z.string().nullable(),
});
export type BucketUsage = z.infer<typeof bucketUsage>;

/** One bucket: the resource, its S3 name, class and access, where to reach it and its usage. */
export const bucket = resourceRecord.extend({
  bucketName: z.string().nullable(),
  storageClass: z.enum(STORAGE_CLASSES).nullable(),
  acl: z.enum(BUCKET_ACLS).nullable(),
  location: bucketEndpoint.nullable(),
  usage: bucketUsage.nullable(),
});
export type Bucket = z.infer<typeof bucket>;

/** Changing who may read a bucket's objects without signing. */
export const bucketAclBody = z.object({ acl: z.enum(BUCKET_ACLS) });
export type BucketAclBody = z.input<typeof bucketAclBody>;

/** One page of a bucket's listing under `prefix`: its folders (common prefixes) and objects. */
export const objectListQuery = z.object({
  /** "" for the top; otherwise a folder's key ending with "/". */
  prefix: z.string().max(1024).default(""),
  /** The key after which the page starts (the previous page's `nextMarker`). */
  marker: z.string().max(1024).optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
});
export const objectEntry = z.object({
  key: z.string(),
  /** The last segment of the key: what the listing shows. */
  name: z.string(),
  size: z.number().int(),
  lastModified: z.string(),
  etag: z.string(),
  contentType: z.string().nullable(),
});
export type ObjectEntry = z.infer<typeof objectEntry>;
export const objectListing = z.object({
  prefix: z.string(),
  /** Folder keys directly under the prefix, each ending with "/". */
  folders: z.array(z.string()),
  objects: z.array(objectEntry),
  /** Set when more follow: pass it as `marker` for the next page. */
  nextMarker: z.string().nullable(),
});
export type ObjectListing = z.infer<typeof objectListing>;

/** An object named by its key (download, delete, share). */
export const objectKeyQuery = z.object({ key: objectKey });

/**
 * An upload: the body is the bytes (application/octet-stream, at most MAX_OBJECT_UPLOAD_BYTES); the
 * query names the key, its content type and the hex SHA-256 of the body (checked by the server).
 */
export const objectUploadQuery = z.object({
  key: objectKey,
  contentType: z.string().trim().max(255).optional(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "validation.required"),
});
export type ObjectUploadQuery = z.input<typeof objectUploadQuery>;
export const OBJECT_UPLOAD_LIMIT = MAX_OBJECT_UPLOAD_BYTES;

/** A folder is an empty object whose key ends with "/". */
export const folderBody = z.object({ key: objectKey });
export type FolderBody = z.input<typeof folderBody>;

/** Deleting several objects (a folder is deleted with everything under it). */
export const objectDeleteBody = z.object({ keys: z.array(objectKey).min(1).max(1000) });
export type ObjectDeleteBody = z.input<typeof objectDeleteBody>;
export const objectDeleteResult = z.object({ deleted: z.number().int() });

/** A link anyone may download one object with until it expires. */
export const shareLinkBody = z.object({
  key: objectKey,
  expiresSeconds: z
    .number()
    .int("validation.quantity")
    .min(SHARE_LINK_MIN_SECONDS, "validation.shareLinkExpiry")
    .max(SHARE_LINK_MAX_SECONDS, "validation.shareLinkExpiry"),
});
export type ShareLinkBody = z.input<typeof shareLinkBody>;
export const shareLink = z.object({ url: z.string(), expiresAt: z.string() });
export type ShareLink = z.infer<typeof shareLink>;

/** An S3 access key of the organisation's object storage (the secret is never shown again). */
export const obsAccessKey = z.object({
  accessKeyId: z.string(),
  description: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ObsAccessKey = z.infer<typeof obsAccessKey>;
export const obsAccessKeyBody = z.object({ description: z.string().trim().max(64).default("") });
export type ObsAccessKeyBody = z.input<typeof obsAccessKeyBody>;
/** A new key's answer: the secret, shown this once. */
export const obsAccessKeySecret = obsAccessKey.extend({ secretAccessKey: z.string() });
export type ObsAccessKeySecret = z.infer<typeof obsAccessKeySecret>;
export const obsAccessKeyParams = z.object({ accessKeyId: z.string().min(1).max(128) });
/** At most this many keys per organisation (S3 tools rarely need more than two, for rotation). */
export const OBS_ACCESS_KEYS_MAX = 5;
