// Buckets as orders see them (orders/provisioning/service-domain.ts): a product whose spec is
// `bucket` provisions one resource of kind bucket named by the tenant's S3 name, class and access.
// The name is one namespace on the whole platform: an order is refused while a live bucket, one
// being made or another open order has it (the check holds the name's lock, so two orders of one
// name at once see each other). Every other product goes to the domain this one wraps.
import { DomainError } from "../../platform/http/errors";
import { bucketChoiceOf } from "../catalog/bucket-choice";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import { bucketNameTaken, lockBucketName } from "./obs.repo";

export function withBuckets(base: ServiceDomain): ServiceDomain {
  return {
    ...base,
    kindOf: (spec) => (spec.kind === "bucket" ? "bucket" : base.kindOf(spec)),
    specOf: (spec, choice, keyPairId) =>
      spec.kind === "bucket" ? bucketChoiceOf(spec, choice) : base.specOf(spec, choice, keyPairId),
    async assertMayOrder(tx, request) {
      if (request.kind !== "bucket") return base.assertMayOrder?.(tx, request);
      // A name is one bucket: an order makes exactly one.
      if (request.quantity !== 1) throw new DomainError("BUCKET_ONE_PER_ORDER");
      const name = request.spec.bucketName!;
      await lockBucketName(tx, name);
      if (await bucketNameTaken(tx, name, request.orderId))
        throw new DomainError("BUCKET_NAME_TAKEN", { name });
    },
  };
}
