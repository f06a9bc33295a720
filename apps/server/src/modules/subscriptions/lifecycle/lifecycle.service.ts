// The daily and hourly life of resources, run by the lifecycle step on the injected clock:
//   postpaid  charge every hour (metering); what money and credit cannot cover is owed (arrears)
//             and the tenant is told; frozen after the grace period with the hours up to the freeze
//             charged, thawed once nothing is owed, released after the retention (the debt stays)
//   prepaid   notice 7 days before expiry, or auto-renew then (notice when money is short);
//             frozen at expiry, released after the retention period
// A release records a `release` order submitted by the system, so the tenant reads in the orders
// why the resource went; it completes when the provider has deleted it (unsubscribe.service).
// Each change is a conditional update on the resource row (its status or stage), so running the
// step twice, or on several instances, changes nothing more; each message is sent once per stage,
// and the release order commits with the update that moved the row, so there is one per release.
import { addDays, isAutoRenewDue } from "@skyledger/billing";
import { isLeaving, isMachine } from "@skyledger/contracts";
import type { Clock } from "../../../platform/clock";
import type { LifecycleConfig } from "../../../platform/config";
import type { Db, Tx } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import { newId } from "../../../platform/ids";
import type { Provider } from "../../../providers/provider";
import { newOrderNo } from "../../finance/order-charge";
import { debtOf } from "../../ledger/ledger.service";
import type { LifecycleNotify, LifecycleStage } from "../../orders/order-notices";
import { SYSTEM_SUBMITTER } from "../../orders/system-submitter";
import { updateResourceIf } from "../../resources/resources.repo";
import type { resources } from "../../resources/resources.schema";
import type { RenewalsService } from "../renewals/renewals.service";
import { findResource, productOf, updateResource } from "../subscriptions.repo";
import { insertRemovalOrder, releaseSnapshotsWith } from "../unsubscribe/removal-order";
import {
  enterStageIf,
  frozenForArrears,
  frozenResources,
  inArrearsSince,
  prepaidExpiringBy,
} from "./lifecycle.repo";
import { meter, meterDue } from "./metering";

type ResourceRow = typeof resources.$inferSelect;
const HOUR_MS = 3_600_000;

const insufficient = (err: unknown) => err instanceof DomainError && err.key === "INSUFFICIENT_BALANCE";

