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
import { type ContractDiscountSchedule, contractDiscountSchedules } from "../../contracts/contract-discounts";
import { asTyped, chargeForOrder } from "../../finance/order-charge";
import { writeBills } from "../../ledger/bills.repo";
import { chargeInTurn, debtOf, type LedgerMemo } from "../../ledger/ledger.service";
import { orderNoOf, orderNosOf } from "../../orders/orders.repo";
import { consumeResourcePackages } from "../../packages/package-usage";
import { holdsResourcePackages } from "../../packages/package-usage.repo";
import type { resources } from "../../resources/resources.schema";
import { lockPostpaidDueOfOrg, type MeteredMark, markMetered, orgsWithPostpaidDue } from "./lifecycle.repo";

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
  const schedules = await contractDiscountSchedules(tx, r.orgId, from, until);
  return rateWith(r, from, hours, await schedules(r.productCode ?? r.kind));
}

function rateWith(r: ResourceRow, from: Date, hours: number, discountAt: ContractDiscountSchedule) {
  const productDiscount =
    r.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(r.discountHundredths);
  return hourlyContractCharge({ monthly: r.monthlyPrice, productDiscount, from, hours, discountAt });
}

/** What metering a resource up to `end` charges: its hours less those packages cover, rated. */
type DueHours = {
  resource: ResourceRow & { meteredUntil: Date };
  end: Date;
  hours: number;
  covered: number;
  /** Hours charged in money: the last ones of the span (packages cover the earliest). */
  charged: number;
  amount: bigint;
  contractDiscount: bigint;
};

/**
 * Rates `hours` hours of a locked resource from where it was metered, taking what its organisation's
 * resource packages cover first (only when it may hold any) and the contract discount of the hours
 * charged (`scheduleFor` answers the organisation's schedule for a product).
 */
async function rateDue(
  tx: Db,
  r: ResourceRow & { meteredUntil: Date },
  hours: number,
  opts: {
    now: Date;
    packages: boolean;
    scheduleFor: (productCode: string) => Promise<ContractDiscountSchedule>;
  },
): Promise<DueHours> {
  const end = new Date(r.meteredUntil.getTime() + hours * HOUR_MS);
  const covered = opts.packages ? await consumeResourcePackages(tx, r, r.meteredUntil, hours, opts.now) : 0;
  const charged = hours - covered;
  if (charged === 0) return { resource: r, end, hours, covered, charged, amount: 0n, contractDiscount: 0n };
  const from = new Date(end.getTime() - charged * HOUR_MS);
  const rated = rateWith(r, from, charged, await opts.scheduleFor(r.productCode ?? r.kind));
  return {
    resource: r,
    end,
    hours,
    covered,
    charged,
    amount: rated.net,
    contractDiscount: rated.contractDiscount,
  };
}

/** The bill of a resource's metered hours (its allocations and entry are the ledger's). */
function billOf(d: DueHours, orderNo: string | undefined, now: Date, timeZone: string) {
  const r = d.resource;
  return {
    orgId: r.orgId,
    orderNo: orderNo ?? r.id,
    productCode: r.productCode ?? r.kind,
    productName: asTyped(r.name),
    paymentType: "postpaid" as const,
    originalAmount: hourlyAmount({ ...r, discountHundredths: null }, d.charged),
    amount: d.amount,
    contractDiscount: d.contractDiscount,
    now,
    timeZone,
    usageStart: r.meteredUntil,
    usageEnd: d.end,
  };
}

const memoOf = (d: DueHours): LedgerMemo =>
  d.covered > 0
    ? {
        key: "postpaidHoursWithPackages",
        params: { name: d.resource.name, hours: d.charged, covered: d.covered },
      }
    : { key: "postpaidHours", params: { name: d.resource.name, hours: d.hours } };

/** How far a resource is metered now and its arrears mark, given whether its organisation owes. */
const markOf = (d: DueHours, owes: boolean, now: Date): MeteredMark => ({
  id: d.resource.id,
  meteredUntil: d.end,
  arrearsSince: owes ? (d.resource.arrearsSince ?? now) : null,
  clearArrearsStage: !owes,
});

const isMetered = (r: ResourceRow): r is ResourceRow & { meteredUntil: Date } =>
  r.paymentType === "postpaid" && r.meteredUntil !== null && !NOT_METERED_KINDS.has(r.kind);

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
  if (!isMetered(r)) return 0n;
  const hours = hoursDue(r.meteredUntil, until, opts.roundUp);
  if (hours === 0) return 0n;
  const schedules = await contractDiscountSchedules(
    tx,
    r.orgId,
    r.meteredUntil,
    new Date(r.meteredUntil.getTime() + hours * HOUR_MS),
  );
  const due = await rateDue(tx, r, hours, { now: opts.now, packages: true, scheduleFor: schedules });
  if (due.amount > 0n) {
    const orderNo = r.orderId ? await orderNoOf(tx, r.orderId) : undefined;
    await chargeForOrder(tx, {
      ...billOf(due, orderNo, opts.now, opts.timeZone),
      createdBy: null,
      arrearsAllowed: true,
      memo: memoOf(due),
    });
  }
  await markMetered(tx, [markOf(due, (await debtOf(tx, r.orgId)) > 0n, opts.now)]);
  return due.amount;
}

