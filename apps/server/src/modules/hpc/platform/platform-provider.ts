// The AI development platform as orders, the lifecycle and unsubscribe see it (issue 14 items 1
// and 8). It is a subscription and nothing on a cluster: the training jobs it enables run on the
// organisation's AI pools, which are billed by their own accounting. So the service domain makes
// an `aiPlatform` instance with nothing to choose, one per organisation (a second order is
// refused in its transaction), and the provider records it at once (available; stopped while
// frozen). Its `inUse` is spec §8's "an AI resource pool must be unsubscribed first": the
// organisation's AI pools that are still subscribed keep it. Refs are `aip:<resource id>`.

import { AI_POOL_TYPES } from "@skyledger/contracts";
import type { Db, Tx } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { Provider, ProviderInstance } from "../../../providers/provider";
import { ProviderError } from "../../../providers/provider";
import type { ServiceDomain } from "../../orders/provisioning/service-domain";
import {
  countSubscribedAiPools,
  heldPlatformOf,
  lockPlatformsOf,
  openPlatformOrderOf,
  platformResource,
} from "./platform.repo";

export const PLATFORM_REF_PREFIX = "aip:";
const isAiPool = (poolType: string) => (AI_POOL_TYPES as readonly string[]).includes(poolType);
const idOf = (ref: string) => ref.slice(PLATFORM_REF_PREFIX.length);

const instance = (ref: string, frozen: boolean): ProviderInstance => ({
  ref,
  kind: "aiPlatform",
  state: frozen ? "stopped" : "available",
  error: null,
});

/** Orders' view of products: aiPlatform ones here, the rest to `base`. */
export function withAiPlatform(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => (spec.kind === "aiPlatform" ? "aiPlatform" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "aiPlatform" ? {} : base.specOf(spec, choice, keyPairId),
    async assertMayOrder(tx, request) {
      // An AI pool's order takes the platform's lock, which the platform's unsubscribe holds
      // while it counts the AI pools (inUseWithin below): the later of the two sees the other.
      if (request.spec.hpc && isAiPool(request.spec.hpc.poolType)) await lockPlatformsOf(tx, request.orgId);
      if (request.kind !== "aiPlatform") return base.assertMayOrder?.(tx, request);
      // One per organisation: a second one, or one ordered while another order of it is on its way.
      if (
        request.quantity !== 1 ||
        (await heldPlatformOf(tx, request.orgId)) ||
        (await openPlatformOrderOf(tx, request.orgId, request.orderId))
      )
        throw new DomainError("AI_PLATFORM_ALREADY_ENABLED");
    },
  };
}

/** Spec §8: the platform is kept while AI pools of its organisation are subscribed or ordered. */
async function aiPoolsUnder(tx: Tx, ref: string) {
  const row = await platformResource(tx, idOf(ref));
  if (!row) return null;
  return (await countSubscribedAiPools(tx, row.orgId)) > 0 ? ("aiPools" as const) : null;
}

export function createPlatformProvider(deps: { db: Db }): Provider {
  const { db } = deps;

  async function mustFind(ref: string) {
    const row = await platformResource(db, idOf(ref));
    if (!row) throw new ProviderError(`no AI development platform ${ref}`);
    return row;
  }

  return {
    name: "slurm",

    async create({ clientToken: resourceId, kind }) {
      if (kind !== "aiPlatform") throw new ProviderError(`the AI platform provider does not make ${kind}`);
      return instance(`${PLATFORM_REF_PREFIX}${resourceId}`, false);
    },

    async get(ref) {
      const row = await platformResource(db, idOf(ref));
      if (!row || row.deletedAt) return null;
      return instance(ref, row.status === "frozen");
    },

    // A freeze (arrears, expiry) and a thaw change nothing outside: the resource's status says it.
    async act(ref, action) {
      await mustFind(ref);
      if (action.op === "stop") return instance(ref, true);
      if (action.op === "start") return instance(ref, false);
      throw new ProviderError(`the AI development platform cannot ${action.op}`);
    },

    async resize() {
      throw new ProviderError("the AI development platform has nothing to resize");
    },

    async delete() {},

    async usage(_ref, from, to) {
      return { runningSeconds: Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000)) };
    },

    async metrics() {
      return [];
    },

    inUse: (ref) => aiPoolsUnder(db, ref),

    // The unsubscribe holds this platform's row lock here, which an AI pool's order takes too
    // (assertMayOrder above): an AI pool ordered since `inUse` answered is counted.
    inUseWithin: (tx, ref) => aiPoolsUnder(tx, ref),
  };
}
