// What must hold once the load, the kill and the restart are over: every accepted money call
// applied once, orders final, the ledger whole, each postpaid hour charged once, each notice sent
// once. Each check returns its problems (empty when it holds) and a line for the summary.
import { formatYuan } from "@skyledger/billing";
import type { OrderDetail } from "@skyledger/contracts";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { sessions } from "../../../src/modules/auth/auth.schema";
import { downloadTasks, sandboxPayments, topUps } from "../../../src/modules/finance/finance.schema";
import { bills, journalEntries } from "../../../src/modules/ledger/ledger.schema";
import { verifyLedger } from "../../../src/modules/ledger/ledger.verify";
import { orders } from "../../../src/modules/orders/orders.schema";
import { resources } from "../../../src/modules/resources/resources.schema";
import type { Db } from "../../../src/platform/db/client";
import { outboxMessages } from "../../../src/platform/outbox/outbox.schema";
import { cashOf } from "../money";
import type { ReceivedMail } from "../smtp";
import type { Keys } from "./tally";
import type { TopUpAnswer } from "./workload";

export type Check = { name: string; problems: string[]; summary: string };

const FINAL_ORDER_STATES = new Set(["completed", "failed", "rejected", "terminated"]);
const HOUR_MS = 3_600_000;

/** Every accepted send of one key got the same answer (what `same` reads of it). */
function sameAnswers<T>(keys: Keys<T>, same: (answer: T) => string): string[] {
  const problems: string[] = [];
  for (const [key, answers] of keys.accepted()) {
    const distinct = new Set(answers.map(same));
    if (distinct.size > 1) problems.push(`key ${key} was answered ${[...distinct].join(" and ")}`);
  }
  return problems;
}

async function entriesByReference(db: Db, referenceType: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { kind: string }[]>();
  const rows = await db
    .select({ referenceId: journalEntries.referenceId, kind: journalEntries.kind })
    .from(journalEntries)
    .where(and(eq(journalEntries.referenceType, referenceType), inArray(journalEntries.referenceId, ids)));
  const byId = new Map<string, { kind: string }[]>();
  for (const r of rows) byId.set(r.referenceId, [...(byId.get(r.referenceId) ?? []), { kind: r.kind }]);
  return byId;
}

export async function checkLedger(db: Db): Promise<Check> {
  const problems = (await verifyLedger(db)).map((p) => `${p.kind}: ${p.detail}`);
  return {
    name: "ledger verifies",
    problems,
    summary: "every entry balances and every balance equals its journal",
  };
}

export async function checkTopUps(db: Db, payerOrg: string, keys: Keys<TopUpAnswer>): Promise<Check> {
  const problems = sameAnswers(keys, (a) => a.rechargeNo);
  const rows = await db.select().from(topUps).where(eq(topUps.orgId, payerOrg));
  const accepted = new Set(keys.accepted().map(([, answers]) => answers[0]!.rechargeNo));
  for (const no of accepted)
    if (!rows.some((r) => r.rechargeNo === no)) problems.push(`accepted top-up ${no} is not in the database`);
  if (rows.length > keys.calls.size)
    problems.push(`${rows.length} top-ups from ${keys.calls.size} keys: a key made two`);
  const entries = await entriesByReference(
    db,
    "top_up",
    rows.map((r) => r.rechargeNo),
  );
  const paid = await db
    .select({ rechargeNo: sandboxPayments.rechargeNo })
    .from(sandboxPayments)
    .where(
      and(
        inArray(sandboxPayments.rechargeNo, rows.length ? rows.map((r) => r.rechargeNo) : [""]),
        eq(sandboxPayments.decision, "paid"),
      ),
    );
  const paidNos = new Set(paid.map((p) => p.rechargeNo));
  let credited = 0n;
  for (const r of rows) {
    const n = entries.get(r.rechargeNo)?.length ?? 0;
    if (r.status === "success") credited += r.amount;
    if (n !== (r.status === "success" ? 1 : 0))
      problems.push(`top-up ${r.rechargeNo} (${r.status}) has ${n} ledger entries`);
    if (paidNos.has(r.rechargeNo) && r.status !== "success")
      problems.push(`top-up ${r.rechargeNo} was paid on the page but is ${r.status}`);
  }
  const balance = await cashOf(db, payerOrg);
  if (balance !== credited)
    problems.push(
      `the payer's balance is ${formatYuan(balance)}, its credited top-ups ${formatYuan(credited)}`,
    );
  const success = rows.filter((r) => r.status === "success").length;
  return {
    name: "top-ups applied once",
    problems,
    summary: `${accepted.size} accepted top-up keys, ${rows.length} top-ups, ${success} paid and credited once each; balance ${formatYuan(balance)} = sum of credited top-ups`,
  };
}

