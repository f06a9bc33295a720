// Cache instances as orders see them (orders/provisioning/service-domain.ts): a product whose spec
// is `cache` provisions a resource of kind cache whose one figure is its memory plan
// (`memoryGb`). Every other product goes to the domain this one wraps.
import { type CacheSpec, cacheMemoryAllowed, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec, ServiceDomain } from "../orders/provisioning/service-domain";

/** The instance's figures; refuses a memory plan the product does not sell. */
export function cacheSpecOf(spec: CacheSpec, choice: SpecChoice): ResourceSpec {
  if (!cacheMemoryAllowed(spec, choice.memoryGb)) throw new DomainError("CACHE_CHOICE_INVALID");
  return { memoryGb: choice.memoryGb! };
}

export function withCache(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => (spec.kind === "cache" ? "cache" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "cache" ? cacheSpecOf(spec, choice) : base.specOf(spec, choice, keyPairId),
  };
}
