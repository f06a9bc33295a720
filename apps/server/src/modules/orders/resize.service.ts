// Configuration change (`/mgt/change`, `/service/resize_resource`, CB2004): a host moves to another
// flavour of its product. Prepaid: spec §9's difference = new monthly ÷ 30 × remaining days − the old
// term's remaining price — the old term's remainder is refunded to its sources and the new one
// charged, in one transaction, so the terms stay exact for a later unsubscribe. Postpaid: the hours
// so far are charged at the old price and the new price applies from now. The provider resizes
// first (claimed as "modifying"); if the money then fails, the provider is resized back.
import {
  applyDiscount,
  configurationChange,
  discountFromHundredths,
  formatYuan,
  type Money,
  min,
  monthlyPrice,
  NO_DISCOUNT,
} from "@skyledger/billing";
import type { Locale, OrderDetail, ResizeQuote, resizeBody } from "@skyledger/contracts";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { Provider } from "../../providers/provider";
import { ProviderError } from "../../providers/provider";
import type { Audit } from "../audit/audit.service";
import type { CatalogRepo } from "../catalog/catalog.repo";
import { products } from "../catalog/catalog.schema";
import { priceModelOf } from "../catalog/price-inquiry.service";
import { writeBill } from "../ledger/bills.repo";
import { refund } from "../ledger/ledger.service";
import { meter } from "../resources/metering";
import type { QuotaGuard } from "../resources/quota-port";
import { resourceSpecOf } from "../resources/resource-spec";
import { resources, resourceTerms } from "../resources/resources.schema";
import type { ResourcesService } from "../resources/resources.service";
import { addEvent, chargeForOrder, fromJsonAllocations, moneyPaid, toJsonAllocations } from "./order-money";
import type { OrdersRepo } from "./orders.repo";
import { orders } from "./orders.schema";
import type { OrdersService } from "./orders.service";
import { newOrderNo } from "./orders.service";

type Body = z.output<typeof resizeBody>;
type ResourceRow = typeof resources.$inferSelect;

