// A file share's or elastic file's part of the purchase form (features/storage/storage-purchase.ts
// has the rest): a protocol the product offers and a capacity, a multiple of FILE_SIZE_STEP_GB
// within the product's range.
import {
  FILE_SIZE_STEP_GB,
  type FileProtocol,
  type FileShareSpec,
  type ScalableFileSpec,
  type ServiceApplyBody,
} from "@skyledger/contracts";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";

export type FileProduct = ListedProduct & { spec: FileShareSpec | ScalableFileSpec };

/** The share's fields of the form. */
export type FileChoiceValues = { protocol?: FileProtocol; sizeGb?: number | null };

/** The capacities the product sells: its range, on the step. */
export function fileSizeRange(product: FileProduct) {
  const step = FILE_SIZE_STEP_GB;
  return {
    min: Math.ceil(product.spec.minGb / step) * step,
    max: Math.floor(product.spec.maxGb / step) * step,
    step,
  };
}

export const isFileProduct = (p: ListedProduct): p is FileProduct =>
  p.spec.kind === "share" || p.spec.kind === "scalableFile";

/** Values a newly picked product starts with: its first protocol and smallest capacity. */
export function fileDefaults(product: FileProduct) {
  return {
    protocol: product.spec.protocols[0],
    sizeGb: fileSizeRange(product).min,
    ...defaultPayment(product),
  };
}

/** The spec choice, or null while the protocol or the capacity is not one the product sells. */
export function fileChoiceOf(
  values: FileChoiceValues,
  product: FileProduct,
): ServiceApplyBody["spec"] | null {
  const { min, max, step } = fileSizeRange(product);
  const size = values.sizeGb;
  if (!values.protocol || !(product.spec.protocols as readonly string[]).includes(values.protocol))
    return null;
  if (typeof size !== "number" || !Number.isInteger(size) || size < min || size > max || size % step !== 0)
    return null;
  return { protocol: values.protocol, sizeGb: size };
}
