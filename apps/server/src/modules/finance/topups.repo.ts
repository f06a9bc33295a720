// Top-ups, the sandbox gateway's payment records and the server's generated secrets. Every
// function takes the caller's transaction (or the handle outside one).
import { and, count, desc, eq, isNull, lte } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { sandboxPayments, serverSecrets, topUps } from "./finance.schema";

export type TopUpRow = typeof topUps.$inferSelect;
export type NewTopUp = typeof topUps.$inferInsert;
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

/** The secret named `name`, generated from `fresh` the first time it is asked for. */
export async function serverSecret(tx: Tx, name: string, fresh: string): Promise<string> {
  await tx.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await tx.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}

export async function insertTopUp(tx: Tx, row: NewTopUp): Promise<TopUpRow> {
  const [inserted] = await tx.insert(topUps).values(row).returning();
  return inserted!;
}

/** Pending top-ups past their deadline become expired. */
export async function expirePendingTopUps(tx: Tx, now: Date): Promise<void> {
  await tx
    .update(topUps)
    .set({ status: "expired", failureReason: "expired" })
    .where(and(eq(topUps.status, "pending"), lte(topUps.expiresAt, now)));
}

export async function topUpByNo(tx: Tx, rechargeNo: string): Promise<TopUpRow | undefined> {
  const [row] = await tx.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo));
  return row;
}

export async function topUpByNoForUpdate(tx: Tx, rechargeNo: string): Promise<TopUpRow | undefined> {
  const [row] = await tx.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo)).for("update");
  return row;
}

export async function orgTopUp(tx: Tx, orgId: string, rechargeNo: string): Promise<TopUpRow | undefined> {
  const [row] = await tx
    .select()
    .from(topUps)
    .where(and(eq(topUps.orgId, orgId), eq(topUps.rechargeNo, rechargeNo)));
  return row;
}

/** The organisation a top-up belongs to, if it exists. */
export async function orgOfTopUpNo(tx: Tx, rechargeNo: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ orgId: topUps.orgId })
    .from(topUps)
    .where(eq(topUps.rechargeNo, rechargeNo));
  return row?.orgId;
}

/** Cancelled by the payer: false when it was no longer pending. */
export async function failPendingTopUp(tx: Tx, id: string, tradeNo: string): Promise<boolean> {
  const done = await tx
    .update(topUps)
    .set({ status: "failed", failureReason: "cancelled", gatewayTradeNo: tradeNo })
    .where(and(eq(topUps.id, id), eq(topUps.status, "pending")))
    .returning({ id: topUps.id });
  return done.length === 1;
}

export async function markTopUpPaid(
  tx: Tx,
  id: string,
  paid: { paidAt: Date; gatewayTradeNo: string; entryId: bigint },
): Promise<void> {
  await tx
    .update(topUps)
    .set({ status: "success", ...paid, failureReason: null })
    .where(eq(topUps.id, id));
}

export function topUpsPage(tx: Tx, orgId: string | undefined, limit: number, offset: number) {
  return tx
    .select()
    .from(topUps)
    .where(orgId ? eq(topUps.orgId, orgId) : undefined)
    .orderBy(desc(topUps.createdAt))
    .limit(limit)
    .offset(offset);
}

export function topUpsCount(tx: Tx, orgId: string | undefined) {
  return tx
    .select({ n: count() })
    .from(topUps)
    .where(orgId ? eq(topUps.orgId, orgId) : undefined);
}

/** The payer's decision, recorded once per top-up: false when one was recorded already. */
export async function insertSandboxPayment(
  tx: Tx,
  row: typeof sandboxPayments.$inferInsert,
): Promise<boolean> {
  const inserted = await tx.insert(sandboxPayments).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Decisions whose notification has not been delivered, within the attempts allowed. */
export function undeliveredSandboxPayments(tx: Tx, maxAttempts: number): Promise<SandboxPaymentRow[]> {
  return tx
    .select()
    .from(sandboxPayments)
    .where(and(isNull(sandboxPayments.deliveredAt), lte(sandboxPayments.attempts, maxAttempts)));
}

export async function recordSandboxDelivery(
  tx: Tx,
  tradeNo: string,
  attempt: { attempts: number; deliveredAt?: Date },
): Promise<void> {
  await tx.update(sandboxPayments).set(attempt).where(eq(sandboxPayments.tradeNo, tradeNo));
}
