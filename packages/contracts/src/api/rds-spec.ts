// Relational databases (`/mgt/rds`, CB04; issue 16 item 4): the product's specification schema —
// engines, classes and a storage range. Apart from rds.ts so that the catalogue can import it.
import { z } from "zod";

export const RDS_ENGINES = ["postgresql", "mysql"] as const;
export type RdsEngine = (typeof RDS_ENGINES)[number];
/** A database's storage: 20 to 500 GB in steps of 10. */
export const RDS_STORAGE_MIN_GB = 20;
export const RDS_STORAGE_MAX_GB = 500;
export const RDS_STORAGE_STEP_GB = 10;

const storageGb = z
  .number()
  .int("validation.quantity")
  .min(RDS_STORAGE_MIN_GB, "validation.rdsStorage")
  .max(RDS_STORAGE_MAX_GB, "validation.rdsStorage")
  .refine((gb) => gb % RDS_STORAGE_STEP_GB === 0, "validation.rdsStorage");

/**
 * A database product: the engines it offers, its classes (vCPUs and memory) and the storage a
 * tenant may choose. Priced per class (`class:<id>`): the class's monthly base plus a price per GB.
 */
export const rdsSpec = z.object({
  kind: z.literal("rds"),
  engines: z
    .array(z.enum(RDS_ENGINES))
    .min(1, "validation.required")
    .refine((e) => new Set(e).size === e.length, "validation.duplicateOption"),
  classes: z
    .array(
      z.object({
        id: z
          .string()
          .trim()
          .regex(/^[a-z0-9][a-z0-9.-]{0,31}$/, "validation.catalogCode"),
        name: z.string().trim().min(1, "validation.required").max(64, "validation.generalLength"),
        vcpu: z.number().int("validation.quantity").positive("validation.quantity").max(128),
        memoryGb: z.number().int("validation.quantity").positive("validation.quantity").max(1024),
      }),
    )
    .min(1, "validation.required")
    .max(20)
    .refine((c) => new Set(c.map((x) => x.id)).size === c.length, "validation.duplicateOption"),
  minGb: storageGb,
  maxGb: storageGb,
});
export type RdsSpec = z.infer<typeof rdsSpec>;
export const rdsClassDimension = (classId: string) => `class:${classId}`;

/** Whether `gb` is a storage size the product sells. */
export const rdsStorageAllowed = (spec: Pick<RdsSpec, "minGb" | "maxGb">, gb: number | undefined) =>
  gb !== undefined &&
  Number.isInteger(gb) &&
  gb >= spec.minGb &&
  gb <= spec.maxGb &&
  gb % RDS_STORAGE_STEP_GB === 0;
