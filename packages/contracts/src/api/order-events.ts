// The details the server writes into an order's timeline (order_events.detail), in both directions:
// the builders are the only way the server writes them, and describeOrderEvent reads them back into
// a message key and its values, so the console can show them in the reader's language.
//
// The stored strings are English and stay exactly what they have always been: rows written before
// this module existed, and the server tests that assert them, read the same. Details people type
// (reasons, remarks) and the provider's error log are not built here and are shown as written.
import { FUNDING_SOURCES, type FundingSourceName } from "./funding-sources";
import { RESOURCE_KINDS, type ResourceKind } from "./resources";

export { FUNDING_SOURCES, type FundingSourceName };

/** One share of a payment; `yuan` as packages/billing formatYuan writes it ("300.00000"). */
export type PaidShare = { source: FundingSourceName; yuan: string };

/** Step `paid`: what each source gave, "cash 300.00000, coupon 20.00000". */
export const paidDetail = (shares: PaidShare[]): string =>
  shares.map((s) => `${s.source} ${s.yuan}`).join(", ");

/** Step `approved` when the product needs no approval. */
export const noApprovalNeededDetail = (): string => "no approval needed";

/** Step `provisioning`: how many instances of which kind are being created. */
export const provisioningStartedDetail = (quantity: number, kind: ResourceKind): string =>
  `${quantity} × ${kind}`;

/** Step `step`: the provider accepted one instance under its reference. */
export const instanceCreatedDetail = (name: string, providerRef: string): string =>
  `create ${name}: ${providerRef}`;

/** Step `step`: one instance is up (a host runs, anything else is available). */
export const instanceReadyDetail = (name: string, state: "running" | "available"): string =>
  `${name} ${state}`;

/** Step `step`: an operator delivered a third-party order at the partner under its reference. */
export const deliveredAtPartnerDetail = (name: string, externalRef: string): string =>
  `${name}${PARTNER_DELIVERY}${externalRef}`;

/** Step `completed` of an unsubscribe or release: the resource is gone. */
export const releasedDetail = (name: string): string => `${name} released`;

/** Step `completed` of a renewal: the resource now runs until `until` (ISO). */
export const renewedDetail = (name: string, until: string): string => `${name}${RENEWED_UNTIL}${until}`;

/** Step `refunded`: the amount given back, as packages/billing formatYuan writes it. */
export const refundedDetail = (yuan: string): string => yuan;

/** Step `expired`: a returned order the system withdrew, with the deadline (ISO) its tenant let pass. */
export const returnExpiredDetail = (deadline: string): string => `${RETURN_EXPIRED}${deadline}`;

const PARTNER_DELIVERY = " delivered at the partner: ";
const RETURN_EXPIRED = "not resubmitted or withdrawn by ";
const RENEWED_UNTIL = " renewed until ";

/** A built detail, read back: `key` names the message (services.orderEventDetail.<key> on the web). */
export type OrderEventDescription =
  | { key: "paid"; params: { shares: PaidShare[] } }
  | { key: "noApprovalNeeded"; params: Record<string, never> }
  | { key: "provisioningStarted"; params: { quantity: number; kind: ResourceKind } }
  | { key: "instanceCreated"; params: { name: string; ref: string } }
  | { key: "instanceRunning" | "instanceAvailable"; params: { name: string } }
  | { key: "deliveredAtPartner"; params: { name: string; ref: string } }
  | { key: "released"; params: { name: string } }
  | { key: "renewed"; params: { name: string; until: string } }
  | { key: "refunded"; params: { yuan: string } }
  | { key: "returnExpired"; params: { deadline: string } };

const YUAN = /^-?\d+\.\d+$/;
const SHARE = new RegExp(`^(${FUNDING_SOURCES.join("|")}) (-?\\d+\\.\\d+)$`);
const PROVISIONING = new RegExp(`^(\\d+) × (${RESOURCE_KINDS.join("|")})$`);
// The name is everything up to the last ": " (a provider's reference has no spaces).
const CREATED = /^create (.+): (\S+)$/;
const READY = /^(.+) (running|available)$/;
const RELEASED = /^(.+) released$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Reads a detail written by one of the builders above back into its message, or null when the
 * detail is not one of theirs (a person's reason, a provider's error log): the caller shows it raw.
 */
export function describeOrderEvent(
  step: string,
  detail: string | null | undefined,
): OrderEventDescription | null {
  if (!detail) return null;
  switch (step) {
    case "paid": {
      const shares: PaidShare[] = [];
      for (const part of detail.split(", ")) {
        const m = SHARE.exec(part);
        if (!m) return null;
        shares.push({ source: m[1] as FundingSourceName, yuan: m[2]! });
      }
      return { key: "paid", params: { shares } };
    }
    case "approved":
      return detail === noApprovalNeededDetail() ? { key: "noApprovalNeeded", params: {} } : null;
    case "provisioning": {
      const m = PROVISIONING.exec(detail);
      return m
        ? { key: "provisioningStarted", params: { quantity: Number(m[1]), kind: m[2] as ResourceKind } }
        : null;
    }
    case "step":
      return describeStep(detail);
    case "completed": {
      const m = RELEASED.exec(detail);
      if (m) return { key: "released", params: { name: m[1]! } };
      const at = detail.lastIndexOf(RENEWED_UNTIL);
      const until = at > 0 ? detail.slice(at + RENEWED_UNTIL.length) : "";
      return ISO_INSTANT.test(until)
        ? { key: "renewed", params: { name: detail.slice(0, at), until } }
        : null;
    }
    case "refunded":
      return YUAN.test(detail) ? { key: "refunded", params: { yuan: detail } } : null;
    case "expired": {
      const deadline = detail.startsWith(RETURN_EXPIRED) ? detail.slice(RETURN_EXPIRED.length) : "";
      return ISO_INSTANT.test(deadline) ? { key: "returnExpired", params: { deadline } } : null;
    }
    default:
      return null;
  }
}

/**
 * The three kinds of provisioning step share one step name. The partner's phrase is the most
 * particular, so it is read first (an operator's reference may hold anything); then the provider's
 * reference after "create …: ", which never holds a space, so "<name> running" is not taken for it.
 */
function describeStep(detail: string): OrderEventDescription | null {
  const at = detail.indexOf(PARTNER_DELIVERY);
  if (at > 0 && at + PARTNER_DELIVERY.length < detail.length) {
    return {
      key: "deliveredAtPartner",
      params: { name: detail.slice(0, at), ref: detail.slice(at + PARTNER_DELIVERY.length) },
    };
  }
  const created = CREATED.exec(detail);
  if (created) return { key: "instanceCreated", params: { name: created[1]!, ref: created[2]! } };
  const ready = READY.exec(detail);
  if (ready) {
    return {
      key: ready[2] === "running" ? "instanceRunning" : "instanceAvailable",
      params: { name: ready[1]! },
    };
  }
  return null;
}
