// Whether an organisation has the AI development platform (`/mgt/modelarts` asks before offering
// training, and the training calls refuse without it), and the product that enables it.
import type { AiPlatformStatus } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import { heldPlatformOf, listedPlatformProduct, openPlatformOrderOf } from "./platform.repo";

/** The platform takes training jobs while its subscription is up (not frozen, not on its way). */
const ENABLED = new Set(["available", "running", "using"]);

export type PlatformService = ReturnType<typeof createPlatformService>;

export function createPlatformService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async status(ctx: RequestContext): Promise<AiPlatformStatus> {
      const orgId = ctx.ownTenant();
      const held = await heldPlatformOf(db, orgId);
      const product = await listedPlatformProduct(db);
      return {
        enabled: held !== undefined && ENABLED.has(held.status),
        resourceId: held?.id ?? null,
        status: held?.status ?? null,
        pendingOrderId: held ? null : ((await openPlatformOrderOf(db, orgId)) ?? null),
        product: product ?? null,
      };
    },

    /**
     * Refuses a training call of an organisation without the platform (27210), or whose platform
     * is frozen (27212: it is theirs, and a top-up or their administrator brings it back).
     */
    async assertEnabled(orgId: string): Promise<void> {
      const held = await heldPlatformOf(db, orgId);
      if (held?.status === "frozen") throw new DomainError("AI_PLATFORM_FROZEN");
      if (!held || !ENABLED.has(held.status)) throw new DomainError("AI_PLATFORM_NOT_ENABLED");
    },
  };
}
