// HPC and AI pools as orders see them (orders/provisioning/service-domain.ts): a product whose spec
// is `hpcPool` provisions a resource of kind hpcPool whose figures are the pool's cluster,
// partition, type and limits. Every other product goes to the domain this one wraps (today's
// resources). A pool's subscription is a `resources` row like any other, so the instance reads
// and writes of provisioning are the wrapped domain's. A dedicated pool (sold by the node) waits
// for an operator's activation; provisioning then reserves its nodes (pool-provider.ts).
import { HPC_DEDICATED_POOL_TYPES, type HpcPoolSpec, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec, ServiceDomain } from "../orders/provisioning/service-domain";
import type { DedicatedCapacity } from "./dedicated-capacity";

export const isDedicated = (spec: Pick<HpcPoolSpec, "poolType">): boolean =>
  HPC_DEDICATED_POOL_TYPES.includes(spec.poolType);

/**
 * A dedicated pool's nodes: a whole number from 1 to what the product sells of its partition. An
 * operator approves the application (orders' manual activation, third-party.ts) before anything is
 * made; the cluster may still be short of free nodes then, and says so at approval.
 */
function nodesOf(spec: HpcPoolSpec, choice: SpecChoice): number | undefined {
  if (!isDedicated(spec)) return undefined;
  const nodes = choice.units ?? 1;
  const max = spec.maxNodes ?? 1;
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > max)
    throw new DomainError("HPC_NODES_OUT_OF_RANGE", { max: String(max) });
  return nodes;
}

export function poolSpecOf(spec: HpcPoolSpec, choice: SpecChoice = {}): ResourceSpec {
  const nodes = nodesOf(spec, choice);
  return {
    ...(nodes === undefined ? {} : { units: nodes }),
    hpc: {
      poolType: spec.poolType,
      clusterId: spec.clusterId,
      partition: spec.partition,
      limits: spec.limits,
      ...(nodes === undefined ? {} : { nodes }),
    },
  };
}

/**
 * `capacity` answers whether a dedicated pool's nodes are free now: an activation it refuses
 * leaves the application waiting (dedicated-capacity.ts).
 */
export function withHpcPools(base: ServiceDomain, capacity?: DedicatedCapacity): ServiceDomain {
  return {
    ...base,
    async checkActivation(spec) {
      const hpc = spec.hpc;
      if (hpc?.nodes === undefined) return base.checkActivation?.(spec);
      await capacity?.assertFree({ clusterId: hpc.clusterId, partition: hpc.partition, nodes: hpc.nodes });
    },
    kindOf: (spec) => (spec.kind === "hpcPool" ? "hpcPool" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "hpcPool" ? poolSpecOf(spec, choice) : base.specOf(spec, choice, keyPairId),
  };
}
