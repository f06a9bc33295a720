// Online top-ups: a pending top-up, the gateway's payment page, and a signed asynchronous
// notification that alone credits the money (duplicates credit once; unpaid top-ups expire). Every
// gateway — the sandbox, Alipay, UnionPay — credits through `applyNotice`.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { formatYuan, type Money, tryParseYuan } from "@skyledger/billing";
import type { FastifyBaseLogger } from "fastify";
import type { Audit } from "../../platform/audit/audit";
import { addMinutes, type Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { type PageRequest, pageOf } from "../../platform/db/paging";
import { DomainError } from "../../platform/http/errors";
import { once } from "../../platform/idempotency";
import { newId, randomToken } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import { documentNo } from "../../platform/time-zone";
import { creditIncoming, PLATFORM } from "../ledger/ledger.service";
import { parseAmount } from "./amounts";
import type { OnlineGateways, PaymentNotice } from "./gateways/online-gateways";
import { buildNotification, type GatewayNotification, verifyNotification } from "./gateways/sandbox";
import type { MoneyControls } from "./money-controls";
import { upsertPaymentFailure } from "./payment-failures.repo";
import {
  expirePendingTopUps,
  failPendingTopUp,
  insertSandboxPayment,
  insertTopUp,
  markTopUpPaid,
  orgOfTopUpNo,
  orgTopUp,
  recordSandboxDelivery,
  serverSecret,
  type TopUpRow,
  topUpByNo,
  topUpByNoForUpdate,
  topUpsCount,
  topUpsPage,
  undeliveredSandboxPayments,
} from "./topups.repo";

/** Spec §9: top-ups are credited within half an hour; an unpaid one expires after that. */
export const TOPUP_TTL_MINUTES = 30;
const MAX_DELIVERY_ATTEMPTS = 20;

type OnlineChannel = "sandbox" | "alipay" | "unionpay";

const TOP_UP_MEMO = { sandbox: "topUpSandbox", alipay: "topUpAlipay", unionpay: "topUpUnionpay" } as const;

/**
 * What a verified notification did. `credited`, `failed` (the payer cancelled) and `already_done`
 * (a repeat) are answered as processed; the others leave everything as it was. `apply_error`: the
 * ledger refused the entry (e.g. an account at the 64-bit limit).
 */
export type NoticeOutcome =
  | "credited"
  | "failed"
  | "already_done"
  | "unknown_order"
  | "amount_mismatch"
  | "not_creditable"
  | "apply_error";

export const PROCESSED: ReadonlySet<NoticeOutcome> = new Set(["credited", "failed", "already_done"]);

/** Outcomes of a verified notification that leave money the gateway took uncredited. */
const UNCREDITED: ReadonlySet<NoticeOutcome> = new Set([
  "unknown_order",
  "amount_mismatch",
  "not_creditable",
  "apply_error",
]);

const INT64_MAX = 2n ** 63n - 1n;

/** The database's own words (e.g. "bigint out of range"), not the query text wrapped around them. */
function rootMessage(error: unknown): string {
  let e = error;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).slice(0, 500);
}

