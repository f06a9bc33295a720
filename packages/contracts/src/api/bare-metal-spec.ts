// Bare-metal servers (`/mgt/baremetalserver`, CB08; issue 16 item 7): the product's specification
// schema — the flavours (whole physical machines) and the images a tenant may install. Priced per
// flavour (`flavor:<id>`), as hosts are. Apart from bare-metal.ts so that the catalogue can import it.
import { z } from "zod";
import { label, namedOptions, optionId, uniqueIds } from "./catalog-options";

const count = (max: number) =>
  z.number().int("validation.quantity").positive("validation.quantity").max(max, "validation.quantityMax");

/** One flavour: a physical machine's figures as the data centre lists them. */
export const bareMetalFlavor = z.object({
  id: optionId,
  name: label,
  cpuModel: label,
  cores: count(1024),
  memoryGb: count(16_384),
  /** The local disks in words, e.g. "2 × 960 GB SSD (RAID 1)". */
  diskDesc: label,
  /** Its accelerators, when it has any. */
  gpu: z.object({ model: label, count: count(16) }).optional(),
});
export type BareMetalFlavor = z.infer<typeof bareMetalFlavor>;

export const bareMetalSpec = z.object({
  kind: z.literal("bareMetal"),
  flavors: z
    .array(bareMetalFlavor)
    .min(1, "validation.required")
    .max(50)
    .refine(uniqueIds, "validation.duplicateOption"),
  images: namedOptions(50),
});
export type BareMetalSpec = z.infer<typeof bareMetalSpec>;

export const bareMetalFlavorDimension = (flavorId: string) => `flavor:${flavorId}`;

/** The flavour `flavorId` names, when the product sells it. */
export const bareMetalFlavorOf = (spec: Pick<BareMetalSpec, "flavors">, flavorId: string | undefined) =>
  spec.flavors.find((f) => f.id === flavorId);
