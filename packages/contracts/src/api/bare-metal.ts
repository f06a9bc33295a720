// Bare-metal servers (`/mgt/baremetalserver`, CB08) as the tenant's pages show them: the resource,
// the flavour's figures and the image installed. Every server is made on the simulator (decision
// 0027), which `simulated` says on every page.
import { z } from "zod";
import { resourceRecord } from "./resources";

/** A server's machine as it was bought (the flavour's figures are copied at order time). */
export const bareMetalMachine = z.object({
  flavorId: z.string(),
  flavorName: z.string(),
  cpuModel: z.string(),
  cores: z.number().int(),
  memoryGb: z.number().int(),
  diskDesc: z.string(),
  gpuModel: z.string().nullable(),
  gpuCount: z.number().int(),
  imageId: z.string(),
  imageName: z.string(),
});
export type BareMetalMachine = z.infer<typeof bareMetalMachine>;

export const bareMetalServer = resourceRecord.extend({
  machine: bareMetalMachine.nullable(),
  /** Always true: no physical machine stands behind it (decision 0027). */
  simulated: z.literal(true),
});
export type BareMetalServer = z.infer<typeof bareMetalServer>;

export const BARE_METAL_ACTIONS = ["start", "stop", "reboot"] as const;
export type BareMetalAction = (typeof BARE_METAL_ACTIONS)[number];
export const bareMetalActionBody = z.object({ action: z.enum(BARE_METAL_ACTIONS) });
