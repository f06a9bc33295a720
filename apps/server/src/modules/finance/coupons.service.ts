// Coupons (spec §3, §4): issued by operators with a value or a discount, a spend threshold,
// applicable products and payment types, validity; distributed to a tenant; voided; used by orders.
import { randomBytes } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import { documentNo } from "../../platform/time-zone";
import { orgExists } from "../iam/users.repo";
import {
  activateCoupons,
  type CouponFilter,
  type CouponRow,
  couponsCount,
  couponsPage,
  distributeCoupon,
  expireCoupons,
  insertCoupons,
  type ListedCoupon,
  listedCouponBatch,
  setCouponInactive,
  voidCoupon,
} from "./coupons.repo";
import { createMoneyControls } from "./money-controls";

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
  const toDto = ({ c, orgName }: ListedCoupon) => ({
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

  /** Valid coupons past their end become expired (read paths call this first). */
  async function expireDue() {
    await expireCoupons(db, clock.now());
  }

  async function mustOrg(orgId: string) {
    if (!(await orgExists(db, orgId))) throw new DomainError("NOT_FOUND");
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
      await insertCoupons(db, rows);
      return (await listedCouponBatch(db, batchNo)).map(toDto);
    },

    async distribute(couponId: string, orgId: string) {
      await mustOrg(orgId);
      // A coupon whose validity has ended is expired, not handed out (the sweep may not have run).
      await expireDue();
      const now = clock.now();
      // Handed out and, when its validity has not begun, inactive: one change, never half of it.
      await db.transaction(async (tx) => {
        const done = await distributeCoupon(tx, couponId, orgId, now);
        if (!done) throw new DomainError("COUPON_UNAVAILABLE");
        if (done.validFrom > now) await setCouponInactive(tx, couponId);
      });
    },

    async void(couponId: string) {
      if (!(await voidCoupon(db, couponId))) throw new DomainError("COUPON_UNAVAILABLE");
    },

    async list(filter: CouponFilter & { pageNum: number; pageSize: number }) {
      await expireDue();
      // Coupons whose validity has begun become usable.
      await activateCoupons(db, clock.now());
      const where: CouponFilter = {
        ...(filter.orgId ? { orgId: filter.orgId } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.couponNo ? { couponNo: filter.couponNo.trim().toUpperCase() } : {}),
      };
      return pageOf(
        filter,
        (limit, offset) => couponsPage(db, where, limit, offset),
        couponsCount(db, where),
        toDto,
      );
    },
  };
}