/**
 * Hourly metering of one organisation in the caller's transaction (batched: issue 18): its due
 * postpaid resources are locked together and charged whole hours up to `now` in id order, each by
 * the deduction order from what the ones before it left — the same allocations and bills as metering
 * them one by one (test/metering-batch.test.ts) — with the money sources locked once, one journal
 * entry for all of them, the bills written in one statement and the resources marked in one. Every
 * resource is in arrears while the organisation owes after the batch. Answers the ids in arrears
 * whose tenant has not been told yet.
 */
export async function meterOrganisation(
  tx: Db,
  orgId: string,
  opts: { now: Date; timeZone: string },
): Promise<{ charged: bigint; toTell: string[] }> {
  const { now, timeZone } = opts;
  const locked = (await lockPostpaidDueOfOrg(tx, orgId, new Date(now.getTime() - HOUR_MS))).filter(isMetered);
  const due = locked
    .map((r) => ({ r, hours: hoursDue(r.meteredUntil, now, false) }))
    .filter((d) => d.hours > 0);
  if (due.length === 0) return { charged: 0n, toTell: [] };
  const from = new Date(due.reduce((m, d) => Math.min(m, d.r.meteredUntil.getTime()), now.getTime()));
  const packages = await holdsResourcePackages(tx, { orgId, start: from, end: now });
  const scheduleFor = await contractDiscountSchedules(tx, orgId, from, now);
  const rated: DueHours[] = [];
  for (const d of due) rated.push(await rateDue(tx, d.r, d.hours, { now, packages, scheduleFor }));
  const paying = rated.filter((d) => d.amount > 0n);
  let debt: bigint | null = null;
  if (paying.length > 0) {
    const orderNos = await orderNosOf(
      tx,
      paying.flatMap((d) => (d.resource.orderId ? [d.resource.orderId] : [])),
    );
    const single = paying.length === 1 ? paying[0]! : null;
    const { entryId, allocations, debtAfter } = await chargeInTurn(tx, {
      orgId,
      amounts: paying.map((d) => d.amount),
      referenceType: single ? "order" : "metering",
      referenceId: single
        ? (orderNos.get(single.resource.orderId ?? "") ?? single.resource.id)
        : now.toISOString(),
      memo: single ? memoOf(single) : { key: "postpaidHoursBatch", params: { count: paying.length } },
      createdBy: null,
      now,
      arrearsAllowed: true,
    });
    debt = debtAfter;
    await writeBills(
      tx,
      paying.map((d, i) => {
        const bill = billOf(d, orderNos.get(d.resource.orderId ?? ""), now, timeZone);
        return {
          ...bill,
          type: "charge" as const,
          chargeType: "postpaid" as const,
          discountAmount: bill.originalAmount - bill.amount,
          allocations: allocations[i]!,
          entryId,
        };
      }),
    );
  }
  const owes = (debt ?? (await debtOf(tx, orgId))) > 0n;
  await markMetered(
    tx,
    rated.map((d) => markOf(d, owes, now)),
  );
  return {
    charged: paying.reduce((s, d) => s + d.amount, 0n),
    toTell: owes ? rated.filter((d) => d.resource.notifiedStage !== "arrears").map((d) => d.resource.id) : [],
  };
}

/**
 * One hour's metering of every organisation with a postpaid resource due: one transaction per
 * organisation (meterOrganisation), `afterEach` called after its commit with the resources whose
 * tenant is to be told of arrears. Answers how many organisations were metered and what was charged.
 */
export async function meterDue(
  db: Db,
  opts: { now: Date; timeZone: string; workers?: number; afterEach?: (toTell: string[]) => Promise<void> },
): Promise<{ organisations: number; charged: bigint }> {
  const orgIds = await orgsWithPostpaidDue(db, new Date(opts.now.getTime() - HOUR_MS));
  let charged = 0n;
  let next = 0;
  // Several organisations at once on PostgreSQL, where each waits on its round trips (PGlite runs
  // one transaction at a time whatever is asked). Organisations share no row but the platform's
  // revenue account and the day's bill sequence, which each holds only from its entry to its commit.
  await Promise.all(
    Array.from({ length: Math.max(1, opts.workers ?? 1) }, async () => {
      while (next < orgIds.length) {
        const orgId = orgIds[next++]!;
        const result = await db.transaction((tx) => meterOrganisation(tx, orgId, opts));
        charged += result.charged;
        await opts.afterEach?.(result.toTell);
      }
    }),
  );
  return { organisations: orgIds.length, charged };
}
