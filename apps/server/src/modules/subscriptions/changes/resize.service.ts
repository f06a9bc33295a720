// Configuration change (`/mgt/change`, `/service/resize_resource`, CB2004): a host moves to another
// flavour of its product, a cloud disk grows, an elastic IP takes another bandwidth (what may be
// asked is in change-targets.ts). Prepaid: spec §9's difference = new monthly ÷ 30 × remaining days
// − the old term's remaining price — the old term's remainder is refunded to its sources and the
// new one charged, in one transaction, so the terms stay exact for a later unsubscribe. Postpaid:
// the hours so far are charged at the old price and the new price applies from then on. Every rule
// and the money are checked before the provider is asked; the provider then resizes (the resource
// "modifying"), and if the money still fails the provider is resized back.
import {
  applyDiscount,
  configurationChange,
  contractDiscountAmount,
  type Discount,
  discountFromHundredths,
  formatYuan,
  type Money,
  min,
  NO_DISCOUNT,
} from "@skyledger/billing";
import type { OrderDetail, ResizeQuote, resizeBody } from "@skyledger/contracts";
import type { z } from "zod";
import type { Audit } from "../../../platform/audit/audit";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { once, replayed } from "../../../platform/idempotency";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import { ProviderError } from "../../../providers/provider";
import type { StorageScalingSettings } from "../../catalog/storage-rules";
import { contractDiscountOn } from "../../contracts/contract-discounts";
import {
  chargeForOrder,
  fromJsonAllocations,
  moneyPaid,
  newOrderNo,
  toJsonAllocations,
} from "../../finance/order-charge";
import { assertNotFrozen } from "../../iam/tenant-freeze";
import { asTyped, type BillName, namesOf, writeBill } from "../../ledger/bills.repo";
import { refund } from "../../ledger/ledger.service";
import { addEvent } from "../../orders/order-money";
import { updateOrderIf } from "../../orders/orders.repo";
import type { QuotaGuard } from "../../orders/provisioning/service-domain";
import { insertSubmittedOrder } from "../../orders/submitted-order";
import type { ResourceStatus, resources } from "../../resources/resources.schema";
import { meter } from "../lifecycle/metering";
import { assertNotLeaving } from "../renewals/renewals.service";
import type { ResourceChangeDeps } from "../resource-change-deps";
import {
  closeTerm,
  findResource,
  insertTerm,
  productOf,
  settledChangeOrders,
  unendedTerms,
  updateResource,
} from "../subscriptions.repo";
import { settleChange, settlementFunding } from "./change-settlement";
import { assertMayChange, type ChangeTarget, createChangeTargets } from "./change-targets";

type Body = z.output<typeof resizeBody>;
type ResourceRow = typeof resources.$inferSelect;
type Difference = Awaited<ReturnType<typeof difference>>;
type Part = Difference["parts"][number];

/** The settled states a resource of each kind may change from. */
const CHANGEABLE_FROM: Record<ResourceRow["kind"], ResourceStatus[]> = {
  host: ["running", "stopped"],
  disk: ["available", "using"],
  elasticIp: ["available", "using"],
  snapshot: [],
  hpcPool: [],
  aiPlatform: [],
  rds: ["available"],
  cache: ["available"],
  queue: ["available"],
  share: ["available"],
  scalableFile: ["available"],
  bucket: [],
  bareMetal: [],
};

const discounted = (monthly: Money, hundredths: number | null) =>
  applyDiscount(monthly, hundredths === null ? NO_DISCOUNT : discountFromHundredths(hundredths));

/** What a term's remainder gives back: never more than its money sources still hold. */
const refundOf = (part: Part): Money =>
  min(part.change.oldRemainingPrice, moneyPaid(fromJsonAllocations(part.term.paid)) - part.term.refunded);

/** The contract discount in execution for the resource's product now (decision 0029), or null. */
const contractOf = (tx: Db, r: ResourceRow, now: Date) =>
  contractDiscountOn(tx, r.orgId, r.productCode ?? r.kind, now);

/**
 * The prepaid difference now over every term not yet ended (the current one and renewals or an
 * alignment already paid for): each term's remaining price at the old configuration against the
 * new monthly price ÷ 30 for the same days (§8 applied term by term), the new remainder less the
 * contract discount (half-up once on the whole remainder, as a purchase's quote).
 */
