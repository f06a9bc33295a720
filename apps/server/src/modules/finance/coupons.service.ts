// Coupons (spec §3, §4): issued by operators with a value or a discount, a spend threshold,
// applicable products and payment types, validity; distributed to a tenant; voided; used by orders.
import { randomBytes } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";
import type { CouponIssue } from "@skyledger/contracts";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId, randomDigits } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { documentNo } from "../../platform/time-zone";
import { orgExists } from "../iam/users.repo";
import { parseAmount } from "./amounts";
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

/** A coupon issue as the rules read it: amounts in units, the discount in hundredths, dates parsed. */
type CouponInput = {
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

function couponInputOf(body: CouponIssue): CouponInput {
  return {
    name: body.name,
    benefitKind: body.benefitKind,
    value: body.benefitKind === "value" ? parseAmount(body.value!) : 0n,
    discountHundredths: body.benefitKind === "discount" ? Math.round(Number(body.discount) * 100) : 100,
    threshold: parseAmount(body.threshold),
    applicableProducts: body.applicableProducts,
    applicablePaymentTypes: body.applicablePaymentTypes,
    validFrom: new Date(body.validFrom),
    validUntil: new Date(body.validUntil),
    count: body.count,
    ...(body.orgId ? { orgId: body.orgId } : {}),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

export function createCouponsService(
  db: Db,
  clock: Clock,
  timeZone: string,
  controls = createMoneyControls(clock),
) {
  const audit = createAudit(clock);
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

  async function mustOrg(tx: Tx, orgId: string) {
    if (!(await orgExists(tx, orgId))) throw new DomainError("NOT_FOUND");
  }

  async function list(filter: CouponFilter & PageRequest) {
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
  }

  return {
    expireDue,

    /** Issues a batch, undistributed or straight to one tenant, with its audit row in one transaction. */
    async issue(ctx: RequestContext, body: CouponIssue) {
      const input = couponInputOf(body);
      const now = clock.now();
      // A batch is the rows that share its number, which no index can keep unique: eight random
      // digits make two batches of the same second share one about once in 10^8 (three digits did once
      // in a thousand: two batches of one test were read back as one).
      const batchNo = documentNo("CPB", now, timeZone, randomDigits(8));
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
        createdBy: ctx.actor.userId,
        createdAt: now,
      }));
      await db.transaction(async (tx) => {
        if (input.orgId) await mustOrg(tx, input.orgId);
        if (input.benefitKind === "value") await controls.assertWithin(tx, "couponValue", input.value);
        await insertCoupons(tx, rows);
        await audit.record(tx, {
          action: "coupon.issued",
          ...ctx.auditBy,
          orgId: input.orgId ?? null,
          target: batchNo,
          detail: { name: input.name, count: input.count, benefitKind: input.benefitKind },
        });
      });
      return (await listedCouponBatch(db, batchNo)).map(toDto);
    },

    async distribute(ctx: RequestContext, couponId: string, body: { orgId: string }) {
      // A coupon whose validity has ended is expired, not handed out (the sweep may not have run).
      await expireDue();
      const now = clock.now();
      // Handed out and, when its validity has not begun, inactive: one change, never half of it.
      await db.transaction(async (tx) => {
        await mustOrg(tx, body.orgId);
        const done = await distributeCoupon(tx, couponId, body.orgId, now);
        if (!done) throw new DomainError("COUPON_UNAVAILABLE");
        if (done.validFrom > now) await setCouponInactive(tx, couponId);
        await audit.record(tx, {
          action: "coupon.distributed",
          ...ctx.auditBy,
          orgId: body.orgId,
          target: couponId,
        });
      });
    },

    async void(ctx: RequestContext, couponId: string) {
      await db.transaction(async (tx) => {
        if (!(await voidCoupon(tx, couponId))) throw new DomainError("COUPON_UNAVAILABLE");
        await audit.record(tx, { action: "coupon.voided", ...ctx.auditBy, orgId: null, target: couponId });
      });
    },

    /** The caller's organisation's coupons. */
    listOwn(ctx: RequestContext, filter: CouponFilter & PageRequest) {
      return list({ ...filter, orgId: ctx.ownTenant() });
    },

    /** Every coupon, for operators. */
    listAll(filter: CouponFilter & PageRequest) {
      return list(filter);
    },
  };
}
