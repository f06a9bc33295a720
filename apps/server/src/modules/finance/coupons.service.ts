// Coupons (spec §3, §4): issued by operators with a value or a discount, a spend threshold,
// applicable products and payment types, validity; distributed to a tenant; voided; used by orders.
import { randomBytes } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";
import { and, count, desc, eq, inArray, lte, type SQL } from "drizzle-orm";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { documentNo } from "../../platform/time-zone";
import { organizations } from "../iam/iam.schema";
import { coupons } from "./finance.schema";
import { createMoneyControls } from "./money-controls";

type CouponRow = typeof coupons.$inferSelect;

export type CouponInput = {
  name: string;
  benefitKind: "value" | "discount";
  value: Money;
  discountHundredths: number;
  threshold: Money;
  applicableProducts: string[];
  applicablePaymentTypes: string[];
  validFrom: Date;
  validUntil: Date;
  count: number;
  orgId?: string;
};

export type CouponsService = ReturnType<typeof createCouponsService>;

export function createCouponsService(
  db: Db,
  clock: Clock,
  timeZone: string,
  controls = createMoneyControls(clock),
) {
  const toDto = ({ c, orgName }: { c: CouponRow; orgName: string | null }) => ({
    id: c.id,
    couponNo: c.couponNo,
    name: c.name,
    benefitKind: c.benefitKind,
    value: formatYuan(c.value),
    discount: (c.discountHundredths / 100).toFixed(2),
    threshold: formatYuan(c.threshold),
    applicableProducts: c.applicableProducts,
    applicablePaymentTypes: c.applicablePaymentTypes,
    validFrom: c.validFrom.toISOString(),
    validUntil: c.validUntil.toISOString(),
    status: c.status,
    orgId: c.orgId,
    orgName,
    distributedAt: c.distributedAt?.toISOString() ?? null,
    usedAt: c.usedAt?.toISOString() ?? null,
    usedOrderNo: c.usedOrderNo,
    batchNo: c.batchNo,
  });

  const select = () =>
    db
      .select({ c: coupons, orgName: organizations.name })
      .from(coupons)
      .leftJoin(organizations, eq(organizations.id, coupons.orgId));

  /** Valid coupons past their end become expired (read paths call this first). */
  async function expireDue() {
    await db
      .update(coupons)
      .set({ status: "expired" })
      .where(
        and(
          inArray(coupons.status, ["valid", "undistribute", "inactive"]),
          lte(coupons.validUntil, clock.now()),
        ),
      );
  }

  async function mustOrg(orgId: string) {
    const [org] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    if (!org) throw new DomainError("NOT_FOUND");
  }

  return {
    expireDue,

    async issue(input: CouponInput, actorId: string) {
      if (input.orgId) await mustOrg(input.orgId);
      if (input.benefitKind === "value") await controls.assertWithin(db, "couponValue", input.value);
      const now = clock.now();
      const batchNo = documentNo(
        "CPB",
        now,
        timeZone,
        String(Math.floor(Math.random() * 1000)).padStart(3, "0"),
      );
      const rows = Array.from({ length: input.count }, () => ({
        id: newId(),
        couponNo: `CP${randomBytes(6).toString("hex").toUpperCase()}`,
        name: input.name,
        benefitKind: input.benefitKind,
        value: input.value,
        discountHundredths: input.discountHundredths,
        threshold: input.threshold,
        applicableProducts: input.applicableProducts,
        applicablePaymentTypes: input.applicablePaymentTypes,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        // A coupon whose validity has not begun is inactive until then.
        status: (input.orgId
          ? input.validFrom > now
            ? "inactive"
            : "valid"
          : "undistribute") as CouponRow["status"],
        orgId: input.orgId ?? null,
        distributedAt: input.orgId ? now : null,
        batchNo,
        createdBy: actorId,
        createdAt: now,
      }));
      await db.insert(coupons).values(rows);
      return (await select().where(eq(coupons.batchNo, batchNo)).orderBy(coupons.couponNo)).map(toDto);
    },

    async distribute(couponId: string, orgId: string) {
      await mustOrg(orgId);
      // A coupon whose validity has ended is expired, not handed out (the sweep may not have run).
      await expireDue();
      const now = clock.now();
      const done = await db
        .update(coupons)
        .set({ orgId, distributedAt: now, status: "valid" })
        .where(and(eq(coupons.id, couponId), eq(coupons.status, "undistribute")))
        .returning({ id: coupons.id, validFrom: coupons.validFrom });
      if (done.length === 0) throw new DomainError("COUPON_UNAVAILABLE");
      if (done[0]!.validFrom > now)
        await db.update(coupons).set({ status: "inactive" }).where(eq(coupons.id, couponId));
    },

    async void(couponId: string) {
      const done = await db
        .update(coupons)
        .set({ status: "voided" })
        .where(and(eq(coupons.id, couponId), inArray(coupons.status, ["undistribute", "valid", "inactive"])))
        .returning({ id: coupons.id });
      if (done.length === 0) throw new DomainError("COUPON_UNAVAILABLE");
    },

    async list(filter: {
      orgId?: string;
      status?: CouponRow["status"];
      couponNo?: string;
      pageNum: number;
      pageSize: number;
    }) {
      await expireDue();
      // Coupons whose validity has begun become usable.
      await db
        .update(coupons)
        .set({ status: "valid" })
        .where(and(eq(coupons.status, "inactive"), lte(coupons.validFrom, clock.now())));
      const where: SQL[] = [];
      if (filter.orgId) where.push(eq(coupons.orgId, filter.orgId));
      if (filter.status) where.push(eq(coupons.status, filter.status));
      if (filter.couponNo) where.push(eq(coupons.couponNo, filter.couponNo.trim().toUpperCase()));
      const cond = where.length ? and(...where) : undefined;
      return pageOf(
        filter,
        (limit, offset) =>
          select().where(cond).orderBy(desc(coupons.createdAt), coupons.couponNo).limit(limit).offset(offset),
        db.select({ n: count() }).from(coupons).where(cond),
        toDto,
      );
    },
  };
}
