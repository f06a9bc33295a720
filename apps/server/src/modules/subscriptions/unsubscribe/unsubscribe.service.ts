// `/service/unsubscribe/{id}`: the refund the rules give is shown first (inquiry), then one
// transaction refunds each prepaid term's unused part to the sources that paid it (coupons are
// never refunded), charges overdue days when the resource had already expired, charges a postpaid
// resource's last hours, and records the order: `unsubscribe` (退订) for a prepaid resource,
// `release` (释放) for a postpaid one (removal-order.ts). The resource is `releasing` until the
// provider has deleted it; `finishReleases` retries that step until it succeeds. A third-party
// service has no provider: it goes at once on our side and the operators are e-mailed to release
// it at the partner. While the provider runs an operation on the resource, or work the provider
// reports (`Provider.inUse`: an HPC pool's pending or running jobs) still runs on it, spec §8's
// "a running job prevents unsubscribe" answers ("a dedicated resource is still in use" for a
// dedicated one; "an AI resource pool must be unsubscribed first" for the AI development platform
// while an AI pool of the organisation is subscribed).
import { formatYuan, type Money, overdueCharge } from "@skyledger/billing";
import {
  BUSY_STATUSES,
  type ErrorKey,
  errorText,
  type OrderDetail,
  RELEASABLE_STATUSES,
  RESOURCE_STATUS_NAMES,
  type ResourceStatus,
  releasedDetail,
  UNSUBSCRIBABLE_KINDS,
  type UnsubscribeQuote,
} from "@skyledger/contracts";
import type { Audit } from "../../../platform/audit/audit";
import type { Principal } from "../../../platform/auth/principal";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { once } from "../../../platform/idempotency";
import { newId } from "../../../platform/ids";
import type { RequestContext } from "../../../platform/request-context";
import type { InUse } from "../../../providers/provider";
import {
  asTyped,
  chargeForOrder,
  moneyPaid,
  namesOf,
  newOrderNo,
  toJsonAllocations,
} from "../../finance/order-charge";
import { addEvent } from "../../orders/order-money";
import type { OrderNotices } from "../../orders/order-notices";
import { updateOrder } from "../../orders/orders.repo";
import type { resources } from "../../resources/resources.schema";
import { hoursDue, meter, rateHours } from "../lifecycle/metering";
import type { ResourceChangeDeps } from "../resource-change-deps";
import {
  attachedTo,
  findResource,
  markReleased,
  openOrdersOf,
  productOf,
  resourcesReleasing,
  snapshotBeingTakenOf,
  updateResource,
} from "../subscriptions.repo";
import { refundSources } from "./refund-sources";
import { insertRemovalOrder, REMOVAL_TYPES, releaseSnapshotsWith, removalTypeOf } from "./removal-order";
import { refundPolicyOf, refundUnusedTerms, type TermDue, termsDue } from "./term-refunds";

type ResourceRow = typeof resources.$inferSelect;
/** An unsubscribe recorded: its order, what it refunded, the resource as it was, and when. */
export type Removal = { id: string; orderNo: string; refunded: Money; r: ResourceRow; now: Date };

const RELEASABLE = new Set<ResourceStatus>(RELEASABLE_STATUSES);
// The provider is running an operation on a resource in these states (resources.service `claim`,
// attachments, snapshot rollback, provisioning); it settles back to a releasable state.
const BUSY = new Set<ResourceStatus>(BUSY_STATUSES);
/** A resource on its way out (or never made): nothing is left to close. */
const ENDING = new Set<ResourceStatus>(["releasing", "destroying", "deleted", "create_failure"]);

/** A postpaid resource is billed up to now, or up to its freeze: frozen time is not billed. */
const meteredTo = (r: ResourceRow, now: Date): Date =>
  r.status === "frozen" && r.frozenAt && r.frozenAt < now ? r.frozenAt : now;

/** Unsubscribing a host, disk or elastic IP takes that kind's own permission (UNSUBSCRIBABLE_KINDS). */
function assertMayUnsubscribe(principal: Principal, kind: ResourceRow["kind"]): void {
  const code = (UNSUBSCRIBABLE_KINDS as Record<string, string>)[kind];
  if (code && !principal.permissions.has(code)) throw new DomainError("NO_PERMISSION");
}