export function createResizeService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  provider: Provider;
  catalog: CatalogRepo;
  resources: ResourcesService;
  orders: OrdersService;
  repo: OrdersRepo;
  quota: QuotaGuard;
  audit: Audit;
}) {
  const { db, clock, timeZone } = deps;

  /** The new configuration's figures and monthly price (list price, before the contract discount). */
  async function target(r: ResourceRow, body: Body) {
    if (r.kind !== "host" || !r.productId)
      throw new DomainError("RESOURCE_STATE_INVALID", { status: r.kind });
    const found = await deps.catalog.product(r.productId);
    if (!found) throw new DomainError("PRICE_NOT_CALCULABLE");
    const flavorId = body.spec.flavorId;
    if (!flavorId || flavorId === r.spec.flavorId) throw new DomainError("CONFIG_UNCHANGED");
    const spec = {
      ...resourceSpecOf(found.p.spec, { ...r.spec, flavorId }, r.spec.keyPairId ?? null),
      imageId: r.spec.imageId,
    };
    const row = await deps.catalog.price(r.productId, `flavor:${flavorId}`);
    if (!row) throw new DomainError("PRICE_NOT_CALCULABLE");
    const priced = monthlyPrice(priceModelOf(row), 1);
    if (!priced.ok) throw new DomainError("PRICE_NOT_CALCULABLE");
    return { spec, monthly: priced.amount, discountHundredths: row.discountHundredths };
  }

  const discounted = (monthly: Money, hundredths: number | null) =>
    applyDiscount(monthly, hundredths === null ? NO_DISCOUNT : discountFromHundredths(hundredths));

  /**
   * The prepaid difference now over every term not yet ended (the current one and renewals or an
   * alignment already paid for): each term's remaining price at the old configuration against the
   * new monthly price ÷ 30 for the same days (§8 applied term by term).
   */
  async function difference(tx: Db, r: ResourceRow, newMonthly: Money, now: Date) {
    if (!r.expiresAt) throw new DomainError("RESOURCE_NOT_PREPAID");
    if (now >= r.expiresAt) throw new DomainError("RESOURCE_EXPIRED");
    const terms = await tx
      .select()
      .from(resourceTerms)
      .where(
        and(
          eq(resourceTerms.resourceId, r.id),
          gt(resourceTerms.endsAt, now),
          gt(resourceTerms.endsAt, resourceTerms.startsAt),
        ),
      )
      .orderBy(asc(resourceTerms.startsAt));
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
    const newRemaining = sum((p) => p.change.newRemainingPrice);
    return {
      parts,
      oldRemaining,
      newRemaining,
      difference: newRemaining - oldRemaining,
      remainingDays: parts.reduce((s, p) => s + p.change.remainingDays, 0),
    };
  }

  return {
    async quote(principal: Principal, body: Body): Promise<ResizeQuote> {
      const { r } = await deps.resources.visible(principal, body.resourceId);
      const t = await target(r, body);
      const newMonthly = discounted(t.monthly, t.discountHundredths);
      const oldMonthly = discounted(r.monthlyPrice, r.discountHundredths);
      const f = await deps.catalog.funding(r.orgId);
      const available = f.cash + (f.availableCredit > 0n ? f.availableCredit : 0n);
      if (r.paymentType !== "prepaid") {
        return {
          resourceId: r.id,
          difference: formatYuan(0n),
          newMonthlyPrice: formatYuan(newMonthly),
          oldMonthlyPrice: formatYuan(oldMonthly),
          remainingDays: 0,
          sufficient: true,
        };
      }
      const d = await difference(db, r, newMonthly, clock.now());
      return {
        resourceId: r.id,
        difference: formatYuan(d.difference),
        newMonthlyPrice: formatYuan(newMonthly),
        oldMonthlyPrice: formatYuan(oldMonthly),
        remainingDays: d.remainingDays,
        sufficient: d.difference <= available,
      };
    },

    async resize(
      principal: Principal,
      body: Body,
      key: () => string,
      locale: Locale,
      ip: string,
    ): Promise<OrderDetail> {
      const { r } = await deps.resources.visible(principal, body.resourceId);
      const t = await target(r, body);
      const idempotencyKey = key();
      const [product] = await db.select().from(products).where(eq(products.id, r.productId!));
      if (
        !r.providerRef ||
        !(await deps.resources.claim(r.id, ["running", "stopped"], "modifying", "resize"))
      ) {
        throw deps.resources.stateError(r, locale);
      }
      try {
        await deps.provider.resize(r.providerRef, t.spec);
      } catch (err) {
        await db.update(resources).set({ status: r.status, taskStatus: null }).where(eq(resources.id, r.id));
        if (err instanceof ProviderError) throw new DomainError("PROCESS_FAILED");
        throw err;
      }
      let orderId: string;
      try {
        orderId = await once(db, clock, `${r.orgId}|resize`, idempotencyKey, body, async (tx) => {
          const now = clock.now();
          const [locked] = await tx.select().from(resources).where(eq(resources.id, r.id)).for("update");
          await deps.quota.assertWithinQuota(tx, {
            orgId: r.orgId,
            projectId: r.projectId,
            kind: "host",
            spec: t.spec,
            quantity: 1,
            excludeResourceId: r.id,
          });
          const orderNo = newOrderNo(now, timeZone);
          const id = newId();
          const newMonthly = discounted(t.monthly, t.discountHundredths);
          let charged: Money = 0n;
          let refunded: Money = 0n;
          let paid: ReturnType<typeof toJsonAllocations> = [];
          if (locked!.paymentType === "prepaid") {
            const d = await difference(tx, locked!, newMonthly, now);
            for (const part of d.parts) {
              // Each term's remainder goes back to its sources, never more than they still hold,
              // and the term ends where the new configuration takes over.
              const termPaid = fromJsonAllocations(part.term.paid);
              const back = min(part.change.oldRemainingPrice, moneyPaid(termPaid) - part.term.refunded);
              if (back > 0n) {
                const result = await refund(tx, {
                  orgId: r.orgId,
                  amount: back,
                  paid: termPaid,
                  referenceType: "order",
                  referenceId: orderNo,
                  memo: `configuration change of ${r.name}`,
                  createdBy: principal.userId,
                  now,
                });
                await writeBill(tx, {
                  orgId: r.orgId,
                  type: "refund",
                  productCode: r.productCode ?? "host",
                  productName: product?.nameZh ?? r.name,
                  orderNo,
                  chargeType: "prepaid",
                  originalAmount: -back,
                  allocations: result.allocations,
                  entryId: result.entryId,
                  now,
                  timeZone,
                });
              }
              await tx
                .update(resourceTerms)
                .set({
                  refunded: sql`${resourceTerms.refunded} + ${back.toString()}::bigint`,
                  endsAt: part.at,
                })
                .where(eq(resourceTerms.id, part.term.id));
              refunded += back;
            }
            const allocations = await chargeForOrder(tx, {
              orgId: r.orgId,
              orderNo,
              productCode: r.productCode ?? "host",
              productName: product?.nameZh ?? r.name,
              paymentType: "prepaid",
              originalAmount: d.newRemaining,
              amount: d.newRemaining,
              createdBy: principal.userId,
              now,
              timeZone,
              usageStart: now,
              usageEnd: locked!.expiresAt,
              memo: `configuration change of ${r.name}`,
            });
            await tx.insert(resourceTerms).values({
              id: newId(),
              resourceId: r.id,
              orgId: r.orgId,
              orderId: id,
              kind: "change",
              months: null,
              startsAt: now,
              endsAt: locked!.expiresAt!,
              amount: d.newRemaining,
              paid: toJsonAllocations(allocations),
              createdAt: now,
            });
            charged = d.newRemaining;
            paid = toJsonAllocations(allocations);
          } else {
            await meter(tx, locked!, now, { roundUp: true, now, timeZone });
          }
          await tx
            .update(resources)
            .set({
              spec: t.spec,
              monthlyPrice: t.monthly,
              discountHundredths: t.discountHundredths,
              updatedAt: now,
            })
            .where(eq(resources.id, r.id));
          await tx.insert(orders).values({
            id,
            orderNo,
            orgId: r.orgId,
            projectId: r.projectId,
            submittedBy: principal.userId,
            type: "change",
            status: "provisioning",
            approvalFlow: "none",
            productId: r.productId!,
            productCode: r.productCode ?? "host",
            productNameZh: product?.nameZh ?? r.name,
            productNameEn: product?.nameEn ?? r.name,
            paymentType: locked!.paymentType ?? "prepaid",
            periodMonths: null,
            quantity: 1,
            request: { spec: t.spec, name: r.name, previousSpec: r.spec },
            resourceId: r.id,
            originalAmount: charged,
            amount: charged,
            paid,
            refunded,
            createdAt: now,
            updatedAt: now,
          });
          await addEvent(tx, {
            orderId: id,
            at: now,
            actorId: principal.userId,
            step: "submitted",
            detail: `${r.spec.flavorId} → ${t.spec.flavorId}`,
          });
          return id;
        });
      } catch (err) {
        // The money failed: the provider goes back to the old configuration.
        await deps.provider.resize(r.providerRef, r.spec).catch(() => undefined);
        await db.update(resources).set({ status: r.status, taskStatus: null }).where(eq(resources.id, r.id));
        throw err;
      }
      await deps.audit.record({
        action: "resource.resized",
        actorId: principal.userId,
        orgId: r.orgId,
        target: r.name,
        ip,
        detail: { from: r.spec.flavorId, to: t.spec.flavorId },
      });
      return deps.orders.detailOf((await deps.repo.byId(orderId))!, locale);
    },

    /** Change orders complete once the provider's resize has settled. */
    async finishChanges(): Promise<void> {
      const open = await db
        .select({ id: orders.id, resourceId: orders.resourceId })
        .from(orders)
        .innerJoin(resources, eq(resources.id, orders.resourceId))
        .where(
          and(
            eq(orders.type, "change"),
            eq(orders.status, "provisioning"),
            sql`${resources.status} <> 'modifying'`,
          ),
        );
      for (const o of open) {
        await db.transaction(async (tx) => {
          const now = clock.now();
          const done = await tx
            .update(orders)
            .set({ status: "completed", updatedAt: now })
            .where(and(eq(orders.id, o.id), eq(orders.status, "provisioning")))
            .returning({ id: orders.id });
          if (done.length > 0) await addEvent(tx, { orderId: o.id, at: now, step: "completed" });
        });
      }
    },
  };
}
export type ResizeService = ReturnType<typeof createResizeService>;
