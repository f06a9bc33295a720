// The bucket purchase form's values as the API takes them. A bucket is postpaid only and costs
// nothing when bought: its order names the resource after the bucket (bucketResourceName) and
// carries the S3 name, the storage class and the access.
import {
  type BucketAcl,
  type BucketSpec,
  bucketName,
  bucketResourceName,
  type ServiceApplyBody,
  type StorageClass,
  type UnitPrice,
} from "@skyledger/contracts";
import type { ListedProduct } from "../services/services-api";

export type BucketProduct = ListedProduct & { spec: BucketSpec };
export const isBucketProduct = (p: ListedProduct): p is BucketProduct => p.spec.kind === "bucket";

export type BucketPurchaseValues = {
  productCode?: string;
  bucketName?: string;
  storageClass?: StorageClass;
  acl?: BucketAcl;
  projectId?: string | null;
};

/** Values a newly picked product starts with: its first storage class, private. */
export const bucketDefaults = (product: BucketProduct): BucketPurchaseValues => ({
  storageClass: product.spec.storageClasses[0],
  acl: "private",
});

/** The apply body of validated form values (the name is trimmed as the server's schema trims it). */
export function toBucketApplyBody(values: BucketPurchaseValues, product: BucketProduct): ServiceApplyBody {
  const name = bucketName.parse(values.bucketName ?? "");
  return {
    productCode: product.code,
    spec: { bucketName: name, storageClass: values.storageClass, acl: values.acl ?? "private" },
    name: bucketResourceName(name),
    quantity: 1,
    paymentType: "postpaid",
    keyPairId: null,
    projectId: values.projectId ?? null,
  };
}

/** A product's price of one dimension (storage:<class> or requests), or undefined when it has none. */
export const priceOf = (prices: readonly UnitPrice[] | undefined, dimension: string) =>
  prices?.find((p) => p.dimension === dimension);