export function createUnsubscribeService(deps: ResourceChangeDeps & { notices: OrderNotices; audit: Audit }) {
  const { db, clock } = deps;

  /** Why the resource cannot be unsubscribed now, as a catalogue key, or null. */
  async function blocker(tx: Db, r: ResourceRow) {
    if (BUSY.has(r.status) || (RELEASABLE.has(r.status) && r.taskStatus !== null))
      return { key: "RUNNING_JOB_BLOCKS_UNSUBSCRIBE" as const, status: r.status };
    if (!RELEASABLE.has(r.status)) return { key: "RESOURCE_STATE_INVALID" as const, status: r.status };
    if (r.kind === "host") {
      // A snapshot being taken is a job on the host: it would be cut off by the release.
      if (await snapshotBeingTakenOf(tx, r.id))
        return { key: "RUNNING_JOB_BLOCKS_UNSUBSCRIBE" as const, status: r.status };
      // Disks and elastic IPs must be detached first; taken snapshots do not block: they go with the host.
      if (await attachedTo(tx, r.id)) return { key: "RESOURCE_ATTACHED" as const, status: r.status };
    }
    return null;
  }

  /**
   * Work the provider says still runs on the resource. Asked outside the unsubscribe's
   * transaction (a cluster is a remote call); a job submitted in between is cancelled by the
   * release, which removes the pool's account with its jobs.
   */
  async function inUseBlocker(r: ResourceRow) {
    if (!r.providerRef || !deps.provider.inUse || !RELEASABLE.has(r.status)) return null;
    return inUseKey(await deps.provider.inUse(r.providerRef), r);
  }

  /** The same, for what the provider can answer inside the unsubscribe's transaction (row locked). */
  async function inUseWithinBlocker(tx: Db, r: ResourceRow) {
    if (!r.providerRef || !deps.provider.inUseWithin || !RELEASABLE.has(r.status)) return null;
    return inUseKey(await deps.provider.inUseWithin(tx, r.providerRef), r);
  }

  function inUseKey(use: InUse, r: ResourceRow) {
    if (use === "dedicated") return { key: "DEDICATED_IN_USE" as const, status: r.status };
    if (use === "aiPools") return { key: "AI_POOL_FIRST" as const, status: r.status };
    if (use === "jobs") return { key: "RUNNING_JOB_BLOCKS_UNSUBSCRIBE" as const, status: r.status };
    return null;
  }

  /** The figures of an unsubscribe at `now`. */
  async function figures(tx: Db, r: ResourceRow, now: Date) {
    const policy = await refundPolicyOf(tx, r.productId);
    const perTerm = await termsDue(tx, r, policy, now, deps.timeZone);
    const last = perTerm.reduce<TermDue["term"] | undefined>(
      (a, { term }) => (!a || term.endsAt > a.endsAt ? term : a),
      undefined,
    );
    const overdue =
      last && r.expiresAt && now > r.expiresAt && r.status !== "create_failure"
        ? overdueCharge(last.amount, last.startsAt, last.endsAt, now, deps.timeZone).amount
        : 0n;
    const lastHours =
      r.paymentType === "postpaid" && r.meteredUntil && r.status !== "create_failure"
        ? (await rateHours(tx, r, r.meteredUntil, hoursDue(r.meteredUntil, meteredTo(r, now), true))).net
        : 0n;
    // What the money sources paid and still hold (a change refunded a closed term's remainder
    // already); what is kept of it is used, so paid − used is the refund. Coupons are not money paid.
    const paid = perTerm.reduce((s, t) => s + moneyPaid(t.paid) - t.term.refunded, 0n);
    const refund = perTerm.reduce((s, t) => s + t.refund, 0n);
    return { policy, perTerm, paid, used: paid - refund + lastHours, refund, overdue };
  }

  /**
   * The unsubscribe's records in the caller's transaction (the resource row locked): the removal
   * order, the overdue days or last postpaid hours charged, each term's unused part refunded, the
   * resource `releasing`. The caller adds its audit row (and what else its action records). A
   * tenant's unsubscribe is refused by what the provider answers in this transaction too; an
   * operator's close (`byOperator`) cuts that work off instead.
   */
  async function remove(tx: Db, ctx: RequestContext, id: string, byOperator = false): Promise<Removal> {
    const r = await findResource(tx, id, true);
    if (!r || r.deletedAt) throw new DomainError("NOT_FOUND");
    const block = (await blocker(tx, r)) ?? (byOperator ? null : await inUseWithinBlocker(tx, r));
    if (block) throw new DomainError(block.key, { status: RESOURCE_STATUS_NAMES[r.status] });
    const now = clock.now();
    const f = await figures(tx, r, now);
    const product = r.productId ? await productOf(tx, r.productId) : undefined;
    const orderNo = newOrderNo(now, deps.timeZone);
    const unsubscribeId = newId();
    let paid: ReturnType<typeof toJsonAllocations> = [];
    if (f.overdue > 0n) {
      paid = toJsonAllocations(
        await chargeForOrder(tx, {
          orgId: r.orgId,
          orderNo,
          productCode: r.productCode ?? r.kind,
          productName: product ? namesOf(product) : asTyped(r.name),
          paymentType: "prepaid",
          originalAmount: f.overdue,
          amount: f.overdue,
          createdBy: ctx.actor.userId,
          now,
          timeZone: deps.timeZone,
          memo: { key: "overdueDays", params: { name: r.name } },
        }),
      );
    }
    await insertRemovalOrder(tx, r, {
      id: unsubscribeId,
      orderNo,
      type: removalTypeOf(r),
      submittedBy: ctx.actor.userId,
      product,
      amount: f.overdue,
      paid,
      now,
    });
    // The last postpaid hours are charged before the resource goes; without money they become arrears.
    if (r.paymentType === "postpaid" && r.status !== "create_failure")
      await meter(tx, r, meteredTo(r, now), { roundUp: true, now, timeZone: deps.timeZone });
    const refunded = await refundUnusedTerms(tx, r, f.perTerm, {
      order: { id: unsubscribeId, orderNo },
      productName: product ? namesOf(product) : asTyped(r.name),
      actorId: ctx.actor.userId,
      now,
      timeZone: deps.timeZone,
    });
    await updateResource(tx, r.id, {
      status: "releasing",
      taskStatus: "delete",
      autoRenew: false,
      updatedAt: now,
    });
    await releaseSnapshotsWith(tx, r, now);
    return { id: unsubscribeId, orderNo, refunded, r, now };
  }

  return {
    async quote(ctx: RequestContext, id: string): Promise<UnsubscribeQuote> {
      const { r } = await deps.resources.visible(ctx, id);
      assertMayUnsubscribe(ctx.actor, r.kind);
      const f = await figures(db, r, clock.now());
      const block = (await blocker(db, r)) ?? (await inUseBlocker(r));
      const status = RESOURCE_STATUS_NAMES[r.status];
      const to = await refundSources(
        db,
        r.orgId,
        f.perTerm.map((t) => ({ amount: t.refund, paid: t.paid })),
      );
      return {
        resourceId: r.id,
        name: r.name,
        orderType: removalTypeOf(r),
        refundReading: f.policy === "by_month" ? "byMonth" : "paidMinusUsed",
        paid: formatYuan(f.paid),
        used: formatYuan(f.used),
        overdue: formatYuan(f.overdue),
        refund: formatYuan(f.refund),
        refundTo: to.map((a) => ({
          source: a.source,
          sourceId: a.sourceId ?? null,
          amount: formatYuan(a.amount),
          voucherClosed: a.voucherClosed,
        })),
        blockedBy: block ? errorText(block.key, ctx.locale, { status }) : null,
      };
    },

    /** Reads the Idempotency-Key only once the resource proved to be the caller's. */
    async unsubscribe(ctx: RequestContext, id: string): Promise<OrderDetail> {
      // A resource already released is still found, so that a replayed key answers its order.
      const { r: seen } = await deps.resources.visible(ctx, id, undefined, { includeDeleted: true });
      assertMayUnsubscribe(ctx.actor, seen.kind);
      if (!seen.deletedAt) {
        const inUse = await inUseBlocker(seen);
        if (inUse) throw new DomainError(inUse.key, { status: RESOURCE_STATUS_NAMES[seen.status] });
      }
      const orderId = await once(
        db,
        clock,
        `${seen.orgId}|service.unsubscribe`,
        ctx.idempotencyKey(),
        { id },
        async (tx) => {
          const removal = await remove(tx, ctx, id);
          await deps.audit.record(tx, {
            action: "resource.unsubscribed",
            ...ctx.auditBy,
            orgId: removal.r.orgId,
            target: removal.r.name,
            detail: { orderType: removalTypeOf(removal.r), orderNo: removal.orderNo },
          });
          return removal.id;
        },
      );
      await this.finishReleases();
      return deps.orders.detailById(orderId, ctx.locale);
    },

    /**
     * The figures an operator's close of a tenant's resource would refund now (no visibility
     * check: the caller is an operator who found the resource through its own door).
     */
    async operatorQuote(id: string) {
      const r = await findResource(db, id);
      if (!r || r.deletedAt) throw new DomainError("NOT_FOUND");
      const f = await figures(db, r, clock.now());
      return { refundReading: f.policy === "by_month" ? "byMonth" : "paidMinusUsed", ...f } as const;
    },

    /**
     * An operator ends a tenant's running resource (a dedicated pool closed on /mgt/innerservice):
     * the unsubscribe's own records and refund by the same rules, in one transaction with what the
     * caller records in `within` (its audit row, events, notices), once per Idempotency-Key. What
     * still runs on it does not block: the release cancels the pool's jobs, removes its
     * reservation (its nodes return to the partition) and then its account.
     */
    async closeByOperator<T>(
      ctx: RequestContext,
      id: string,
      scope: { orgId: string; params: unknown; ended: ErrorKey },
      within: (tx: Db, removal: Removal) => Promise<T>,
    ): Promise<T> {
      const result = await once(
        db,
        clock,
        `${scope.orgId}|ops.closeResource`,
        ctx.idempotencyKey(),
        scope.params,
        async (tx) => {
          // Gone, or on its way out: `ended` says so in the caller's words (a replayed key was
          // answered above, before this).
          const r = await findResource(tx, id, true);
          if (!r || r.deletedAt || ENDING.has(r.status)) throw new DomainError(scope.ended);
          return within(tx, await remove(tx, ctx, id, true));
        },
      );
      await this.finishReleases();
      return result;
    },

    /**
     * Step `release`: the provider deletes what was unsubscribed or released; retried until it
     * succeeds. A third-party service goes at once and its operators hear of it, once.
     */
    async finishReleases(): Promise<void> {
      const releasing = await resourcesReleasing(db);
      for (const r of releasing) {
        try {
          if (r.providerRef) await deps.provider.delete(r.providerRef);
        } catch {
          continue;
        }
        await db.transaction(async (tx) => {
          const now = clock.now();
          if (!(await markReleased(tx, r.id, now))) return;
          const open = await openOrdersOf(tx, r.id, REMOVAL_TYPES);
          // Anything still paid for and unused when the resource goes is refunded by the rules,
          // whatever released it (a term paid while it was on its way out, say).
          if (open[0]) {
            const due = await termsDue(tx, r, await refundPolicyOf(tx, r.productId), now, deps.timeZone);
            await refundUnusedTerms(tx, r, due, {
              order: open[0],
              productName: asTyped(r.name),
              actorId: null,
              now,
              timeZone: deps.timeZone,
            });
          }
          for (const o of open) {
            await updateOrder(tx, o.id, { status: "completed", updatedAt: now });
            await addEvent(tx, { orderId: o.id, at: now, step: "completed", detail: releasedDetail(r.name) });
          }
          // Only the pass that deleted the row gets here, so the operators are told once.
          if (r.cloudEnvType === "thirdParty")
            await deps.notices.thirdPartyRelease(tx, r, open[0]?.orderNo ?? null);
        });
      }
    },
  };
}
export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;
