// A managed service's plan change (a database's class and storage, a cache instance's memory, a
// message queue's plan): what the dialog may offer and the change's body, null while nothing differs.
import type { ResizeBody, ResourceRecord, SpecSchema } from "@skyledger/contracts";

type SpecChoice = ResizeBody["spec"];

export type PlanKind = "rds" | "cache" | "queue";
export const isPlanKind = (kind: string): kind is PlanKind =>
  kind === "rds" || kind === "cache" || kind === "queue";

export type PlanValues = {
  flavorId?: string | undefined;
  sizeGb?: number | null | undefined;
  memoryGb?: number | undefined;
};

/** What the resource has now, as the dialog's starting values. */
export function currentPlan(r: Pick<ResourceRecord, "spec">): PlanValues {
  const spec = r.spec as { flavorId?: string; sizeGb?: number; memoryGb?: number };
  return { flavorId: spec.flavorId, sizeGb: spec.sizeGb, memoryGb: spec.memoryGb };
}

/** The change's spec, or null while the choice is incomplete or the same as now. */
export function planChangeSpec(
  kind: PlanKind,
  product: SpecSchema | undefined,
  now: PlanValues,
  wanted: PlanValues,
): SpecChoice | null {
  if (!product || product.kind !== kind) return null;
  switch (product.kind) {
    case "queue":
      return wanted.flavorId &&
        wanted.flavorId !== now.flavorId &&
        product.plans.some((p) => p.id === wanted.flavorId)
        ? { flavorId: wanted.flavorId }
        : null;
    case "cache":
      return wanted.memoryGb && wanted.memoryGb !== now.memoryGb && product.memoryGb.includes(wanted.memoryGb)
        ? { memoryGb: wanted.memoryGb }
        : null;
    case "rds": {
      const flavorId = wanted.flavorId ?? now.flavorId;
      const sizeGb = wanted.sizeGb ?? now.sizeGb;
      if (!flavorId || !sizeGb || !product.classes.some((c) => c.id === flavorId)) return null;
      if (flavorId === now.flavorId && sizeGb === now.sizeGb) return null;
      return { flavorId, sizeGb };
    }
    default:
      return null;
  }
}
