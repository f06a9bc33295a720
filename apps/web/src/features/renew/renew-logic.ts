// The logic behind renewal management and configuration changes: which resources the URL names
// (`?ids=a,b`, from the overview's renew links), the renew and resize requests the forms send, and
// how an expiry reads (days left, and whether it is urgent).
import {
  HOST_AT_REST_STATUSES,
  isOneOf,
  PREPAID_PERIODS,
  type RenewBody,
  type ResizeBody,
  type ResourceStatus,
} from "@skyledger/contracts";
import { amountSign } from "../../lib/money";

/**
 * Ranges offered on /mgt/renew: expiring within so many days — spec §9 shows 30 by default (some
 * views 3 months, a year for long terms) — or every prepaid resource, whatever its term.
 */
export const EXPIRY_RANGES = [7, 15, 30, 90, 365, "all"] as const;
export type ExpiryRange = (typeof EXPIRY_RANGES)[number];
export const DEFAULT_EXPIRY_RANGE: ExpiryRange = 30;

/** The renewal list's query of a range: "all" sends none. */
export const rangeQuery = (range: ExpiryRange) => (range === "all" ? {} : { expiringWithinDays: range });
/** Spec §9: periods a renewal can buy (1, 3, 6, 9 months; 1, 2, 3 years). */
export const RENEW_PERIODS: readonly number[] = PREPAID_PERIODS;
/** Spec §9: aligning moves each expiry at most this many days. */
export const MAX_ALIGN_DAYS = 10;
/** The API renews at most this many resources in one call. */
export const MAX_RENEW_IDS = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The resource ids a URL names: `?ids=a,b` or `?ids=a&ids=b`, trimmed, without blanks or repeats,
 * in the order given, at most 50.
 */
export function parseIds(search: URLSearchParams | string): string[] {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const ids = params
    .getAll("ids")
    .flatMap((value) => value.split(","))
    .map((id) => id.trim())
    .filter((id) => id.length > 0 && id.length <= 64);
  return [...new Set(ids)].slice(0, MAX_RENEW_IDS);
}

/** The detail page's address for these resources. */
export const renewDetailPath = (ids: readonly string[]) =>
  `/mgt/renew/detail?ids=${ids.map(encodeURIComponent).join(",")}`;

/**
 * The renew inquiry and renewal body, or null while it cannot be priced. Alignment needs two
 * resources; a coupon is sent for one resource only (docs/billing/rules.md §9.4).
 */
export function toRenewBody(
  ids: readonly string[],
  periodMonths: number,
  align: boolean,
  couponId?: string,
): RenewBody | null {
  if (ids.length === 0 || ids.length > MAX_RENEW_IDS || !RENEW_PERIODS.includes(periodMonths)) return null;
  return {
    resourceIds: [...ids],
    periodMonths,
    align: align && ids.length > 1,
    ...(couponId && ids.length === 1 ? { couponId } : {}),
  };
}

/** The modify inquiry and resize body, or null while no other flavour is chosen. */
export function toResizeBody(
  host: { id: string; spec: Record<string, unknown> },
  flavorId: string | undefined,
): ResizeBody | null {
  if (!flavorId || flavorId === host.spec.flavorId) return null;
  return { resourceId: host.id, spec: { flavorId } };
}

/** Whole days until the expiry, counted as a calendar would (a part day left is a day; past is negative). */
export function daysLeft(expiresAt: string | null, now: Date = new Date()): number | null {
  if (!expiresAt) return null;
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return null;
  return Math.ceil((end - now.getTime()) / DAY_MS);
}

export type ExpiryTone = "expired" | "urgent" | "soon";

/** Red once it has ended or the resource is expired or frozen; orange within a week. */
export function expiryTone(status: ResourceStatus, days: number | null): ExpiryTone {
  if (status === "expired" || status === "frozen" || (days !== null && days <= 0)) return "expired";
  if (days !== null && days <= 7) return "urgent";
  return "soon";
}

/** Hosts are the only resources whose flavour can change; in a settled state only. */
export const canChangeConfig = (r: { kind: string; status: ResourceStatus }) =>
  r.kind === "host" && isOneOf(HOST_AT_REST_STATUSES, r.status);

/** The sign of a resize difference: to pay, refunded, or nothing. */
export function differenceKind(difference: string): "pay" | "refund" | "none" {
  const sign = amountSign(difference);
  return sign > 0 ? "pay" : sign < 0 ? "refund" : "none";
}
