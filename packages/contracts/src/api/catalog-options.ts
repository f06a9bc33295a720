// The pieces a product's specification schema is made of, shared by the catalogue's kinds and the
// kinds kept in files of their own (bare-metal-spec.ts): an option's id, a name, and a list of
// named options with distinct ids.
import { z } from "zod";

export const optionId = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{0,31}$/, "validation.catalogCode");
export const label = z.string().trim().min(1, "validation.required").max(64, "validation.generalLength");

export const uniqueIds = (items: { id: string }[]) => new Set(items.map((i) => i.id)).size === items.length;

/** One to `max` options, each an id and a name, no id twice (images, disk types…). */
export const namedOptions = (max: number) =>
  z
    .array(z.object({ id: optionId, name: label }))
    .min(1, "validation.required")
    .max(max)
    .refine(uniqueIds, "validation.duplicateOption");
