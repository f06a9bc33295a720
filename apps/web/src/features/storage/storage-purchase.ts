// The disk, elastic-IP and database purchase forms' values as the API takes them: the price
// inquiry (once the choice can be priced) and the apply body. A disk is 50–500 GB of a type the
// product sells; an elastic IP has a bandwidth, 1 Mbit/s unless the product says otherwise; a
// database an engine, a class and storage (features/rds/rds-purchase.ts); a cache instance a
// memory plan (features/cache/cache-purchase.ts); a message-queue instance a plan
// (features/dms/dms-purchase.ts); a file share or elastic file a protocol and a capacity
// (features/fileshare/fileshare-purchase.ts).
import {
  DEFAULT_BANDWIDTH_MBPS,
  type PriceInquiry,
  type ServiceApplyBody,
  STORAGE_MAX_GB,
  STORAGE_MIN_GB,
} from "@skyledger/contracts";
import { type BmsChoiceValues, type BmsProduct, bmsChoiceOf, bmsDefaults } from "../bms/bms-purchase";
import {
  type CacheChoiceValues,
  type CacheProduct,
  cacheChoiceOf,
  cacheDefaults,
} from "../cache/cache-purchase";
import { type DmsChoiceValues, type DmsProduct, dmsChoiceOf, dmsDefaults } from "../dms/dms-purchase";
import {
  type FileChoiceValues,
  type FileProduct,
  fileChoiceOf,
  fileDefaults,
  isFileProduct,
} from "../fileshare/fileshare-purchase";
import { type RdsChoiceValues, type RdsProduct, rdsChoiceOf, rdsDefaults } from "../rds/rds-purchase";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";
import type { AttachableKind } from "./storage-api";

/**
 * What the purchase page sells: disks, elastic IPs, databases, cache and message-queue instances,
 * file shares and elastic files, bare-metal servers.
 */
export type PurchasableKind =
  | AttachableKind
  | "rds"
  | "cache"
  | "queue"
  | "share"
  | "scalableFile"
  | "bareMetal";

export type StoragePurchaseValues = RdsChoiceValues &
  CacheChoiceValues &
  DmsChoiceValues &
  BmsChoiceValues &
  FileChoiceValues & {
    productCode?: string;
    diskType?: string;
    bandwidthMbps?: number | null;
    name?: string;
    projectId?: string | null;
    paymentType?: "prepaid" | "postpaid";
    periodMonths?: number;
    couponId?: string | null;
  };

type Spec<K extends string> = Extract<ListedProduct["spec"], { kind: K }>;
export type DiskProduct = ListedProduct & { spec: Spec<"disk"> };
export type IpProduct = ListedProduct & { spec: Spec<"elasticIp"> };
export type StorageProduct =
  | DiskProduct
  | IpProduct
  | RdsProduct
  | CacheProduct
  | DmsProduct
  | FileProduct
  | BmsProduct;

export const isStorageProduct = (kind: PurchasableKind, p: ListedProduct): p is StorageProduct =>
  p.spec.kind === kind;

/** The size range a disk product sells, within the platform's 50–500 GB. */
export function sizeRange(product: DiskProduct): { min: number; max: number } {
  return {
    min: Math.max(STORAGE_MIN_GB, product.spec.minGb),
    max: Math.min(STORAGE_MAX_GB, product.spec.maxGb),
  };
}

/** The bandwidth an elastic IP starts with. */
export const defaultBandwidth = (product: IpProduct): number =>
  product.spec.defaultMbps ?? DEFAULT_BANDWIDTH_MBPS;

/** Values a newly picked product starts with. */
export function storageDefaults(product: StorageProduct): StoragePurchaseValues {
  if (product.spec.kind === "rds") return rdsDefaults(product as RdsProduct);
  if (product.spec.kind === "cache") return cacheDefaults(product as CacheProduct);
  if (product.spec.kind === "queue") return dmsDefaults(product as DmsProduct);
  if (product.spec.kind === "bareMetal") return bmsDefaults(product as BmsProduct);
  if (isFileProduct(product)) return fileDefaults(product);
  const payment = defaultPayment(product);
  if (product.spec.kind === "disk") {
    return {
      diskType: product.spec.diskTypes[0]?.id,
      sizeGb: sizeRange(product as DiskProduct).min,
      ...payment,
    };
  }
  return { bandwidthMbps: defaultBandwidth(product as IpProduct), ...payment };
}

const wholeIn = (n: number | null | undefined, min: number, max: number): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

/** The spec choice, or null while it is incomplete or out of the product's range. */
function specOf(values: StoragePurchaseValues, product: StorageProduct): ServiceApplyBody["spec"] | null {
  if (product.spec.kind === "rds") return rdsChoiceOf(values, product as RdsProduct);
  if (product.spec.kind === "cache") return cacheChoiceOf(values, product as CacheProduct);
  if (product.spec.kind === "queue") return dmsChoiceOf(values, product as DmsProduct);
  if (product.spec.kind === "bareMetal") return bmsChoiceOf(values, product as BmsProduct);
  if (isFileProduct(product)) return fileChoiceOf(values, product);
  if (product.spec.kind === "disk") {
    const { min, max } = sizeRange(product as DiskProduct);
    if (!values.diskType || !product.spec.diskTypes.some((d) => d.id === values.diskType)) return null;
    if (!wholeIn(values.sizeGb, min, max)) return null;
    return { diskType: values.diskType, sizeGb: values.sizeGb };
  }
  if (!wholeIn(values.bandwidthMbps, 1, product.spec.maxMbps)) return null;
  return { bandwidthMbps: values.bandwidthMbps };
}

/** The inquiry for the live price, or null while something it needs is missing (postpaid: one hour). */
export function toStorageInquiry(
  values: StoragePurchaseValues,
  product: StorageProduct | undefined,
): PriceInquiry | null {
  if (!product || !values.paymentType) return null;
  const spec = specOf(values, product);
  if (!spec) return null;
  if (values.paymentType === "prepaid" && !product.prepaidPeriods.includes(values.periodMonths ?? -1))
    return null;
  return {
    productCode: product.code,
    spec,
    quantity: 1,
    paymentType: values.paymentType,
    ...(values.paymentType === "prepaid" ? { periodMonths: values.periodMonths } : { hours: 1 }),
    ...(values.couponId ? { couponId: values.couponId } : {}),
  };
}

/** The apply body of validated form values. */
export function toStorageApplyBody(values: StoragePurchaseValues, product: StorageProduct): ServiceApplyBody {
  return {
    productCode: product.code,
    spec: specOf(values, product) ?? {},
    name: (values.name ?? "").trim(),
    quantity: 1,
    paymentType: values.paymentType ?? "prepaid",
    ...(values.paymentType === "prepaid" ? { periodMonths: values.periodMonths } : {}),
    ...(values.couponId ? { couponId: values.couponId } : {}),
    keyPairId: null,
    projectId: values.projectId ?? null,
  };
}
