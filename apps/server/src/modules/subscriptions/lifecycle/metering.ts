// Postpaid metering: a resource is charged for every hour it existed since it was last charged,
// at its monthly price ÷ 720 with the product's discount (packages/billing postpaidCharge), less
// the contract discount of the hours that begin while a contract is in execution (its own part of
// the bill: hourlyContractCharge, decision 0029). The
// charge and the new `meteredUntil` are one transaction on the locked row, so an hour is charged
// once however many instances run the job. At release the part hour counts as a whole one.
// Hours an active resource package of the resource's product and dimension covers are taken from
// the package first (its row locked in the same transaction) and only the rest is charged: the
// package covers the earliest hours, so the hours charged are the last ones of the span.
// Hours already used are always charged: what the tenant's money and credit cannot cover is owed
// (the ledger's arrears), and the resource is marked in arrears for as long as its organisation owes.
import {
  discountFromHundredths,
  hourlyContractCharge,
  NO_DISCOUNT,
  postpaidCharge,
} from "@skyledger/billing";
import type { Db } from "../../../platform/db/client";
import { contractDiscountSchedule } from "../../contracts/contract-discounts";
import { asTyped, chargeForOrder } from "../../finance/order-charge";
import { debtOf } from "../../ledger/ledger.service";
import { orderNoOf } from "../../orders/orders.repo";
import { consumeResourcePackages } from "../../packages/package-usage";
import type { resources } from "../../resources/resources.schema";
import { updateResource } from "../subscriptions.repo";

type ResourceRow = typeof resources.$inferSelect;

const HOUR_MS = 3_600_000;

/**
 * Kinds charged by their own accounting, not by the hour at a monthly price: an HPC pool's jobs are
 * rated into core-hours and GPU-hours by modules/hpc/accounting, a bucket's stored bytes and
 * requests by modules/obs/obs-accounting.ts; each also marks its arrears.
 */
export const NOT_METERED_KINDS: ReadonlySet<string> = new Set(["hpcPool", "bucket"]);

/** Whole hours to charge up to `until`; a part hour counts only when `roundUp` (release). */
export function hoursDue(meteredUntil: Date, until: Date, roundUp: boolean): number {
  const elapsed = until.getTime() - meteredUntil.getTime();
  if (elapsed <= 0) return 0;
  return roundUp ? Math.ceil(elapsed / HOUR_MS) : Math.floor(elapsed / HOUR_MS);
}

export function hourlyAmount(
  r: Pick<ResourceRow, "monthlyPrice" | "discountHundredths">,
  hours: number,
): bigint {
  const discount = r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths);
  return postpaidCharge(r.monthlyPrice, hours, discount);
}

/**
 * The charge of `hours` whole hours from `from`: at the product's discount, less the contract
 * discount of the hours a contract is in execution (looked up once for the whole span).
 */
export async function rateHours(tx: Db, r: ResourceRow, from: Date, hours: number) {
  const until = new Date(from.getTime() + hours * HOUR_MS);
  const discountAt = await contractDiscountSchedule(tx, r.orgId, r.productCode ?? r.kind, from, until);
  const productDiscount =
    r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths);
  return hourlyContractCharge({ monthly: r.monthlyPrice, productDiscount, from, hours, discountAt });
}

/**
 * Charges a locked postpaid resource up to `until`, owing what money and credit cannot cover, and
 * marks it in arrears (since when) while its organisation owes anything, or clears the mark.
 */
export async function meter(
  tx: Db,
  r: ResourceRow,
  until: Date,
  opts: { roundUp: boolean; now: Date; timeZone: string },
): Promise<bigint> {
  if (r.paymentType !== "postpaid" || !r.meteredUntil || NOT_METERED_KINDS.has(r.kind)) return 0n;
  const hours = hoursDue(r.meteredUntil, until, opts.roundUp);
  if (hours === 0) return 0n;
  const end = new Date(r.meteredUntil.getTime() + hours * HOUR_MS);
  const covered = await consumeResourcePackages(tx, r, r.meteredUntil, hours, opts.now);
  const charged = hours - covered;
  const rated =
    charged > 0 ? await rateHours(tx, r, new Date(end.getTime() - charged * HOUR_MS), charged) : null;
  const amount = rated?.net ?? 0n;
  if (rated && amount > 0n) {
    const orderNo = r.orderId ? await orderNoOf(tx, r.orderId) : undefined;
    const original = hourlyAmount({ ...r, discountHundredths: null }, charged);
    await chargeForOrder(tx, {
      orgId: r.orgId,
      orderNo: orderNo ?? r.id,
      productCode: r.productCode ?? r.kind,
      productName: asTyped(r.name),
      paymentType: "postpaid",
      originalAmount: original,
      amount,
      contractDiscount: rated.contractDiscount,
      createdBy: null,
      now: opts.now,
      timeZone: opts.timeZone,
      usageStart: r.meteredUntil,
      usageEnd: end,
      arrearsAllowed: true,
      memo:
        covered > 0
          ? { key: "postpaidHoursWithPackages", params: { name: r.name, hours: charged, covered } }
          : { key: "postpaidHours", params: { name: r.name, hours } },
    });
  }
  const owes = (await debtOf(tx, r.orgId)) > 0n;
  await updateResource(tx, r.id, {
    meteredUntil: end,
    arrearsSince: owes ? (r.arrearsSince ?? opts.now) : null,
    // Paid up: a later debt is told again.
    ...(!owes && r.notifiedStage === "arrears" ? { notifiedStage: null } : {}),
  });
  return amount;
}
