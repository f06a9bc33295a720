// Relational databases as orders see them (orders/provisioning/service-domain.ts): a product whose
// spec is `rds` provisions a resource of kind rds whose figures are the chosen engine, class
// (`flavorId`, with its vCPUs and memory) and storage (`sizeGb`). Every other product goes to the
// domain this one wraps. A database's subscription is a `resources` row like any other, so the
// instance reads and writes of provisioning are the wrapped domain's.
import { type RdsSpec, rdsStorageAllowed, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec, ServiceDomain } from "../orders/provisioning/service-domain";

/** The instance's figures; refuses an engine, class or storage size the product does not sell. */
export function rdsSpecOf(spec: RdsSpec, choice: SpecChoice): ResourceSpec {
  const engine = choice.engine ?? (spec.engines.length === 1 ? spec.engines[0] : undefined);
  const dbClass = spec.classes.find((c) => c.id === choice.flavorId);
  if (!engine || !spec.engines.includes(engine) || !dbClass || !rdsStorageAllowed(spec, choice.sizeGb))
    throw new DomainError("RDS_CHOICE_INVALID");
  return {
    engine,
    flavorId: dbClass.id,
    vcpu: dbClass.vcpu,
    memoryGb: dbClass.memoryGb,
    sizeGb: choice.sizeGb!,
  };
}

export function withRds(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => (spec.kind === "rds" ? "rds" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "rds" ? rdsSpecOf(spec, choice) : base.specOf(spec, choice, keyPairId),
  };
}