export function createLifecycle(deps: {
  db: Db;
  clock: Clock;
  timeZone: string;
  config: LifecycleConfig;
  provider: Provider;
  notify: LifecycleNotify;
  renewals: () => RenewalsService;
}) {
  const { db, clock, timeZone, config } = deps;

  /** Records a stage once: true when this call moved the resource into it (and should tell). */
  async function enterStage(
    r: ResourceRow,
    stage: LifecycleStage,
    set: Partial<ResourceRow> = {},
    tx: Db = db,
  ): Promise<boolean> {
    return enterStageIf(tx, r, { ...set, notifiedStage: stage, updatedAt: clock.now() });
  }

  async function tell(tx: Tx, r: ResourceRow, stage: LifecycleStage, date: Date | null) {
    await deps.notify(tx, r, stage, date, timeZone);
  }

  /** Enters a stage and queues its notice in one transaction: the notice exists exactly when the stage does. */
  async function enterAndTell(
    r: ResourceRow,
    stage: LifecycleStage,
    date: Date | null,
    set: Partial<ResourceRow> = {},
  ): Promise<void> {
    await db.transaction(async (tx) => {
      if (await enterStage(r, stage, set, tx)) await tell(tx, r, stage, date);
    });
  }

  /**
   * A running machine (a host or a bare-metal server) is stopped at the provider before it is
   * frozen (a stop that fails is retried by hand).
   */
  async function stopForFreeze(r: ResourceRow): Promise<void> {
    if (isMachine(r.kind) && r.status === "running" && r.providerRef) {
      await deps.provider.act(r.providerRef, { op: "stop" }).catch(() => undefined);
    }
  }

  const frozenSet = (r: ResourceRow, reason: "expired" | "arrears", now: Date) => ({
    status: "frozen" as const,
    frozenAt: now,
    frozenReason: reason,
    statusBeforeFreeze: r.status,
    taskStatus: null,
  });

  /** Freezes a prepaid resource at expiry. */
  async function freeze(r: ResourceRow, releaseAt: Date): Promise<void> {
    await stopForFreeze(r);
    await enterAndTell(r, "frozen", releaseAt, frozenSet(r, "expired", clock.now()));
  }

  /**
   * Back from frozen: a machine comes back stopped (its owner starts it), other kinds as they were.
   * A third-party host was never stopped by us (no provider knows it): it comes back as it was.
   */
  async function thaw(tx: Db, r: ResourceRow): Promise<void> {
    const stoppedByUs = isMachine(r.kind) && r.cloudEnvType !== "thirdParty";
    const back = stoppedByUs
      ? "stopped"
      : (r.statusBeforeFreeze ?? (isMachine(r.kind) ? "running" : "available"));
    await updateResourceIf(tx, r.id, "frozen", {
      status: back,
      frozenAt: null,
      frozenReason: null,
      statusBeforeFreeze: null,
      notifiedStage: null,
    });
  }

  /** The tenant is told once when a resource enters arrears (metering marked it). */
  async function tellArrears(id: string): Promise<void> {
    const r = await findResource(db, id);
    if (!r?.arrearsSince || r.notifiedStage === "arrears" || r.status === "frozen") return;
    await enterAndTell(r, "arrears", new Date(r.arrearsSince.getTime() + config.arrearsGraceHours * HOUR_MS));
  }

  /** Four organisations at a time: bench/metering.bench.ts measured it against one on PostgreSQL. */
  async function meterPostpaid(now: Date): Promise<void> {
    await meterDue(db, {
      now,
      timeZone,
      workers: 4,
      afterEach: async (toTell) => {
        for (const id of toTell) await tellArrears(id);
      },
    });
  }

  /**
   * After the grace period a resource whose organisation still owes is frozen, its hours up to the
   * freeze charged (a part hour as a whole one) in the same transaction; the frozen time is not
   * billed. One whose organisation has paid meanwhile leaves arrears instead.
   */
  async function freezeArrears(now: Date): Promise<void> {
    const late = await inArrearsSince(db, new Date(now.getTime() - config.arrearsGraceHours * HOUR_MS));
    for (const r of late) {
      if ((await debtOf(db, r.orgId)) === 0n) {
        await updateResourceIf(db, r.id, r.status, {
          arrearsSince: null,
          ...(r.notifiedStage === "arrears" ? { notifiedStage: null } : {}),
        });
        continue;
      }
      await stopForFreeze(r);
      await db.transaction(async (tx) => {
        const locked = await findResource(tx, r.id, true);
        if (!locked || locked.status !== r.status || !locked.arrearsSince) return;
        if (locked.paymentType === "postpaid") await meter(tx, locked, now, { roundUp: true, now, timeZone });
        if (await enterStage(locked, "frozen", frozenSet(locked, "arrears", now), tx))
          await tell(tx, r, "frozen", addDays(now, config.retentionDays, timeZone));
      });
    }
  }

  /** A resource frozen for arrears is thawed once its organisation owes nothing. */
  async function thawPaid(now: Date): Promise<void> {
    const frozen = await frozenForArrears(db);
    for (const r of frozen) {
      await db.transaction(async (tx) => {
        const locked = await findResource(tx, r.id, true);
        if (locked?.status !== "frozen" || !locked.frozenAt) return;
        // Hours up to the freeze are charged when it freezes; a resource frozen before that rule
        // has them charged here (owed when not covered), before it may come back.
        await meter(tx, locked, locked.frozenAt, { roundUp: true, now, timeZone });
        if ((await debtOf(tx, locked.orgId)) > 0n) return;
        // The frozen time is not billed: metering starts again now.
        await updateResource(tx, r.id, { meteredUntil: now, arrearsSince: null });
        await thaw(tx, locked);
      });
    }
  }

  async function prepaidDue(now: Date): Promise<void> {
    const soon = await prepaidExpiringBy(db, addDays(now, 7, timeZone));
    for (const r of soon) {
      const expiresAt = r.expiresAt!;
      if (r.autoRenew && isAutoRenewDue(expiresAt, now, timeZone)) {
        // Tried on every pass until it succeeds (money may arrive); the tenant is told once.
        if (await autoRenew(r, now)) continue;
        if (r.notifiedStage !== "autoRenewFailed") await enterAndTell(r, "autoRenewFailed", expiresAt);
      } else if (!r.autoRenew && expiresAt > now && r.notifiedStage === null) {
        await enterAndTell(r, "expiring", expiresAt);
      }
      if (expiresAt <= now) await freeze(r, addDays(expiresAt, config.retentionDays, timeZone));
    }
  }

  async function autoRenew(r: ResourceRow, now: Date): Promise<boolean> {
    const renewals = deps.renewals();
    try {
      await db.transaction(async (tx) => {
        const locked = await findResource(tx, r.id, true);
        // Unsubscribed meanwhile, or renewed by hand: nothing to renew any more.
        if (!locked?.expiresAt || locked.expiresAt.getTime() !== r.expiresAt?.getTime()) return;
        if (locked.deletedAt || isLeaving(locked.status)) return;
        const [p] = await renewals.plan(tx, [locked], locked.periodMonths ?? 1, false, now);
        await renewals.apply(tx, p!, null, now);
      });
      return true;
    } catch (err) {
      if (insufficient(err)) return false;
      throw err;
    }
  }

  async function release(now: Date): Promise<void> {
    const frozen = await frozenResources(db);
    for (const r of frozen) {
      const from = r.frozenReason === "expired" && r.expiresAt ? r.expiresAt : (r.frozenAt ?? now);
      if (addDays(from, config.retentionDays, timeZone) > now) continue;
      await db.transaction(async (tx) => {
        const moved = await updateResourceIf(tx, r.id, "frozen", {
          status: "releasing",
          taskStatus: "delete",
          notifiedStage: "released",
          updatedAt: now,
        });
        if (!moved) return;
        await releaseSnapshotsWith(tx, r, now);
        const product = r.productId ? await productOf(tx, r.productId) : undefined;
        // The release itself charges nothing (frozen time is not billed): the order's amount is 0.
        await insertRemovalOrder(tx, r, {
          id: newId(),
          orderNo: newOrderNo(now, timeZone),
          type: "release",
          submittedBy: SYSTEM_SUBMITTER,
          product,
          amount: 0n,
          paid: [],
          now,
        });
        await tell(tx, r, "released", null);
      });
    }
  }

  return {
    thaw,
    /** One pass over every rule, in the order money can change the outcome. */
    async run(): Promise<void> {
      const now = clock.now();
      await meterPostpaid(now);
      await thawPaid(now);
      await freezeArrears(now);
      await prepaidDue(now);
      await release(now);
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;
