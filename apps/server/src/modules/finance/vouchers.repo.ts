// Cash vouchers' SQL (the table sits with the ledger, which locks and spends vouchers; issuing,
// redeeming and closing them is finance's). Every function takes the caller's transaction.
import { and, count, desc, eq, gt, lte, type SQL } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations } from "../iam/iam.schema";
import { cashVouchers, ledgerAccounts } from "../ledger/ledger.schema";

export type VoucherRow = typeof cashVouchers.$inferSelect;
export type NewVoucher = typeof cashVouchers.$inferInsert;
export type ListedVoucher = { v: VoucherRow; balance: bigint | null; orgName: string | null };
export type VoucherFilter = { orgId?: string; status?: VoucherRow["status"]; batchNo?: string };

/** A voucher with its balance (its account's) and its holder's name. */
const listed = (tx: Tx) =>
  tx
    .select({ v: cashVouchers, balance: ledgerAccounts.balance, orgName: organizations.name })
    .from(cashVouchers)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, cashVouchers.accountId))
    .leftJoin(organizations, eq(organizations.id, cashVouchers.orgId));

export async function insertVoucher(tx: Tx, row: NewVoucher): Promise<VoucherRow> {
  const [inserted] = await tx.insert(cashVouchers).values(row).returning();
  return inserted!;
}

/** A tenant holds the voucher now: its account and the time it was received. */
export async function markVoucherGranted(
  tx: Tx,
  id: string,
  grant: { orgId: string; accountId: string; receivedAt: Date },
): Promise<void> {
  await tx
    .update(cashVouchers)
    .set({ ...grant, status: "available" })
    .where(eq(cashVouchers.id, id));
}

export async function setVoucherStatus(tx: Tx, id: string, status: VoucherRow["status"]): Promise<void> {
  await tx.update(cashVouchers).set({ status }).where(eq(cashVouchers.id, id));
}

/** One voucher, read without a lock (to learn whose money sources to lock before its row). */
export async function voucherById(tx: Tx, id: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(cashVouchers).where(eq(cashVouchers.id, id));
  return row;
}

export async function voucherForUpdate(tx: Tx, id: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(cashVouchers).where(eq(cashVouchers.id, id)).for("update");
  return row;
}

export async function voucherByCodeForUpdate(tx: Tx, code: string): Promise<VoucherRow | undefined> {
  const [row] = await tx.select().from(cashVouchers).where(eq(cashVouchers.code, code)).for("update");
  return row;
}

export function listedVouchersByCode(tx: Tx, code: string): Promise<ListedVoucher[]> {
  return listed(tx).where(eq(cashVouchers.code, code));
}

export function listedBatch(tx: Tx, batchNo: string): Promise<ListedVoucher[]> {
  return listed(tx).where(eq(cashVouchers.batchNo, batchNo)).orderBy(cashVouchers.code);
}

function conditions(f: VoucherFilter) {
  const where: SQL[] = [];
  if (f.orgId) where.push(eq(cashVouchers.orgId, f.orgId));
  if (f.status) where.push(eq(cashVouchers.status, f.status));
  if (f.batchNo) where.push(eq(cashVouchers.batchNo, f.batchNo));
  return where.length ? and(...where) : undefined;
}

export function vouchersPage(tx: Tx, f: VoucherFilter, limit: number, offset: number) {
  return listed(tx)
    .where(conditions(f))
    .orderBy(desc(cashVouchers.createdAt), cashVouchers.code)
    .limit(limit)
    .offset(offset);
}

export function vouchersCount(tx: Tx, f: VoucherFilter) {
  return tx.select({ n: count() }).from(cashVouchers).where(conditions(f));
}

/** One of the organisation's vouchers, or undefined. */
export async function orgVoucher(tx: Tx, orgId: string, id: string): Promise<VoucherRow | undefined> {
  const [row] = await tx
    .select()
    .from(cashVouchers)
    .where(and(eq(cashVouchers.id, id), eq(cashVouchers.orgId, orgId)));
  return row;
}

/** Vouchers whose validity has ended by `now` (the caller re-reads each under lock). */
export function vouchersPastValidity(tx: Tx, now: Date): Promise<VoucherRow[]> {
  return tx
    .select()
    .from(cashVouchers)
    .where(and(lte(cashVouchers.validUntil, now), gt(cashVouchers.faceValue, 0n)));
}
