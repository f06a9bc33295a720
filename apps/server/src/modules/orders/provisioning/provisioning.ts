// Order → provision as named steps with compensation (architecture §5.3, Medusa workflows):
//   start    approved order (activated by an operator when its product needs manual activation)
//            → provisioning, one resource row per instance ("creating")
//   create   ask the provider for each instance (idempotent: the resource id is the client token)
//   await    poll the provider until every instance settles
//   complete resources running, prepaid terms written, order completed
// Any failure compensates: what the provider created is deleted, the order is refunded in full
// (the coupon given back), the failed instance keeps its error log (create_failure).
// Every step reads its state from the database, so a restart (`recover`) resumes where a crash
// stopped: an order charged but never provisioned is provisioned, never charged twice.
import { evenShares, periodEnd, splitAllocations } from "@skyledger/billing";
import type { ResourceKind } from "@skyledger/contracts";
import {
  errorText,
  instanceCreatedDetail,
  instanceReadyDetail,
  isMachine,
  provisioningStartedDetail,
} from "@skyledger/contracts";
import type { Background } from "../../../platform/background";
import type { Clock } from "../../../platform/clock";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import { type Provider, ProviderError } from "../../../providers/provider";
import { fromJsonAllocations, toJsonAllocations } from "../../finance/order-charge";
import { addEvent, type OrderRow, refundInFull } from "../order-money";
import type { OrderNotices } from "../order-notices";
import { lockOrder, ordersToProvision, productSpecOf, updateOrder } from "../orders.repo";
import { assertOrderWithinQuota } from "./order-quota";
import type { QuotaGuard, ServiceDomain } from "./service-domain";

export type ProvisioningDeps = {
  db: Db;
  clock: Clock;
  timeZone: string;
  provider: Provider;
  notices: OrderNotices;
  background: Background;
  quota: QuotaGuard;
  domain: ServiceDomain;
};

/** Instance names: the name asked for, numbered when an order makes several. */
export const instanceName = (name: string, quantity: number, index: number) =>
  quantity === 1 ? name : `${name}-${String(index + 1).padStart(2, "0")}`.slice(-24).replace(/^-+/, "");

export function createProvisioning(deps: ProvisioningDeps) {
  const { db, clock, provider, domain } = deps;

  async function lockedOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
    return lockOrder(tx, orderId);
  }

  /** Step `start`: the approved order becomes `provisioning` with its resource rows. */
  async function start(orderId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const o = await lockedOrder(tx, orderId);
      if (o?.status !== "approved" || o.type !== "order") return;
      // Manual activation: the order waits for an operator (activation.service.ts).
      if (o.manualActivation && !o.activatedAt) return;
      const kind = domain.kindOf((await productSpecOf(tx, o.productId))!);
      await assertOrderWithinQuota(deps.quota, tx, o, kind);
      const now = clock.now();
      await domain.add(
        tx,
        Array.from({ length: o.quantity }, (_, i) => ({
          ...instanceOfOrder(o, kind, now),
          id: newId(),
          name: instanceName(o.request.name, o.quantity, i),
          status: "creating" as const,
          taskStatus: "create",
          cloudEnvType: provider.name,
        })),
      );
      await updateOrder(tx, o.id, { status: "provisioning", updatedAt: now });
      await addEvent(tx, {
        orderId: o.id,
        at: now,
        step: "provisioning",
        detail: provisioningStartedDetail(o.quantity, kind),
      });
    });
  }

  /** Step `create`: every instance of the order the provider does not know yet. */
  async function createAll(orderId: string): Promise<void> {
    const pending = await domain.toCreate(db, orderId);
    for (const r of pending) {
      try {
        const instance = await provider.create({
          clientToken: r.id,
          kind: r.kind,
          name: r.name,
          spec: domain.providerSpecOf ? await domain.providerSpecOf(r) : r.spec,
        });
        await domain.created(db, r.id, instance, clock.now());
        await db.transaction((tx) =>
          addEvent(tx, {
            orderId,
            at: clock.now(),
            step: "step",
            detail: instanceCreatedDetail(r.name, instance.ref),
          }),
        );
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        await fail(orderId, r.id, err.message);
        return;
      }
    }
  }

  /** Step `await`: settles the order's creating instances; completes the order when all run. */
  async function poll(orderId: string): Promise<void> {
    const rows = await domain.creating(db, orderId);
    for (const r of rows) {
      if (!r.providerRef) continue;
      const instance = await provider.get(r.providerRef);
      if (!instance || instance.state === "error") {
        await fail(orderId, r.id, instance?.error ?? "the provider lost the instance");
        return;
      }
      if (instance.state === "running" || instance.state === "available") await ready(orderId, r.id);
    }
  }

  /** One instance is up: its status, indicators and, when prepaid, its first term. */
  async function ready(orderId: string, resourceId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const o = await lockedOrder(tx, orderId);
      if (o?.status !== "provisioning") return;
      const now = clock.now();
      const siblings = await domain.ofOrder(tx, orderId);
      const index = siblings.findIndex((s) => s.id === resourceId);
      const r = siblings[index];
      if (r?.status !== "creating") return;
      const life = lifeFrom(o, r.kind, now, deps.timeZone);
      await domain.live(tx, r, life, now);
      await insertPurchaseTerm(domain, tx, o, resourceId, index, now, life.expiresAt);
      await addEvent(tx, {
        orderId,
        at: now,
        step: "step",
        detail: instanceReadyDetail(r.name, isMachine(r.kind) ? "running" : "available"),
      });
      const left = siblings.filter((s) => s.id !== resourceId && s.status === "creating").length;
      if (left === 0) {
        await updateOrder(tx, orderId, { status: "completed", updatedAt: now });
        await addEvent(tx, { orderId, at: now, step: "completed" });
        await deps.notices.result(tx, o, "completed");
      }
    });
  }

  /**
   * Compensation: deletes every instance the order created, marks the failed one create_failure
   * with its error log and the others deleted, refunds what was paid and gives the coupon back.
   */
  async function fail(orderId: string, failedResourceId: string | null, message: string): Promise<void> {
    const created = await domain.ofOrder(db, orderId);
    for (const r of created) if (r.providerRef) await provider.delete(r.providerRef).catch(() => undefined);
    await db.transaction(async (tx) => {
      const o = await lockedOrder(tx, orderId);
      if (!o || (o.status !== "provisioning" && o.status !== "approved")) return;
      const now = clock.now();
      const log = `${now.toISOString()} ${message}`;
      const ids = created.map((r) => r.id);
      if (ids.length > 0) await domain.failAll(tx, ids, failedResourceId, log, now);
      await updateOrder(tx, orderId, { status: "failed", errorLog: log, updatedAt: now });
      await addEvent(tx, { orderId, at: now, step: "failed", detail: message });
      await refundInFull(tx, o, {
        actorId: null,
        now,
        timeZone: deps.timeZone,
        memo: { key: "provisioningFailed", params: { orderNo: o.orderNo } },
      });
      await deps.notices.result(tx, o, "failed", message);
    });
  }

  /** Drives one order as far as it can go now. */
  async function drive(orderId: string): Promise<void> {
    try {
      await start(orderId);
    } catch (err) {
      // Quotas are checked again when the order is provisioned: orders approved meanwhile count.
      if (!(err instanceof DomainError) || err.key !== "QUOTA_EXCEEDED") throw err;
      const text = `${errorText(err.key, "zh-CN", err.params)} / ${errorText(err.key, "en-US", err.params)}`;
      await fail(orderId, null, text);
      return;
    }
    await createAll(orderId);
    await poll(orderId);
  }

  /** Every order that is approved or provisioning, e.g. after a restart or on each tick. */
  async function driveAll(): Promise<void> {
    for (const id of await ordersToProvision(db)) await drive(id);
  }

  return {
    /** Starts provisioning after the approving transaction committed. */
    provision(orderId: string): void {
      deps.background.run(() => drive(orderId));
    },
    drive,
    driveAll,
    fail,
  };
}
export type Provisioning = ReturnType<typeof createProvisioning>;