/** Constant-time comparison of a sandbox page's token (hashed first: equal lengths, no length leak). */
function tokenMatches(expected: string | null, given: string | undefined): boolean {
  if (!expected || typeof given !== "string" || given.length === 0) return false;
  const digest = (s: string) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export type TopUpsService = ReturnType<typeof createTopUpsService>;

/** Work that commits with a notification's outcome (in the transaction that applied it). */
export type AppliedHook = (tx: Tx, outcome: NoticeOutcome) => Promise<void>;

export function createTopUpsService(
  db: Db,
  clock: Clock,
  timeZone: string,
  channels: { sandbox: boolean; gateways: OnlineGateways },
  deps: { controls: MoneyControls; log: FastifyBaseLogger; audit: Audit },
) {
  const channelOn = (channel: OnlineChannel) =>
    channel === "sandbox" ? channels.sandbox : channels.gateways.enabled[channel];

  let secret: Promise<string> | undefined;

  function sandboxSecret(): Promise<string> {
    secret ??= serverSecret(db, "payment.sandbox", randomToken(32));
    return secret;
  }

  const toDto = (row: TopUpRow, forOperator = false) => ({
    rechargeNo: row.rechargeNo,
    channel: row.channel,
    amount: formatYuan(row.amount),
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    // The payment links are the payer's: operators' lists do not carry them.
    ...(forOperator ? { payUrl: null, payForm: null } : checkout(row)),
  });

  function checkout(row: TopUpRow) {
    if (row.status !== "pending") return { payUrl: null, payForm: null };
    if (row.channel === "sandbox") {
      // The page's link carries the top-up's own token; without it the page shows nothing.
      const payUrl = row.payToken
        ? `/gateway/sandbox/pay/${row.rechargeNo}?token=${encodeURIComponent(row.payToken)}`
        : null;
      return { payUrl, payForm: null };
    }
    return channels.gateways.checkout(row, clock.now());
  }

  async function expireStale(): Promise<void> {
    await expirePendingTopUps(db, clock.now());
  }

  /**
   * Applies a verified gateway notification. A paid one that cannot be credited is never dropped
   * silently: it is logged at error level and kept for operators (payment failures), who retry it.
   * `within` runs in the transaction that applies it, with the outcome (an operator's retry resolves
   * the failure there); when the outcome is `apply_error` that transaction rolled back.
   */
  async function applyNotice(n: PaymentNotice, within?: AppliedHook): Promise<NoticeOutcome> {
    let outcome: NoticeOutcome;
    let error: unknown;
    try {
      outcome = await applyOnce(n, within);
    } catch (err) {
      outcome = "apply_error";
      error = err;
    }
    if (UNCREDITED.has(outcome) && (n.status === "paid" || outcome === "apply_error")) {
      const detail = error === undefined ? null : rootMessage(error);
      deps.log.error(
        { err: error, channel: n.channel, rechargeNo: n.rechargeNo, tradeNo: n.tradeNo, reason: outcome },
        "payment notification could not be applied",
      );
      const fits = n.amount <= INT64_MAX && n.amount >= -INT64_MAX;
      await upsertPaymentFailure(db, {
        channel: n.channel,
        rechargeNo: n.rechargeNo.slice(0, 64),
        tradeNo: n.tradeNo.slice(0, 128),
        amount: fits ? n.amount : 0n,
        noticeStatus: n.status,
        orgId: (await orgOfTopUp(n.rechargeNo)) ?? null,
        reason: outcome,
        detail: fits ? detail : `amount ${n.amount} out of range`,
        now: clock.now(),
      });
    }
    return outcome;
  }

  /**
   * Credits at most once, whatever arrives in whatever order; throws when the ledger refuses. The
   * top-up, its journal entry and its audit row commit together or not at all.
   */
  function applyOnce(n: PaymentNotice, within?: AppliedHook): Promise<NoticeOutcome> {
    return db.transaction(async (tx) => {
      const outcome = await credit(tx, n);
      await within?.(tx, outcome);
      return outcome;
    });
  }

  async function credit(tx: Tx, n: PaymentNotice): Promise<NoticeOutcome> {
    const now = clock.now();
    const row = await topUpByNoForUpdate(tx, n.rechargeNo);
    if (!row || row.channel !== n.channel) return "unknown_order";
    if (row.amount !== n.amount) return "amount_mismatch";
    if (n.status === "cancelled") {
      return (await failPendingTopUp(tx, row.id, n.tradeNo)) ? "failed" : "already_done";
    }
    if (row.status === "success") return "already_done";
    // Money that reached the gateway is credited even if the top-up had expired meanwhile (the
    // gateway took it before the deadline; the notification came late). A cancelled one is not.
    if (row.status !== "pending" && row.status !== "expired") return "not_creditable";
    const entryId = await creditIncoming(tx, {
      orgId: row.orgId,
      amount: row.amount,
      fromAccount: PLATFORM.gatewayClearing,
      kind: "topup",
      referenceType: "top_up",
      referenceId: row.rechargeNo,
      memo: { key: TOP_UP_MEMO[row.channel], params: { tradeNo: n.tradeNo } },
      createdBy: row.userId,
      now,
    });
    await markTopUpPaid(tx, row.id, { paidAt: now, gatewayTradeNo: n.tradeNo, entryId });
    await deps.audit.record(tx, {
      action: "topup.credited",
      actorId: null,
      orgId: row.orgId,
      target: row.rechargeNo,
      detail: { channel: row.channel, tradeNo: n.tradeNo, amount: formatYuan(row.amount) },
    });
    return "credited";
  }

  /** The organisation a top-up belongs to, if it exists. */
  function orgOfTopUp(rechargeNo: string): Promise<string | undefined> {
    return orgOfTopUpNo(db, rechargeNo);
  }

  /** A pending top-up of this channel (after expiring stale ones), or undefined. */
  async function pendingOf(rechargeNo: string, channel: OnlineChannel): Promise<TopUpRow | undefined> {
    await expireStale();
    const row = await topUpByNo(db, rechargeNo);
    return row?.status === "pending" && row.channel === channel ? row : undefined;
  }

  /** A pending top-up, written in `tx`. */
  async function createIn(tx: Tx, orgId: string, userId: string, amount: Money, channel: OnlineChannel) {
    if (!channelOn(channel)) throw new DomainError("TOPUP_CHANNEL_OFF");
    if (channel !== "sandbox" && !channels.gateways.canPay(channel, amount)) {
      throw new DomainError("TOPUP_AMOUNT_NOT_PAYABLE");
    }
    // Bounded before anything is written: the clearing account never nears the 64-bit limit.
    await deps.controls.assertWithin(tx, "topup", amount);
    const now = clock.now();
    const row = await insertTopUp(tx, {
      id: newId(),
      rechargeNo: documentNo("R", now, timeZone, String(randomInt(1_000_000)).padStart(6, "0")),
      orgId,
      userId,
      channel,
      amount,
      status: "pending",
      payToken: channel === "sandbox" ? randomToken(24) : null,
      createdAt: now,
      expiresAt: addMinutes(now, TOPUP_TTL_MINUTES),
    });
    return toDto(row);
  }

  async function list(orgId: string | undefined, page: PageRequest, forOperator: boolean) {
    await expireStale();
    return pageOf(
      page,
      (limit, offset) => topUpsPage(db, orgId, limit, offset),
      topUpsCount(db, orgId),
      (row) => toDto(row, forOperator),
    );
  }

  return {
    sandboxSecret,
    expireStale,
    applyNotice,
    channelOn,

    /** The organisation a top-up belongs to (to file a refused notification under), if it exists. */
    orgOfTopUp,

    /**
     * A pending top-up of the caller's organisation, once per idempotency key: the key's answer and
     * the top-up are one transaction.
     */
    create(ctx: RequestContext, body: { amount: string; channel: OnlineChannel }) {
      const orgId = ctx.ownTenant();
      return once(db, clock, `topup:${orgId}`, ctx.idempotencyKey(), body, (tx) =>
        createIn(tx, orgId, ctx.actor.userId, parseAmount(body.amount), body.channel),
      );
    },

    /** Which ways to pay are open: Alipay and UnionPay once every one of their variables is valid. */
    async channels() {
      return { sandbox: channelOn("sandbox"), alipay: channelOn("alipay"), unionpay: channelOn("unionpay") };
    },

    async get(ctx: RequestContext, rechargeNo: string) {
      await expireStale();
      const row = await orgTopUp(db, ctx.ownTenant(), rechargeNo);
      if (!row) throw new DomainError("NOT_FOUND");
      return toDto(row);
    },

    /** The caller's organisation's top-ups; its payer sees the payment links. */
    listOwn(ctx: RequestContext, page: PageRequest) {
      return list(ctx.ownTenant(), page, false);
    },

    /** Every organisation's top-ups, or one's, for operators (no payment links). */
    listAll(filter: PageRequest & { orgId?: string | undefined }) {
      return list(filter.orgId, filter, true);
    },

    /**
     * What the sandbox payment page shows, or undefined when the top-up cannot be paid or the
     * page's token is not the top-up's own.
     */
    async payable(rechargeNo: string, token: string | undefined) {
      const row = await pendingOf(rechargeNo, "sandbox");
      if (!row || !tokenMatches(row.payToken, token)) return undefined;
      return { rechargeNo: row.rechargeNo, amount: formatYuan(row.amount), expiresAt: row.expiresAt };
    },

    /** The signed form our page posts to UnionPay, or undefined when the top-up cannot be paid. */
    async unionpayForm(rechargeNo: string) {
      const row = await pendingOf(rechargeNo, "unionpay");
      return row && channels.gateways.unionpayForm(row);
    },

    /** The payer's choice on the sandbox page; the notification follows asynchronously. */
    async sandboxDecide(rechargeNo: string, decision: "paid" | "cancelled", token: string | undefined) {
      const page = await this.payable(rechargeNo, token);
      if (!page) throw new DomainError("TOPUP_NOT_PAYABLE");
      const row = await topUpByNo(db, rechargeNo);
      const inserted = await insertSandboxPayment(db, {
        tradeNo: `SBX${Date.now().toString(36).toUpperCase()}${randomInt(1_000_000)}`,
        rechargeNo,
        amount: row!.amount,
        decision,
        createdAt: clock.now(),
      });
      if (!inserted) throw new DomainError("TOPUP_NOT_PAYABLE");
    },

    /** Money received outside the gateways (bank transfer), recorded by an operator. */
    async manual(tx: Tx, orgId: string, amount: Money, remark: string, actorId: string) {
      const now = clock.now();
      const rechargeNo = documentNo("M", now, timeZone, String(randomInt(1_000_000)).padStart(6, "0"));
      const entryId = await creditIncoming(tx, {
        orgId,
        amount,
        fromAccount: PLATFORM.gatewayClearing,
        kind: "topup",
        referenceType: "top_up",
        referenceId: rechargeNo,
        memo: { text: remark },
        createdBy: actorId,
        now,
      });
      const row = await insertTopUp(tx, {
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
      });
      return toDto(row);
    },

    /** The gateway side: sends every undelivered decision's signed notification. */
    async deliverSandboxNotifications(send: (n: GatewayNotification) => Promise<boolean>): Promise<number> {
      const key = await sandboxSecret();
      const pending = await undeliveredSandboxPayments(db, MAX_DELIVERY_ATTEMPTS);
      let delivered = 0;
      for (const p of pending) {
        const ok = await send(buildNotification(key, p, clock.now())).catch(() => false);
        await recordSandboxDelivery(
          db,
          p.tradeNo,
          ok ? { deliveredAt: clock.now(), attempts: p.attempts + 1 } : { attempts: p.attempts + 1 },
        );
        if (ok) delivered += 1;
      }
      return delivered;
    },

    /** Skyledger's notification endpoint: verifies the signature, then credits at most once. */
    async receiveSandboxNotification(
      n: GatewayNotification,
    ): Promise<{ accepted: boolean; applied: boolean }> {
      if (!verifyNotification(await sandboxSecret(), n)) return { accepted: false, applied: false };
      const amount = tryParseYuan(n.amount);
      if (!amount.ok) return { accepted: true, applied: false };
      const outcome = await applyNotice({
        channel: "sandbox",
        rechargeNo: n.rechargeNo,
        tradeNo: n.tradeNo,
        amount: amount.amount,
        status: n.status,
      });
      return { accepted: true, applied: outcome === "credited" || outcome === "failed" };
    },
  };
}
