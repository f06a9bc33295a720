// `/service/unsubscribe/{id}`: the refund the rules give is shown first (inquiry), then one
// transaction refunds each prepaid term's unused part to the sources that paid it (coupons are
// never refunded), charges overdue days when the resource had already expired, charges a postpaid
// resource's last hours, and records an `unsubscribe` order. The resource is `releasing` until the
// provider has deleted it; `finishReleases` retries that step until it succeeds.
import {
  formatYuan,
  type Money,
  min,
  overdueCharge,
  type RefundPolicy,
  termRefund,
} from "@skyledger/billing";
import {
  errorText,
  type Locale,
  type OrderDetail,
  RESOURCE_STATUS_NAMES,
  type UnsubscribeQuote,
} from "@skyledger/contracts";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId } from "../../platform/ids";
import type { Provider } from "../../providers/provider";
import type { Audit } from "../audit/audit.service";
import { billingPolicies, products } from "../catalog/catalog.schema";
import { writeBill } from "../ledger/bills.repo";
import { refund } from "../ledger/ledger.service";
import { hourlyAmount, hoursDue, meter } from "../resources/metering";
import { resources, resourceTerms } from "../resources/resources.schema";
import type { ResourcesService } from "../resources/resources.service";
import { addEvent, chargeForOrder, fromJsonAllocations, moneyPaid, toJsonAllocations } from "./order-money";
import type { OrdersRepo } from "./orders.repo";
import { orders } from "./orders.schema";
import type { OrdersService } from "./orders.service";
import { newOrderNo } from "./orders.service";

type ResourceRow = typeof resources.$inferSelect;
type TermRow = typeof resourceTerms.$inferSelect;

const RELEASABLE = new Set([
  "running",
  "stopped",
  "available",
  "error",
  "create_failure",
  "frozen",
  "expired",
]);

/** A term's refund now, never more than what its money sources paid minus what was refunded. */
function termRefundNow(term: TermRow, policy: RefundPolicy, now: Date, timeZone: string) {
  const paid = fromJsonAllocations(term.paid);
  const r = termRefund({
    policy,
    start: term.startsAt,
    end: term.endsAt,
    months: term.months,
    paid,
    at: now,
    timeZone,
  });
  return { paid, used: r.used, refund: min(r.refund, moneyPaid(paid) - term.refunded) };
}

