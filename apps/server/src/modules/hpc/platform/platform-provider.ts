// The AI development platform as orders, the lifecycle and unsubscribe see it (issue 14 items 1
// and 8). It is a subscription and nothing on a cluster: the training jobs it enables run on the
// organisation's AI pools, which are billed by their own accounting. So the service domain makes
// an `aiPlatform` instance with nothing to choose, one per organisation (a second order is
// refused in its transaction), and the provider records it at once (available; stopped while
// frozen). Its `inUse` is spec §8's "an AI resource pool must be unsubscribed first": the
// organisation's AI pools that are still subscribed keep it. Refs are `aip:<resource id>`.

import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { Provider, ProviderInstance } from "../../../providers/provider";
import { ProviderError } from "../../../providers/provider";
import type { ServiceDomain } from "../../orders/provisioning/service-domain";
import {
  countSubscribedAiPools,
  heldPlatformOf,
  openPlatformOrderOf,
  platformResource,
} from "./platform.repo";

export const PLATFORM_REF_PREFIX = "aip:";
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
      if (request.kind !== "aiPlatform") return base.assertMayOrder?.(tx, request);
      // One per organisation: a second one, or one ordered while another order of it is on its way.
      if (
        request.quantity !== 1 ||
        (await heldPlatformOf(tx, request.orgId)) ||
        (await openPlatformOrderOf(tx, request.orgId))
      )
        throw new DomainError("AI_PLATFORM_ALREADY_ENABLED");
    },
  };
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

    async inUse(ref) {
      const row = await platformResource(db, idOf(ref));
      if (!row) return null;
      return (await countSubscribedAiPools(db, row.orgId)) > 0 ? "aiPools" : null;
    },
  };
}
