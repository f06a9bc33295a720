// Object storage (`/mgt/obs`, CB05; issue 16 item 1): the product's specification schema and the
// bucket rules both sides check. A bucket is sold postpaid only and costs nothing by itself: each
// hour its stored bytes are charged at the storage class's price per GB-month (÷ 720) and its
// requests at the price per 10,000 (modules/obs accounting). Apart from obs.ts so that the
// catalogue can import it.
import { z } from "zod";

export const STORAGE_CLASSES = ["standard", "infrequent", "archive"] as const;
export type StorageClass = (typeof STORAGE_CLASSES)[number];
export const BUCKET_ACLS = ["private", "public-read"] as const;
export type BucketAcl = (typeof BUCKET_ACLS)[number];

/** The priced dimension of a storage class: its price per GB-month of stored bytes. */
export const obsStorageDimension = (storageClass: StorageClass) => `storage:${storageClass}`;
/** The priced dimension of requests: the price per REQUESTS_PER_PRICE_UNIT requests. */
export const OBS_REQUESTS_DIMENSION = "requests";
export const REQUESTS_PER_PRICE_UNIT = 10_000;

/** An object storage product: the storage classes a tenant may choose among (each priced). */
export const bucketSpec = z.object({
  kind: z.literal("bucket"),
  storageClasses: z
    .array(z.enum(STORAGE_CLASSES))
    .min(1, "validation.required")
    .refine((c) => new Set(c).size === c.length, "validation.duplicateOption"),
});
export type BucketSpec = z.infer<typeof bucketSpec>;

/**
 * S3's bucket naming rules (the names are one namespace on the whole platform): 3–63 characters of
 * lowercase letters, digits, hyphens and dots; a letter or digit first and last; no two adjacent
 * dots; not shaped like an IPv4 address; not starting `xn--` or `sthree-`, not ending `-s3alias`.
 * Answers the validation message key of the first rule broken, or null.
 */
export function bucketNameProblem(name: string): string | null {
  if (name.length < 3 || name.length > 63) return "validation.bucketNameLength";
  if (!/^[a-z0-9.-]+$/.test(name)) return "validation.bucketNameChars";
  if (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name)) return "validation.bucketNameEnds";
  if (name.includes("..") || name.includes(".-") || name.includes("-.")) return "validation.bucketNameDots";
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) return "validation.bucketNameIp";
  if (name.startsWith("xn--") || name.startsWith("sthree-") || name.endsWith("-s3alias"))
    return "validation.bucketNameReserved";
  return null;
}

export const bucketName = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = bucketNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * The resource name an order of bucket `name` is given (resource names are at most 24 letters,
 * digits and hyphens): dots become hyphens, cut to 24, no hyphen last.
 */
export const bucketResourceName = (name: string): string =>
  name.replace(/\./g, "-").slice(0, 24).replace(/-+$/, "");

/** Object keys: 1–1024 UTF-8 bytes, no leading slash, no control characters. */
export const OBJECT_KEY_MAX_BYTES = 1024;
export function objectKeyProblem(key: string): string | null {
  if (key.length === 0 || new TextEncoder().encode(key).length > OBJECT_KEY_MAX_BYTES)
    return "validation.objectKeyLength";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (key.startsWith("/") || /[\u0000-\u001f\u007f]/.test(key) || key.split("/").includes(".."))
    return "validation.objectKeyChars";
  return null;
}
export const objectKey = z.string().superRefine((key, ctx) => {
  const problem = objectKeyProblem(key);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** Uploads through the console are at most this large (S3 tools with the access keys have no such limit). */
export const MAX_OBJECT_UPLOAD_BYTES = 100 * 1024 * 1024;
/** A share link lives from one minute to seven days (S3's own limit for presigned URLs). */
export const SHARE_LINK_MIN_SECONDS = 60;
export const SHARE_LINK_MAX_SECONDS = 7 * 24 * 3600;
