// The cloud-host purchase form's values as the API takes them: the price inquiry (once the choice
// is complete enough to be priced) and the apply body.
import type { HostNetworkChoice, PriceInquiry, ServiceApplyBody } from "@skyledger/contracts";
import { useEffect, useState } from "react";
import type { ListedProduct } from "./services-api";

export type PurchaseValues = {
  productCode?: string;
  flavorId?: string;
  imageId?: string;
  name?: string;
  quantity?: number | null;
  keyPairId?: string | null;
  projectId?: string | null;
  paymentType?: "prepaid" | "postpaid";
  periodMonths?: number;
  couponId?: string | null;
  vpcId?: string;
  subnetId?: string;
  securityGroupIds?: string[];
  /** Empty: the subnet gives the next free address. */
  fixedIp?: string;
};

export type HostProduct = ListedProduct & { spec: Extract<ListedProduct["spec"], { kind: "host" }> };

export const isHostProduct = (p: ListedProduct): p is HostProduct => p.spec.kind === "host";

/** The first payment type and period the product sells: prepaid for its shortest period, else postpaid. */
export function defaultPayment(
  product: Pick<ListedProduct, "prepaidPeriods">,
): Pick<PurchaseValues, "paymentType" | "periodMonths"> {
  const shortest = [...product.prepaidPeriods].sort((a, b) => a - b)[0];
  return shortest !== undefined
    ? { paymentType: "prepaid", periodMonths: shortest }
    : { paymentType: "postpaid", periodMonths: undefined };
}

/** Values a newly picked product starts with: its first flavour and image and its default payment. */
export function productDefaults(product: HostProduct): PurchaseValues {
  return {
    flavorId: product.spec.flavors[0]?.id,
    imageId: product.spec.images[0]?.id,
    ...defaultPayment(product),
  };
}

const quantityOf = (q: number | null | undefined) =>
  typeof q === "number" && Number.isInteger(q) && q > 0 ? q : null;

/**
 * The inquiry for the live price, or null while something it needs is missing. A postpaid choice
 * is priced for one hour.
 */
export function toInquiry(values: PurchaseValues, product: HostProduct | undefined): PriceInquiry | null {
  const quantity = quantityOf(values.quantity);
  if (!product || !values.flavorId || !quantity || quantity > 20 || !values.paymentType) return null;
  if (!product.spec.flavors.some((f) => f.id === values.flavorId)) return null;
  if (values.paymentType === "prepaid" && !product.prepaidPeriods.includes(values.periodMonths ?? -1))
    return null;
  return {
    productCode: product.code,
    spec: { flavorId: values.flavorId, ...(values.imageId ? { imageId: values.imageId } : {}) },
    quantity,
    paymentType: values.paymentType,
    ...(values.paymentType === "prepaid" ? { periodMonths: values.periodMonths } : { hours: 1 }),
    ...(values.couponId ? { couponId: values.couponId } : {}),
  };
}

/**
 * Where the host goes on the network, or undefined when no VPC was chosen (a user who may not see
 * networks buys onto the provider's default network). A fixed address is for one host only.
 */
export function toNetworkChoice(values: PurchaseValues, quantity: number): HostNetworkChoice | undefined {
  if (!values.vpcId || !values.subnetId) return undefined;
  const fixedIp = values.fixedIp?.trim();
  return {
    vpcId: values.vpcId,
    subnetId: values.subnetId,
    securityGroupIds: values.securityGroupIds ?? [],
    fixedIp: quantity === 1 && fixedIp ? fixedIp : null,
  };
}

/** The apply body of validated form values. */
export function toApplyBody(values: PurchaseValues, product: HostProduct): ServiceApplyBody {
  const quantity = quantityOf(values.quantity) ?? 1;
  const network = toNetworkChoice(values, quantity);
  return {
    productCode: product.code,
    spec: { flavorId: values.flavorId, imageId: values.imageId, ...(network ? { network } : {}) },
    name: (values.name ?? "").trim(),
    quantity,
    paymentType: values.paymentType ?? "prepaid",
    ...(values.paymentType === "prepaid" ? { periodMonths: values.periodMonths } : {}),
    ...(values.couponId ? { couponId: values.couponId } : {}),
    keyPairId: values.keyPairId ?? null,
    projectId: values.projectId ?? null,
  };
}

/** The value once it has stopped changing for `ms` (compared by content). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  const print = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the content, not the object, decides
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [print, ms]);
  return settled;
}