export async function checkOrders(
  db: Db,
  orgId: string,
  keys: Keys<OrderDetail>,
  renewals: Keys<unknown>,
): Promise<Check> {
  const problems = sameAnswers(keys, (a) => a.orderNo);
  const rows = await db.select().from(orders).where(eq(orders.orgId, orgId));
  const bought = rows.filter((o) => o.type === "order");
  const renewed = rows.filter((o) => o.type === "renewal");
  for (const [key, answers] of keys.accepted())
    if (!bought.some((o) => o.orderNo === answers[0]!.orderNo))
      problems.push(`accepted order of key ${key} is missing`);
  if (bought.length > keys.calls.size) problems.push(`${bought.length} orders from ${keys.calls.size} keys`);
  const acceptedRenewals = renewals.accepted().length;
  if (renewed.length < acceptedRenewals || renewed.length > renewals.calls.size)
    problems.push(
      `${renewed.length} renewal orders for ${acceptedRenewals} accepted and ${renewals.calls.size} sent renewal keys`,
    );
  const unfinished = rows.filter((o) => !FINAL_ORDER_STATES.has(o.status));
  for (const o of unfinished) problems.push(`order ${o.orderNo} (${o.type}) ended ${o.status}`);
  const entries = await entriesByReference(
    db,
    "order",
    rows.map((o) => o.orderNo),
  );
  for (const o of [...bought.filter((b) => b.paymentType === "prepaid"), ...renewed]) {
    const charges = (entries.get(o.orderNo) ?? []).filter((e) => e.kind === "charge").length;
    if (charges !== 1) problems.push(`${o.type} ${o.orderNo} was charged ${charges} times`);
  }
  for (const o of rows) {
    const refunds = (entries.get(o.orderNo) ?? []).filter((e) => e.kind === "refund").length;
    if (refunds > 1) problems.push(`order ${o.orderNo} was refunded ${refunds} times`);
  }
  const byState = new Map<string, number>();
  for (const o of rows) byState.set(o.status, (byState.get(o.status) ?? 0) + 1);
  return {
    name: "orders and renewals applied once, all final",
    problems,
    summary: `${bought.length} orders and ${renewed.length} renewals (${[...byState].map(([s, n]) => `${n} ${s}`).join(", ")}); prepaid ones charged once each`,
  };
}

/**
 * Each postpaid resource's metered bills cover one span each, none overlapping; those whose hours
 * were made due (`due`: id → where metering had to reach) are billed exactly those hours.
 */
export async function checkMetering(db: Db, due: Map<string, { from: Date; to: Date }>): Promise<Check> {
  const problems: string[] = [];
  const postpaid = await db
    .select({ id: resources.id, orderId: resources.orderId, meteredUntil: resources.meteredUntil })
    .from(resources)
    .where(and(eq(resources.paymentType, "postpaid"), isNotNull(resources.meteredUntil)));
  const orderNos = new Map(
    (await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders)).map((o) => [o.id, o.orderNo]),
  );
  const metered = await db
    .select({ orderNo: bills.orderNo, start: bills.usageStart, end: bills.usageEnd })
    .from(bills)
    .where(and(eq(bills.chargeType, "postpaid"), isNotNull(bills.usageStart)));
  let hours = 0;
  for (const r of postpaid) {
    const orderNo = (r.orderId && orderNos.get(r.orderId)) ?? r.id;
    const spans = metered
      .filter((b) => b.orderNo === orderNo)
      .map((b) => ({ start: b.start!.getTime(), end: b.end!.getTime() }))
      .sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++)
      if (spans[i]!.start < spans[i - 1]!.end)
        problems.push(
          `resource ${r.id}: hours billed twice around ${new Date(spans[i]!.start).toISOString()}`,
        );
    const billed = spans.reduce((sum, s) => sum + (s.end - s.start), 0) / HOUR_MS;
    hours += billed;
    const wanted = due.get(r.id);
    if (wanted) {
      const expected = (wanted.to.getTime() - wanted.from.getTime()) / HOUR_MS;
      if (billed !== expected) problems.push(`resource ${r.id}: ${billed} hours billed, ${expected} due`);
    }
  }
  return {
    name: "each postpaid hour charged once",
    problems,
    summary: `${postpaid.length} postpaid resources, ${due.size} with hours made due; ${hours} hours billed, no span overlapping another`,
  };
}