export function createUnsubscribeService(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  provider: Provider;
  resources: ResourcesService;
  orders: OrdersService;
  repo: OrdersRepo;
  audit: Audit;
}) {
  const { db, clock } = deps;

  async function policyOf(tx: Db, productId: string | null): Promise<RefundPolicy> {
    if (!productId) return "paid_minus_used";
    const [row] = await tx
      .select({ reading: billingPolicies.refundReading })
      .from(products)
      .innerJoin(billingPolicies, sql`${billingPolicies.id} = any(${products.billingPolicyIds})`)
      .where(and(eq(products.id, productId), eq(billingPolicies.method, "prepaid")))
      .limit(1);
    return row?.reading === "byMonth" ? "by_month" : "paid_minus_used";
  }

  /** Why the resource cannot be unsubscribed now, as a catalogue key, or null. */
  async function blocker(tx: Db, r: ResourceRow) {
    if (!RELEASABLE.has(r.status)) return { key: "RESOURCE_STATE_INVALID" as const, status: r.status };
    if (r.kind === "host") {
      // Disks and elastic IPs must be detached first; snapshots do not block: they go with the host.
      const [attached] = await tx
        .select({ id: resources.id })
        .from(resources)
        .where(
          and(eq(resources.attachedTo, r.id), ne(resources.kind, "snapshot"), isNull(resources.deletedAt)),
        )
        .limit(1);
      if (attached) return { key: "RESOURCE_ATTACHED" as const, status: r.status };
    }
    return null;
  }

  /** The figures of an unsubscribe at `now`. */
  async function figures(tx: Db, r: ResourceRow, now: Date) {
    const policy = await policyOf(tx, r.productId);
    const terms =
      r.paymentType === "prepaid"
        ? await tx.select().from(resourceTerms).where(eq(resourceTerms.resourceId, r.id))
        : [];
    const perTerm = terms.map((t) => ({ term: t, ...termRefundNow(t, policy, now, deps.timeZone) }));
    const last = terms.reduce<TermRow | undefined>((a, t) => (!a || t.endsAt > a.endsAt ? t : a), undefined);
    const overdue =
      last && r.expiresAt && now > r.expiresAt && r.status !== "create_failure"
        ? overdueCharge(last.amount, last.startsAt, last.endsAt, now, deps.timeZone).amount
        : 0n;
    const lastHours =
      r.paymentType === "postpaid" && r.meteredUntil && r.status !== "create_failure"
        ? hourlyAmount(r, hoursDue(r.meteredUntil, now, true))
        : 0n;
    return {
      policy,
      perTerm,
      paid: perTerm.reduce((s, t) => s + moneyPaid(t.paid), 0n),
      used: perTerm.reduce((s, t) => s + t.used, 0n) + lastHours,
      refund: perTerm.reduce((s, t) => s + t.refund, 0n),
      overdue,
    };
  }

  return {
    async quote(principal: Principal, id: string, locale: Locale): Promise<UnsubscribeQuote> {
      const { r } = await deps.resources.visible(principal, id);
      const f = await figures(db, r, clock.now());
      const block = await blocker(db, r);
      const status = RESOURCE_STATUS_NAMES[r.status];
      return {
        resourceId: r.id,
        name: r.name,
        refundReading: f.policy === "by_month" ? "byMonth" : "paidMinusUsed",
        paid: formatYuan(f.paid),
        used: formatYuan(f.used),
        overdue: formatYuan(f.overdue),
        refund: formatYuan(f.refund),
        blockedBy: block ? errorText(block.key, locale, { status }) : null,
      };
    },

    /** `keyOf` reads the Idempotency-Key only once the resource proved to be the caller's. */
    async unsubscribe(
      principal: Principal,
      id: string,
      keyOf: () => string,
      locale: Locale,
      ip: string,
    ): Promise<OrderDetail> {
      const { r: seen } = await deps.resources.visible(principal, id);
      const orderId = await once(
        db,
        clock,
        `${seen.orgId}|service.unsubscribe`,
        keyOf(),
        { id },
        async (tx) => {
          const [r] = await tx.select().from(resources).where(eq(resources.id, id)).for("update");
          if (!r || r.deletedAt) throw new DomainError("NOT_FOUND");
          const block = await blocker(tx, r);
          if (block) throw new DomainError(block.key, { status: RESOURCE_STATUS_NAMES[r.status] });
          const now = clock.now();
          const f = await figures(tx, r, now);
          const [product] = r.productId
            ? await tx.select().from(products).where(eq(products.id, r.productId))
            : [];
          const orderNo = newOrderNo(now, deps.timeZone);
          const unsubscribeId = newId();
          let paid: ReturnType<typeof toJsonAllocations> = [];
          if (f.overdue > 0n) {
            paid = toJsonAllocations(
              await chargeForOrder(tx, {
                orgId: r.orgId,
                orderNo,
                productCode: r.productCode ?? r.kind,
                productName: product?.nameZh ?? r.name,
                paymentType: "prepaid",
                originalAmount: f.overdue,
                amount: f.overdue,
                createdBy: principal.userId,
                now,
                timeZone: deps.timeZone,
                memo: `overdue days of ${r.name}`,
              }),
            );
          }
          await tx.insert(orders).values({
            id: unsubscribeId,
            orderNo,
            orgId: r.orgId,
            projectId: r.projectId,
            submittedBy: principal.userId,
            type: "unsubscribe",
            status: "provisioning",
            approvalFlow: "none",
            productId: r.productId ?? "",
            productCode: r.productCode ?? r.kind,
            productNameZh: product?.nameZh ?? r.name,
            productNameEn: product?.nameEn ?? r.name,
            paymentType: r.paymentType ?? "prepaid",
            periodMonths: null,
            quantity: 1,
            request: { spec: r.spec, name: r.name },
            resourceId: r.id,
            originalAmount: f.overdue,
            amount: f.overdue,
            paid,
            createdAt: now,
            updatedAt: now,
          });
          await addEvent(tx, {
            orderId: unsubscribeId,
            at: now,
            actorId: principal.userId,
            step: "submitted",
            detail: r.name,
          });
          // The last postpaid hours are charged before the resource goes; without money they become arrears.
          if (r.paymentType === "postpaid" && r.status !== "create_failure")
            await meter(tx, r, now, { roundUp: true, now, timeZone: deps.timeZone });
          let refunded: Money = 0n;
          for (const t of f.perTerm) {
            if (t.refund <= 0n) continue;
            const result = await refund(tx, {
              orgId: r.orgId,
              amount: t.refund,
              paid: t.paid,
              referenceType: "order",
              referenceId: orderNo,
              memo: `unsubscribe ${r.name}`,
              createdBy: principal.userId,
              now,
            });
            await writeBill(tx, {
              orgId: r.orgId,
              type: "refund",
              productCode: r.productCode ?? r.kind,
              productName: product?.nameZh ?? r.name,
              orderNo,
              chargeType: "prepaid",
              originalAmount: -t.refund,
              allocations: result.allocations,
              entryId: result.entryId,
              now,
              timeZone: deps.timeZone,
            });
            await tx
              .update(resourceTerms)
              .set({ refunded: sql`${resourceTerms.refunded} + ${t.refund.toString()}::bigint` })
              .where(eq(resourceTerms.id, t.term.id));
            refunded += t.refund;
          }
          if (refunded > 0n) {
            await tx.update(orders).set({ refunded }).where(eq(orders.id, unsubscribeId));
            await addEvent(tx, {
              orderId: unsubscribeId,
              at: now,
              step: "refunded",
              detail: formatYuan(refunded),
            });
          }
          await tx
            .update(resources)
            .set({ status: "releasing", taskStatus: "delete", autoRenew: false, updatedAt: now })
            .where(eq(resources.id, r.id));
          // The host's snapshots are released with it (the release step deletes them at the provider).
          if (r.kind === "host") {
            await tx
              .update(resources)
              .set({ status: "releasing", taskStatus: "delete", updatedAt: now })
              .where(
                and(
                  eq(resources.attachedTo, r.id),
                  eq(resources.kind, "snapshot"),
                  isNull(resources.deletedAt),
                ),
              );
          }
          return unsubscribeId;
        },
      );
      await this.finishReleases();
      await deps.audit.record({
        action: "resource.unsubscribed",
        actorId: principal.userId,
        orgId: seen.orgId,
        target: seen.name,
        ip,
        detail: { resourceId: id },
      });
      return deps.orders.detailOf((await deps.repo.byId(orderId))!, locale);
    },

    /** Step `release`: the provider deletes what was unsubscribed; retried until it succeeds. */
    async finishReleases(): Promise<void> {
      const releasing = await db
        .select()
        .from(resources)
        .where(and(eq(resources.status, "releasing"), isNull(resources.deletedAt)));
      for (const r of releasing) {
        try {
          if (r.providerRef) await deps.provider.delete(r.providerRef);
        } catch {
          continue;
        }
        await db.transaction(async (tx) => {
          const now = clock.now();
          const done = await tx
            .update(resources)
            .set({ status: "deleted", taskStatus: null, deletedAt: now, attachedTo: null, updatedAt: now })
            .where(and(eq(resources.id, r.id), eq(resources.status, "releasing")))
            .returning({ id: resources.id });
          if (done.length === 0) return;
          const open = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.resourceId, r.id),
                eq(orders.type, "unsubscribe"),
                eq(orders.status, "provisioning"),
              ),
            );
          for (const o of open) {
            await tx.update(orders).set({ status: "completed", updatedAt: now }).where(eq(orders.id, o.id));
            await addEvent(tx, { orderId: o.id, at: now, step: "completed", detail: `${r.name} released` });
          }
        });
      }
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