/** What every instance an order adds takes from it: owner, product, kind, spec and payment. */
export function instanceOfOrder(o: OrderRow, kind: ResourceKind, now: Date) {
  return {
    orgId: o.orgId,
    projectId: o.projectId,
    orderId: o.id,
    productId: o.productId,
    productCode: o.productCode,
    kind,
    spec: o.request.spec,
    paymentType: o.paymentType,
    periodMonths: o.periodMonths,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * What a resource of the order is once up: running (a host, a bare-metal server) or available, its prices, its expiry
 * (prepaid) or the start of its hourly metering (postpaid).
 */
export function lifeFrom(o: OrderRow, kind: ResourceKind, now: Date, timeZone: string) {
  return {
    status: isMachine(kind) ? ("running" as const) : ("available" as const),
    monthlyPrice: o.quantity > 0 ? monthlyOf(o) : 0n,
    discountHundredths: discountOf(o),
    expiresAt: o.paymentType === "prepaid" ? periodEnd(now, o.periodMonths!, timeZone) : null,
    meteredUntil: o.paymentType === "postpaid" ? now : null,
  };
}

/** A prepaid resource's first term: its even share of what the order paid (instance `index` of the order). */
export async function insertPurchaseTerm(
  domain: ServiceDomain,
  tx: Db,
  o: OrderRow,
  resourceId: string,
  index: number,
  now: Date,
  expiresAt: Date | null,
): Promise<void> {
  if (o.paymentType !== "prepaid") return;
  const shares = evenShares(o.amount, o.quantity);
  const paid = splitAllocations(fromJsonAllocations(o.paid), shares)[index]!;
  await domain.addPurchaseTerm(tx, {
    id: newId(),
    resourceId,
    orgId: o.orgId,
    orderId: o.id,
    months: o.periodMonths,
    startsAt: now,
    endsAt: expiresAt!,
    amount: shares[index]!,
    couponDeduction: paid.filter((a) => a.source === "coupon").reduce((s, a) => s + a.amount, 0n),
    paid: toJsonAllocations(paid),
    createdAt: now,
  });
}

/** The monthly price of one instance before the contract discount, stored on the resource. */
function monthlyOf(o: OrderRow): bigint {
  return BigInt(o.request.monthlyPerInstance ?? "0");
}
function discountOf(o: OrderRow): number | null {
  return o.request.discountHundredths ?? null;
}