/** The Message-ID's outbox id (outbox-delivery.ts). */
const outboxIdOf = (mail: ReceivedMail) =>
  /^Message-ID:\s*<([^@>]+)@outbox\.skyledger>/im.exec(mail.raw)?.[1];

/**
 * Every e-mail row sent once; rows a killed instance had claimed stay claimed until their lease
 * runs out (at least once, outbox-delivery.ts) and are counted, not failed.
 */
export async function checkOutbox(db: Db, mails: ReceivedMail[], killedAt: Date): Promise<Check> {
  const problems: string[] = [];
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.channel, "email"));
  const received = new Map<string, number>();
  for (const mail of mails) {
    const id = outboxIdOf(mail);
    if (!id) problems.push(`a mail without an outbox Message-ID: ${mail.subject}`);
    else received.set(id, (received.get(id) ?? 0) + 1);
  }
  let orphaned = 0;
  let orphanedReceived = 0;
  for (const r of rows) {
    const n = received.get(r.id) ?? 0;
    if (n > 1) problems.push(`outbox ${r.id} (${r.purpose}) was mailed ${n} times`);
    if (r.status === "sent" && n !== 1) problems.push(`outbox ${r.id} is sent but was received ${n} times`);
    if (r.status === "sending" && r.claimedAt && r.claimedAt <= killedAt && n <= 1) {
      orphaned += 1;
      orphanedReceived += n;
    } else if (r.status !== "sent")
      problems.push(
        `outbox ${r.id} (${r.purpose}) ended ${r.status} after ${r.attempts} attempts: ${r.error ?? ""}`,
      );
  }
  for (const id of received.keys())
    if (!rows.some((r) => r.id === id))
      problems.push(`a mail names outbox ${id}, which is not an e-mail row`);
  return {
    name: "each notice mailed once",
    problems,
    // A row the killed instance had handed to SMTP but not marked sent is sent again when its
    // lease runs out (at least once): it will arrive a second time, with the same Message-ID.
    summary: `${rows.length} e-mails in the outbox, ${mails.length} received, none twice; ${orphaned} claimed by the killed instance wait for their 5-minute lease (${orphanedReceived} of them already received, to be sent again with the same Message-ID)`,
  };
}

/**
 * Every accepted export finished: written, or failed because the instance writing it was killed
 * (the next start marks what was still generating as failed, and the tenant exports again).
 */
export async function checkExports(db: Db, ids: string[]): Promise<Check> {
  const rows = ids.length ? await db.select().from(downloadTasks).where(inArray(downloadTasks.id, ids)) : [];
  const problems: string[] = [];
  if (rows.length !== ids.length) problems.push(`${ids.length - rows.length} accepted exports are missing`);
  const interrupted = rows.filter((r) => r.status === "failed" && r.error === "interrupted by a restart");
  for (const r of rows)
    if (r.status !== "succeeded" && !interrupted.includes(r))
      problems.push(`export ${r.id} ended ${r.status}: ${r.error ?? ""}`);
  return {
    name: "exports finished",
    problems,
    summary: `${rows.filter((r) => r.status === "succeeded").length} of ${ids.length} accepted exports written, ${interrupted.length} cut off by the kill`,
  };
}

/** TRUST_PROXY: the sessions the load signed in record the users' addresses, not nginx's. */
export async function checkClientAddresses(db: Db, userIds: string[], addresses: string[]): Promise<Check> {
  const rows = await db.select({ ip: sessions.ip }).from(sessions).where(inArray(sessions.userId, userIds));
  const problems = rows
    .filter((r) => !addresses.includes(r.ip ?? ""))
    .map((r) => `a session records ${r.ip}, not a user's address`);
  return {
    name: "client addresses through nginx",
    problems: rows.length === 0 ? ["no sessions"] : problems,
    summary: `${rows.length} sessions, each with its user's X-Forwarded-For address`,
  };
}
