// The pool order form's values as the API takes them: the live price inquiry and the apply body. A
// pool has one configuration (the product's partition and limits), so its spec choice is empty; a
// shared pool is priced by the hour of its jobs, so the order itself is quoted for one hour.
import type { HpcProductLanding, PriceInquiry, ServiceApplyBody } from "@skyledger/contracts";

export type PoolOrderValues = {
  name?: string;
  paymentType?: "prepaid" | "postpaid";
  periodMonths?: number;
  /** A dedicated pool's nodes. */
  nodes?: number;
};

/** A dedicated pool is priced and reserved by its nodes; a shared pool has nothing to choose. */
const specOf = (values: PoolOrderValues, p: Pick<HpcProductLanding, "maxNodes">) =>
  p.maxNodes === null ? {} : { units: values.nodes ?? 1 };

/** Postpaid when the product sells it (shared pools), else its shortest prepaid period. */
export function defaultPoolPayment(
  p: Pick<HpcProductLanding, "postpaid" | "prepaidPeriods" | "maxNodes">,
): PoolOrderValues {
  if (p.postpaid) return { paymentType: "postpaid" };
  const shortest = [...p.prepaidPeriods].sort((a, b) => a - b)[0];
  return { paymentType: "prepaid", periodMonths: shortest, ...(p.maxNodes === null ? {} : { nodes: 1 }) };
}

/** The inquiry for the live price, or null while the payment is not chosen completely. */
export function poolInquiry(values: PoolOrderValues, p: HpcProductLanding): PriceInquiry | null {
  if (!values.paymentType) return null;
  if (values.paymentType === "postpaid" && !p.postpaid) return null;
  if (values.paymentType === "prepaid" && !p.prepaidPeriods.includes(values.periodMonths ?? -1)) return null;
  if (
    p.maxNodes !== null &&
    !(Number.isInteger(values.nodes) && values.nodes! >= 1 && values.nodes! <= p.maxNodes)
  )
    return null;
  return {
    productCode: p.code,
    spec: specOf(values, p),
    quantity: 1,
    paymentType: values.paymentType,
    ...(values.paymentType === "prepaid" ? { periodMonths: values.periodMonths } : { hours: 1 }),
  };
}

export function poolApplyBody(values: PoolOrderValues, p: HpcProductLanding): ServiceApplyBody {
  const paymentType = values.paymentType ?? "postpaid";
  return {
    productCode: p.code,
    spec: specOf(values, p),
    name: (values.name ?? "").trim(),
    quantity: 1,
    paymentType,
    ...(paymentType === "prepaid" ? { periodMonths: values.periodMonths } : {}),
    keyPairId: null,
    projectId: null,
  };
}
