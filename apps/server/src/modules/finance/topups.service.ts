// Online top-ups: a pending top-up, the gateway's payment page, and a signed asynchronous
// notification that alone credits the money (duplicates credit once; unpaid top-ups expire).
import { randomInt } from "node:crypto";
import { formatYuan, type Money } from "@skyledger/billing";
import { and, count, desc, eq, isNull, lte } from "drizzle-orm";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { newId, randomToken } from "../../platform/ids";
import { documentNo } from "../ledger/business-time";
import { creditIncoming, PLATFORM } from "../ledger/ledger.service";
import { sandboxPayments, serverSecrets, topUps } from "./finance.schema";
import { buildNotification, type GatewayNotification, verifyNotification } from "./gateways/sandbox";

/** Spec §9: top-ups are credited within half an hour; an unpaid one expires after that. */
export const TOPUP_TTL_MINUTES = 30;
const MAX_DELIVERY_ATTEMPTS = 20;

type TopUpRow = typeof topUps.$inferSelect;

export type TopUpsService = ReturnType<typeof createTopUpsService>;

export function createTopUpsService(db: Db, clock: Clock, timeZone: string) {
  let secret: Promise<string> | undefined;

  function sandboxSecret(): Promise<string> {
    secret ??= (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: "payment.sandbox", value: randomToken(32) })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "payment.sandbox"));
      return row!.value;
    })();
    return secret;
  }

  const toDto = (row: TopUpRow) => ({
    rechargeNo: row.rechargeNo,
    channel: row.channel,
    amount: formatYuan(row.amount),
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    payUrl:
      row.status === "pending" && row.channel === "sandbox" ? `/gateway/sandbox/pay/${row.rechargeNo}` : null,
  });

  async function expireStale(): Promise<void> {
    await db
      .update(topUps)
      .set({ status: "expired", failureReason: "expired" })
      .where(and(eq(topUps.status, "pending"), lte(topUps.expiresAt, clock.now())));
  }

  /** Applies a verified gateway notification. Returns false when it changed nothing (a duplicate). */
  async function apply(n: GatewayNotification): Promise<boolean> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(topUps).where(eq(topUps.rechargeNo, n.rechargeNo)).for("update");
      if (!row || formatYuan(row.amount) !== n.amount) return false;
      if (n.status === "cancelled") {
        const done = await tx
          .update(topUps)
          .set({ status: "failed", failureReason: "cancelled", gatewayTradeNo: n.tradeNo })
          .where(and(eq(topUps.id, row.id), eq(topUps.status, "pending")))
          .returning({ id: topUps.id });
        return done.length === 1;
      }
      // Money that reached the gateway is credited even if the top-up had expired meanwhile.
      if (row.status !== "pending" && row.status !== "expired") return false;
      const entryId = await creditIncoming(tx, {
        orgId: row.orgId,
        amount: row.amount,
        fromAccount: PLATFORM.gatewayClearing,
        kind: "topup",
        referenceType: "top_up",
        referenceId: row.rechargeNo,
        memo: `${row.channel} ${n.tradeNo}`,
        createdBy: row.userId,
        now,
      });
      await tx
        .update(topUps)
        .set({ status: "success", paidAt: now, gatewayTradeNo: n.tradeNo, entryId, failureReason: null })
        .where(eq(topUps.id, row.id));
      return true;
    });
  }

  return {
    sandboxSecret,
    expireStale,

    async create(
      orgId: string,
      userId: string,
      amount: Money,
      channel: "sandbox" | "alipay" | "unionpay",
      tx: Db = db,
    ) {
      if (channel !== "sandbox") throw new DomainError("TOPUP_CHANNEL_OFF");
      const now = clock.now();
      const [row] = await tx
        .insert(topUps)
        .values({
          id: newId(),
          rechargeNo: documentNo("R", now, timeZone, String(randomInt(1_000_000)).padStart(6, "0")),
          orgId,
          userId,
          channel,
          amount,
          status: "pending",
          createdAt: now,
          expiresAt: addMinutes(now, TOPUP_TTL_MINUTES),
        })
        .returning();
      return toDto(row!);
    },

    async get(orgId: string, rechargeNo: string) {
      await expireStale();
      const [row] = await db
        .select()
        .from(topUps)
        .where(and(eq(topUps.orgId, orgId), eq(topUps.rechargeNo, rechargeNo)));
      if (!row) throw new DomainError("NOT_FOUND");
      return toDto(row);
    },

    async list(orgId: string | undefined, pageNum: number, pageSize: number) {
      await expireStale();
      const cond = orgId ? eq(topUps.orgId, orgId) : undefined;
      return pageOf(
        { pageNum, pageSize },
        (limit, offset) =>
          db.select().from(topUps).where(cond).orderBy(desc(topUps.createdAt)).limit(limit).offset(offset),
        db.select({ n: count() }).from(topUps).where(cond),
        toDto,
      );
    },

    /** What the sandbox payment page shows, or undefined when the top-up cannot be paid. */
    async payable(rechargeNo: string) {
      await expireStale();
      const [row] = await db.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo));
      if (row?.status !== "pending" || row.channel !== "sandbox") return undefined;
      return { rechargeNo: row.rechargeNo, amount: formatYuan(row.amount), expiresAt: row.expiresAt };
    },

    /** The payer's choice on the sandbox page; the notification follows asynchronously. */
    async sandboxDecide(rechargeNo: string, decision: "paid" | "cancelled") {
      const page = await this.payable(rechargeNo);
      if (!page) throw new DomainError("TOPUP_NOT_PAYABLE");
      const [row] = await db.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo));
      const inserted = await db
        .insert(sandboxPayments)
        .values({
          tradeNo: `SBX${Date.now().toString(36).toUpperCase()}${randomInt(1_000_000)}`,
          rechargeNo,
          amount: row!.amount,
          decision,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new DomainError("TOPUP_NOT_PAYABLE");
    },

    /** Money received outside the gateways (bank transfer), recorded by an operator. */
    async manual(tx: Db, orgId: string, amount: Money, remark: string, actorId: string) {
      const now = clock.now();
      const rechargeNo = documentNo("M", now, timeZone, String(randomInt(1_000_000)).padStart(6, "0"));
      const entryId = await creditIncoming(tx, {
        orgId,
        amount,
        fromAccount: PLATFORM.gatewayClearing,
        kind: "topup",
        referenceType: "top_up",
        referenceId: rechargeNo,
        memo: remark,
        createdBy: actorId,
        now,
      });
      const [row] = await tx
        .insert(topUps)
        .values({
          id: newId(),
          rechargeNo,
          orgId,
          userId: actorId,
          channel: "manual",
          amount,
          status: "success",
          entryId,
          createdAt: now,
          expiresAt: now,
          paidAt: now,
        })
        .returning();
      return toDto(row!);
    },

    /** The gateway side: sends every undelivered decision's signed notification. */
    async deliverSandboxNotifications(send: (n: GatewayNotification) => Promise<boolean>): Promise<number> {
      const key = await sandboxSecret();
      const pending = await db
        .select()
        .from(sandboxPayments)
        .where(
          and(isNull(sandboxPayments.deliveredAt), lte(sandboxPayments.attempts, MAX_DELIVERY_ATTEMPTS)),
        );
      let delivered = 0;
      for (const p of pending) {
        const ok = await send(buildNotification(key, p, clock.now())).catch(() => false);
        await db
          .update(sandboxPayments)
          .set(ok ? { deliveredAt: clock.now(), attempts: p.attempts + 1 } : { attempts: p.attempts + 1 })
          .where(eq(sandboxPayments.tradeNo, p.tradeNo));
        if (ok) delivered += 1;
      }
      return delivered;
    },

    /** Skyledger's notification endpoint: verifies the signature, then credits at most once. */
    async receiveSandboxNotification(
      n: GatewayNotification,
    ): Promise<{ accepted: boolean; applied: boolean }> {
      if (!verifyNotification(await sandboxSecret(), n)) return { accepted: false, applied: false };
      return { accepted: true, applied: await apply(n) };
    },
  };
}
