// The hourly usage charge of buckets (docs/billing/rules.md, "Object storage usage"), run by the
// lifecycle step before the lifecycle (as HPC accounting is). For each live bucket, the whole hours
// from its rating mark (first: the hour it was made in) up to the last hour boundary are charged:
// the bytes it holds now (`store.stats`) for each of those hours at its class's price per GB-month,
// and the requests the store served in those hours at the price per 10 000 (packages/billing
// obs-usage.ts). The bill, the usage line, the arrears mark and the moved rating mark are one
// transaction under the mark's row lock, and a run charges only when the mark is still where it
// read it: a crash rolls everything back and two instances charge an hour once. A frozen bucket's
// hours are not charged (as metering does not charge frozen resources); its mark moves on.
// The release charges the last part hour as a whole one (`final`) before the bucket is deleted.
import { discountFromHundredths, type Money, NO_DISCOUNT, obsUsageCharge } from "@skyledger/billing";
import { OBS_REQUESTS_DIMENSION, obsStorageDimension, type StorageClass } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { type ObjectStore, ObjectStoreError } from "../../providers/objectstore/object-store";
import { findPrice } from "../catalog/catalog.repo";
import { contractSpan } from "../contracts/contract-discounts";
import { asTyped, chargeWithBill } from "../finance/order-charge";
import { debtOf } from "../ledger/ledger.service";
import { orderNoOf } from "../orders/orders.repo";
import {
  type BucketToRate,
  bucketsToRate,
  insertUsageLine,
  lockRatingMark,
  setBucketArrears,
  updateBucket,
} from "./obs.repo";

const HOUR_MS = 3_600_000;
const GB = 2 ** 30;

/** The last whole hour at or before `at`. */
export const hourFloor = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
const hourCeil = (at: Date): Date => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);

export function createObsAccounting(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  store: ObjectStore;
  /** A bucket the store failed to measure this pass; it is charged on the next one. */
  onStoreError?: (resourceId: string, err: ObjectStoreError) => void;
}) {
  const { db, store, timeZone } = deps;

  async function pricesOf(b: BucketToRate): Promise<{ storage: Money; requests: Money }> {
    if (!b.productId) return { storage: 0n, requests: 0n };
    const storage = await findPrice(
      db,
      b.productId,
      obsStorageDimension(b.bucket.storageClass as StorageClass),
    );
    const requests = await findPrice(db, b.productId, OBS_REQUESTS_DIMENSION);
    return { storage: storage?.unitPrice ?? 0n, requests: requests?.unitPrice ?? 0n };
  }

  /**
   * Charges one bucket from its mark up to the last hour boundary, or with `final` up to the end of
   * the hour `now` is in (the release); the amount charged.
   */
  async function rateBucket(b: BucketToRate, now: Date, final = false): Promise<Money> {
    const from = b.bucket.ratedUntil;
    const end = final ? hourCeil(now) : hourFloor(now);
    if (end <= from) return 0n;
    // Decision 0029: one charge has one contract rate; where a contract starts or ends inside the
    // span, the part before is charged first and the rest right after (below).
    const contract = await contractSpan(db, b.bucket.orgId, b.productCode ?? "bucket", from, end);
    const until = contract.until;
    const hours = Math.round((until.getTime() - from.getTime()) / HOUR_MS);
    const tenant = { orgId: b.bucket.orgId };
    const frozen = b.status === "frozen";
    const stats = frozen ? { bytes: 0, objects: 0 } : await store.stats(tenant, b.bucket.bucketName);
    const requests = frozen ? 0 : await store.requests(tenant, b.bucket.bucketName, from, until);
    const prices = await pricesOf(b);
    const discount =
      b.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(b.discountHundredths);
    const charged = await db.transaction(async (tx) => {
      const mark = await lockRatingMark(tx, b.bucket.resourceId);
      // Another run (a second instance, a retried pass) got here first: nothing more to charge.
      if (!mark || mark.getTime() !== from.getTime()) return 0n;
      if (frozen) {
        await updateBucket(tx, b.bucket.resourceId, { ratedUntil: until }, now);
        return 0n;
      }
      const charge = obsUsageCharge(
        { bytes: BigInt(stats.bytes), hours, requests: BigInt(requests) },
        { storagePerGbMonth: prices.storage, requestsPer10k: prices.requests, discount },
      );
      const contractDiscount = contract.discountOf(charge.amount);
      let billNo: string | null = null;
      if (charge.amount > 0n) {
        const orderNo = (b.orderId ? await orderNoOf(tx, b.orderId) : undefined) ?? b.bucket.resourceId;
        ({ billNo } = await chargeWithBill(tx, {
          orgId: b.bucket.orgId,
          orderNo,
          productCode: b.productCode ?? "bucket",
          productName: asTyped(b.name),
          paymentType: "postpaid",
          originalAmount: charge.original,
          amount: charge.amount - contractDiscount,
          contractDiscount,
          createdBy: null,
          now,
          timeZone,
          usageStart: from,
          usageEnd: until,
          // Storage already used is charged whatever the balance: the rest is owed.
          arrearsAllowed: true,
          memo: {
            key: "obsUsage",
            params: { name: b.name, hours, gb: (stats.bytes / GB).toFixed(3), requests },
          },
        }));
      }
      await insertUsageLine(tx, {
        id: newId(),
        resourceId: b.bucket.resourceId,
        orgId: b.bucket.orgId,
        usageStart: from,
        usageEnd: until,
        hours,
        bytes: BigInt(stats.bytes),
        objects: stats.objects,
        requests: BigInt(requests),
        storageAmount: charge.storage,
        requestAmount: charge.requests,
        billNo,
        createdAt: now,
      });
      await updateBucket(tx, b.bucket.resourceId, { ratedUntil: until }, now);
      // The lifecycle freezes a resource in arrears after the grace period, as it does others.
      const owes = (await debtOf(tx, b.bucket.orgId)) > 0n;
      if (owes || b.arrearsSince) await setBucketArrears(tx, b.bucket.resourceId, owes, now);
      return charge.amount - contractDiscount;
    });
    if (until >= end) return charged;
    return charged + (await rateBucket({ ...b, bucket: { ...b.bucket, ratedUntil: until } }, now, final));
  }

  return {
    rateBucket,
    /** The release's last charge: up to the end of the hour it is in, before the bucket goes. */
    async finalCharge(resourceId: string): Promise<Money> {
      const [b] = await bucketsToRate(db, resourceId);
      return b ? rateBucket(b, deps.clock.now(), true) : 0n;
    },
    /** One pass over every live bucket; a bucket the store fails to measure is tried next pass. */
    async run(): Promise<void> {
      const now = deps.clock.now();
      for (const b of await bucketsToRate(db)) {
        try {
          await rateBucket(b, now);
        } catch (err) {
          if (!(err instanceof ObjectStoreError)) throw err;
          deps.onStoreError?.(b.bucket.resourceId, err);
        }
      }
    },
  };
}
export type ObsAccounting = ReturnType<typeof createObsAccounting>;
