// A database's part of the purchase form (features/storage/storage-purchase.ts has the rest): an
// engine and a class the product sells, storage 20–500 GB in steps of 10 within its range.
import {
  RDS_STORAGE_STEP_GB,
  type RdsSpec,
  rdsStorageAllowed,
  type ServiceApplyBody,
} from "@skyledger/contracts";
import { defaultPayment } from "../services/purchase";
import type { ListedProduct } from "../services/services-api";

export type RdsProduct = ListedProduct & { spec: RdsSpec };
export const isRdsProduct = (p: ListedProduct): p is RdsProduct => p.spec.kind === "rds";

/** The database's fields of the form. */
export type RdsChoiceValues = {
  engine?: RdsSpec["engines"][number];
  flavorId?: string;
  sizeGb?: number | null;
};

export const RDS_STEP = RDS_STORAGE_STEP_GB;

/** Values a newly picked product starts with. */
export function rdsDefaults(product: RdsProduct) {
  return {
    engine: product.spec.engines[0],
    flavorId: product.spec.classes[0]?.id,
    sizeGb: product.spec.minGb,
    ...defaultPayment(product),
  };
}

/** The spec choice, or null while it is incomplete or not sold. */
export function rdsChoiceOf(values: RdsChoiceValues, product: RdsProduct): ServiceApplyBody["spec"] | null {
  const { engine, flavorId, sizeGb } = values;
  if (!engine || !product.spec.engines.includes(engine)) return null;
  if (!product.spec.classes.some((c) => c.id === flavorId)) return null;
  if (!rdsStorageAllowed(product.spec, sizeGb ?? undefined)) return null;
  return { engine, flavorId, sizeGb: sizeGb! };
}