async function difference(
  tx: Db,
  r: ResourceRow,
  newMonthly: Money,
  contract: Discount | null,
  now: Date,
  timeZone: string,
) {
  if (!r.expiresAt) throw new DomainError("RESOURCE_NOT_PREPAID");
  if (now >= r.expiresAt) throw new DomainError("RESOURCE_EXPIRED");
  const terms = await unendedTerms(tx, r.id, now);
  if (terms.length === 0) throw new DomainError("RESOURCE_NOT_PREPAID");
  const parts = terms.map((term) => {
    const at = term.startsAt > now ? term.startsAt : now;
    const change = configurationChange({
      newMonthlyPrice: newMonthly,
      oldPeriodPrice: term.amount,
      periodStart: term.startsAt,
      expiry: term.endsAt,
      at,
      timeZone,
    });
    if (!change.ok) throw new DomainError("RESOURCE_EXPIRED");
    return { term, at, change };
  });
  const sum = (f: (p: (typeof parts)[number]) => Money) => parts.reduce((s, p) => s + f(p), 0n);
  const oldRemaining = sum((p) => p.change.oldRemainingPrice);
  const newGross = sum((p) => p.change.newRemainingPrice);
  const contractDiscount = contract ? contractDiscountAmount(newGross, contract) : 0n;
  const newRemaining = newGross - contractDiscount;
  return {
    parts,
    oldRemaining,
    newRemaining,
    contractDiscount,
    difference: newRemaining - oldRemaining,
    remainingDays: parts.reduce((s, p) => s + p.change.remainingDays, 0),
  };
}

