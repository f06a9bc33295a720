// File storage (`/mgt/share`, CB10) and the elastic file service (`/mgt/scalableFile`, CB20; issue
// 16 item 2): the products' specification schemas. A share is sold by capacity (GB, on a step of
// FILE_SIZE_STEP_GB within the product's range and the platform's 50–500) over one protocol the
// product offers; elastic files speak NFS only. Apart from file-shares.ts so the catalogue can
// import it.
import { z } from "zod";

export const FILE_PROTOCOLS = ["NFS", "CIFS"] as const;
export type FileProtocol = (typeof FILE_PROTOCOLS)[number];
/** The one priced dimension of both: a price per GB of capacity (monthly; postpaid by the hour). */
export const FILE_CAPACITY_DIMENSION = "capacity";
/** Capacities are multiples of this many GB. */
export const FILE_SIZE_STEP_GB = 10;
const FILE_MIN_GB = 50;
const FILE_MAX_GB = 500;

const sizeGb = z
  .number()
  .int("validation.quantity")
  .min(FILE_MIN_GB, "validation.storageSize")
  .max(FILE_MAX_GB, "validation.storageSize");
const protocols = <T extends z.ZodType<FileProtocol>>(protocol: T) =>
  z
    .array(protocol)
    .min(1, "validation.required")
    .refine((p) => new Set(p).size === p.length, "validation.duplicateOption");

/** A file share product: the protocols a tenant may choose among and the capacity range. */
export const fileShareSpec = z.object({
  kind: z.literal("share"),
  protocols: protocols(z.enum(FILE_PROTOCOLS)),
  minGb: sizeGb,
  maxGb: sizeGb,
});
export type FileShareSpec = z.infer<typeof fileShareSpec>;

/** An elastic file product: NFS only, a capacity range. */
export const scalableFileSpec = z.object({
  kind: z.literal("scalableFile"),
  protocols: protocols(z.literal("NFS")),
  minGb: sizeGb,
  maxGb: sizeGb,
});
export type ScalableFileSpec = z.infer<typeof scalableFileSpec>;
