// A tenant's choice of a bucket (object storage, issue 16 item 1): a storage class the product
// offers, and for an order the bucket's S3 name (checked by obs-spec.ts's rules when the request
// is parsed) and its access. The price inquiry needs only the class; ordering needs all three.
import type { BucketAcl, BucketSpec, SpecChoice, StorageClass } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

export function bucketClassOf(spec: BucketSpec, choice: SpecChoice): StorageClass {
  const storageClass = choice.storageClass;
  if (!storageClass || !spec.storageClasses.includes(storageClass))
    throw new DomainError("BUCKET_CHOICE_INVALID");
  return storageClass;
}

export function bucketChoiceOf(
  spec: BucketSpec,
  choice: SpecChoice,
): { bucketName: string; storageClass: StorageClass; acl: BucketAcl } {
  const storageClass = bucketClassOf(spec, choice);
  if (!choice.bucketName || !choice.acl) throw new DomainError("BUCKET_CHOICE_INVALID");
  return { bucketName: choice.bucketName, storageClass, acl: choice.acl };
}