export function createResizeService(
  deps: ResourceChangeDeps & { quota: QuotaGuard; audit: Audit; storage?: StorageScalingSettings },
) {
  const { db, clock, timeZone } = deps;
  const targets = createChangeTargets({
    db,
    provider: deps.provider,
    timeZone,
    ...(deps.storage ? { storage: deps.storage } : {}),
  });

  /** A change replaces the resource's figures in the quota, it does not add to them. */
  const quotaRequest = (r: ResourceRow, t: ChangeTarget) => ({
    orgId: r.orgId,
    projectId: r.projectId,
    kind: r.kind,
    spec: t.spec,
    quantity: 1,
    excludeResourceId: r.id,
  });

  /** The resource the caller may change and the change it asks for, or why not. */
  async function resolve(ctx: RequestContext, body: Body, now: Date) {
    const { r } = await deps.resources.visible(ctx, body.resourceId);
    assertMayChange(ctx.actor, r.kind);
    assertNotLeaving(r);
    return { r, t: await targets.of(r, body.spec, now) };
  }

  /** The prepaid figures and what they do to each money source, as the change would find them now. */
  async function priced(r: ResourceRow, t: ChangeTarget, now: Date) {
    const contract = await contractOf(db, r, now);
    const d = await difference(db, r, discounted(t.monthly, t.discountHundredths), contract, now, timeZone);
    const settlement = settleChange({
      refunds: d.parts.map((part) => ({ amount: refundOf(part), paid: fromJsonAllocations(part.term.paid) })),
      charge: d.newRemaining,
      funding: await settlementFunding(db, r.orgId),
      now,
    });
    return { d, settlement };
  }

  /** Step money: refunds each unended term's remainder, charges the new one as a term of days. */
  async function settlePrepaid(
    tx: Db,
    r: ResourceRow,
    d: Difference,
    ctx: { orderId: string; orderNo: string; productName: BillName; actorId: string; now: Date },
  ) {
    const { orderNo, now } = ctx;
    let refunded: Money = 0n;
    for (const part of d.parts) {
      const back = refundOf(part);
      if (back > 0n) {
        const result = await refund(tx, {
          orgId: r.orgId,
          amount: back,
          paid: fromJsonAllocations(part.term.paid),
          referenceType: "order",
          referenceId: orderNo,
          memo: { key: "configurationChange", params: { name: r.name } },
          createdBy: ctx.actorId,
          now,
        });
        await writeBill(tx, {
          orgId: r.orgId,
          type: "refund",
          productCode: r.productCode ?? r.kind,
          productName: ctx.productName,
          orderNo,
          chargeType: "prepaid",
          originalAmount: -back,
          allocations: result.allocations,
          entryId: result.entryId,
          now,
          timeZone,
        });
      }
      // The term ends where the new configuration takes over.
      await closeTerm(tx, part.term.id, back, part.at);
      refunded += back;
    }
    const allocations = await chargeForOrder(tx, {
      orgId: r.orgId,
      orderNo,
      productCode: r.productCode ?? r.kind,
      productName: ctx.productName,
      paymentType: "prepaid",
      originalAmount: d.newRemaining + d.contractDiscount,
      amount: d.newRemaining,
      contractDiscount: d.contractDiscount,
      createdBy: ctx.actorId,
      now,
      timeZone,
      usageStart: now,
      usageEnd: r.expiresAt,
      memo: { key: "configurationChange", params: { name: r.name } },
    });
    await insertTerm(tx, {
      id: newId(),
      resourceId: r.id,
      orgId: r.orgId,
      orderId: ctx.orderId,
      kind: "change",
      months: null,
      startsAt: now,
      endsAt: r.expiresAt!,
      amount: d.newRemaining,
      paid: toJsonAllocations(allocations),
      createdAt: now,
    });
    return { charged: d.newRemaining, refunded, paid: toJsonAllocations(allocations) };
  }

  /**
   * The change order, its money, the new configuration and the audit row, in the idempotency key's
   * transaction.
   */
  async function record(tx: Db, ctx: RequestContext, r: ResourceRow, t: ChangeTarget): Promise<string> {
    const now = clock.now();
    await assertNotFrozen(tx, r.orgId);
    const locked = await findResource(tx, r.id, true);
    // Under the lock the earlier expansions are counted once more: the rules hold however calls race.
    await targets.assertExpansionAllowed(tx, locked!, now);
    await deps.quota.assertWithinQuota(tx, quotaRequest(r, t));
    const product = await productOf(tx, r.productId!);
    const orderNo = newOrderNo(now, timeZone);
    const id = newId();
    const productName = product ? namesOf(product) : asTyped(r.name);
    let money = {
      charged: 0n as Money,
      refunded: 0n as Money,
      paid: [] as ReturnType<typeof toJsonAllocations>,
    };
    if (locked!.paymentType === "prepaid") {
      const newMonthly = discounted(t.monthly, t.discountHundredths);
      const d = await difference(tx, locked!, newMonthly, await contractOf(tx, locked!, now), now, timeZone);
      money = await settlePrepaid(tx, locked!, d, {
        orderId: id,
        orderNo,
        productName,
        actorId: ctx.actor.userId,
        now,
      });
    } else {
      await meter(tx, locked!, now, { roundUp: true, now, timeZone });
    }
    await updateResource(tx, r.id, {
      spec: t.spec,
      monthlyPrice: t.monthly,
      discountHundredths: t.discountHundredths,
      updatedAt: now,
    });
    await insertSubmittedOrder(
      tx,
      {
        id,
        orderNo,
        orgId: r.orgId,
        projectId: r.projectId,
        submittedBy: ctx.actor.userId,
        type: "change",
        status: "provisioning",
        approvalFlow: "none",
        productId: r.productId!,
        productCode: r.productCode ?? r.kind,
        productNameZh: productName.zh,
        productNameEn: productName.en,
        paymentType: locked!.paymentType ?? "prepaid",
        periodMonths: null,
        quantity: 1,
        request: { spec: t.spec, name: r.name, previousSpec: r.spec },
        resourceId: r.id,
        originalAmount: money.charged,
        amount: money.charged,
        paid: money.paid,
        refunded: money.refunded,
        createdAt: now,
        updatedAt: now,
      },
      { detail: `${t.from} → ${t.to}` },
    );
    await deps.audit.record(tx, {
      action: "resource.resized",
      ...ctx.auditBy,
      orgId: r.orgId,
      target: r.name,
      detail: { resourceKind: r.kind, spec: { from: t.from, to: t.to } },
    });
    return id;
  }

  return {
    /** How a storage resource's capacity may change: its product's range and the configured limits. */
    async storageLimitsOf(resourceId: string) {
      const r = await findResource(db, resourceId);
      return r ? targets.storageLimitsOf(r) : null;
    },

    async quote(ctx: RequestContext, body: Body): Promise<ResizeQuote> {
      const now = clock.now();
      const { r, t } = await resolve(ctx, body, now);
      const newMonthly = discounted(t.monthly, t.discountHundredths);
      const contract = await contractOf(db, r, now);
      const figures = {
        resourceId: r.id,
        kind: r.kind,
        newMonthlyPrice: formatYuan(newMonthly),
        oldMonthlyPrice: formatYuan(discounted(r.monthlyPrice, r.discountHundredths)),
        newMonthlyContractDiscount: formatYuan(contract ? contractDiscountAmount(newMonthly, contract) : 0n),
      };
      if (r.paymentType !== "prepaid") {
        return {
          ...figures,
          difference: formatYuan(0n),
          remainingDays: 0,
          oldRemaining: formatYuan(0n),
          newRemaining: formatYuan(0n),
          contractDiscount: formatYuan(0n),
          settlement: [],
          sufficient: true,
          shortfall: formatYuan(0n),
        };
      }
      const { d, settlement } = await priced(r, t, now);
      return {
        ...figures,
        difference: formatYuan(d.difference),
        remainingDays: d.remainingDays,
        oldRemaining: formatYuan(d.oldRemaining),
        newRemaining: formatYuan(d.newRemaining),
        contractDiscount: formatYuan(d.contractDiscount),
        settlement: settlement.net.map((a) => ({
          source: a.source,
          sourceId: a.sourceId ?? null,
          amount: formatYuan(a.amount),
        })),
        sufficient: settlement.sufficient,
        shortfall: formatYuan(settlement.shortfall),
      };
    },

    /** Reads the Idempotency-Key only once the resource proved to be the caller's. */
    async resize(ctx: RequestContext, body: Body): Promise<OrderDetail> {
      const { r: seen } = await deps.resources.visible(ctx, body.resourceId);
      const idempotencyKey = ctx.idempotencyKey();
      const scope = `${seen.orgId}|resize`;
      // A retry of a change already made answers its order instead of asking for the change again.
      const earlier = await replayed<string>(db, clock, scope, idempotencyKey, body);
      if (earlier) return deps.orders.detailById(earlier, ctx.locale);
      const { r, t } = await resolve(ctx, body, clock.now());
      if (r.paymentType === "prepaid") {
        const { settlement } = await priced(r, t, clock.now());
        if (!settlement.sufficient) throw new DomainError("INSUFFICIENT_BALANCE");
      }
      await db.transaction((tx) => deps.quota.assertWithinQuota(tx, quotaRequest(r, t)));
      if (
        !r.providerRef ||
        !(await deps.resources.claim(r.id, CHANGEABLE_FROM[r.kind], "modifying", "resize"))
      ) {
        throw deps.resources.stateError(r, ctx.locale);
      }
      try {
        await deps.provider.resize(r.providerRef, t.spec);
      } catch (err) {
        await updateResource(db, r.id, { status: r.status, taskStatus: null });
        if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
        throw err;
      }
      let orderId: string;
      try {
        orderId = await once(db, clock, scope, idempotencyKey, body, (tx) => record(tx, ctx, r, t));
      } catch (err) {
        // The money failed: the provider goes back to the old configuration.
        await deps.provider.resize(r.providerRef, r.spec).catch(() => undefined);
        await updateResource(db, r.id, { status: r.status, taskStatus: null });
        throw err;
      }
      return deps.orders.detailById(orderId, ctx.locale);
    },

    /** Change orders complete once the provider's resize has settled. */
    async finishChanges(): Promise<void> {
      const open = await settledChangeOrders(db);
      for (const o of open) {
        await db.transaction(async (tx) => {
          const now = clock.now();
          const done = await updateOrderIf(tx, o.id, "provisioning", { status: "completed", updatedAt: now });
          if (done) await addEvent(tx, { orderId: o.id, at: now, step: "completed" });
        });
      }
    },
  };
}
export type ResizeService = ReturnType<typeof createResizeService>;
