// HPC and AI pools as orders see them (orders/provisioning/service-domain.ts): a product whose spec
// is `hpcPool` provisions a resource of kind hpcPool whose figures are the pool's cluster,
// partition, type and limits. Every other product goes to the domain this one wraps (today's
// resources). A pool's subscription is a `resources` row like any other, so the instance reads
// and writes of provisioning are the wrapped domain's.
import { HPC_SHARED_POOL_TYPES, type HpcPoolSpec } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec, ServiceDomain } from "../orders/provisioning/service-domain";

/**
 * Dedicated pools are activated by an operator who makes a reservation for the tenant's account;
 * until that flow exists they are refused rather than provisioned as if they were shared.
 */
function assertProvisionable(spec: HpcPoolSpec): void {
  if (!HPC_SHARED_POOL_TYPES.includes(spec.poolType)) throw new DomainError("SERVICE_CONFIG_EMPTY");
}

export function poolSpecOf(spec: HpcPoolSpec): ResourceSpec {
  assertProvisionable(spec);
  return {
    hpc: {
      poolType: spec.poolType,
      clusterId: spec.clusterId,
      partition: spec.partition,
      limits: spec.limits,
    },
  };
}

export function withHpcPools(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => {
      if (spec.kind !== "hpcPool") return base.kindOf(spec);
      assertProvisionable(spec);
      return "hpcPool";
    },
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "hpcPool" ? poolSpecOf(spec) : base.specOf(spec, choice, keyPairId),
  };
}
