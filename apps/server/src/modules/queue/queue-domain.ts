// Message-queue instances as orders see them (orders/provisioning/service-domain.ts): a product
// whose spec is `queue` provisions a resource of kind queue whose figures are the plan chosen
// (`flavorId`) and its limits. Every other product goes to the domain this one wraps.
import { type QueueSpec, queuePlanOf, type SpecChoice } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";
import type { ResourceSpec, ServiceDomain } from "../orders/provisioning/service-domain";

/** The instance's figures; refuses a plan the product does not sell. */
export function queueSpecOf(spec: QueueSpec, choice: SpecChoice): ResourceSpec {
  const plan = queuePlanOf(spec, choice.flavorId);
  if (!plan) throw new DomainError("QUEUE_CHOICE_INVALID");
  return { flavorId: plan.id, maxQueues: plan.maxQueues, maxConnections: plan.maxConnections };
}

export function withQueue(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => (spec.kind === "queue" ? "queue" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "queue" ? queueSpecOf(spec, choice) : base.specOf(spec, choice, keyPairId),
  };
}
