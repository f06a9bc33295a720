// All SQL of invoices: titles and addresses (always scoped by organisation), the bills the
// invoiceable amount is computed from, what open requests hold, and the requests themselves.
import type { Money, PaidBill } from "@skyledger/billing";
import { and, asc, count, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { organizations } from "../iam/iam.schema";
import { arrearsSettlements, bills } from "../ledger/ledger.schema";
import { invoiceAddresses, invoiceRequestItems, invoiceRequests, invoiceTitles } from "./invoices.schema";

export type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;
export type InvoiceAddressRow = typeof invoiceAddresses.$inferSelect;
export type InvoiceRequestRow = typeof invoiceRequests.$inferSelect;
type TitleValues = Omit<InvoiceTitleRow, "id" | "orgId" | "createdAt">;
type AddressValues = Omit<InvoiceAddressRow, "id" | "orgId" | "createdAt">;

// --- titles and addresses ---------------------------------------------------------------------

export const listTitles = (tx: Tx, orgId: string) =>
  tx.select().from(invoiceTitles).where(eq(invoiceTitles.orgId, orgId)).orderBy(asc(invoiceTitles.createdAt));

export async function findTitle(tx: Tx, orgId: string, id: string): Promise<InvoiceTitleRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.orgId, orgId), eq(invoiceTitles.id, id)));
  return row;
}

export async function insertTitle(tx: Tx, row: InvoiceTitleRow): Promise<InvoiceTitleRow> {
  const [saved] = await tx.insert(invoiceTitles).values(row).returning();
  return saved!;
}

export async function updateTitle(tx: Tx, orgId: string, id: string, values: TitleValues) {
  const [saved] = await tx
    .update(invoiceTitles)
    .set(values)
    .where(and(eq(invoiceTitles.orgId, orgId), eq(invoiceTitles.id, id)))
    .returning();
  return saved;
}

export async function deleteTitle(tx: Tx, orgId: string, id: string) {
  const [gone] = await tx
    .delete(invoiceTitles)
    .where(and(eq(invoiceTitles.orgId, orgId), eq(invoiceTitles.id, id)))
    .returning();
  return gone;
}

export const listAddresses = (tx: Tx, orgId: string) =>
  tx
    .select()
    .from(invoiceAddresses)
    .where(eq(invoiceAddresses.orgId, orgId))
    .orderBy(asc(invoiceAddresses.createdAt));

export async function findAddress(tx: Tx, orgId: string, id: string): Promise<InvoiceAddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoiceAddresses)
    .where(and(eq(invoiceAddresses.orgId, orgId), eq(invoiceAddresses.id, id)));
  return row;
}

export async function insertAddress(tx: Tx, row: InvoiceAddressRow): Promise<InvoiceAddressRow> {
  const [saved] = await tx.insert(invoiceAddresses).values(row).returning();
  return saved!;
}

export async function updateAddress(tx: Tx, orgId: string, id: string, values: AddressValues) {
  const [saved] = await tx
    .update(invoiceAddresses)
    .set(values)
    .where(and(eq(invoiceAddresses.orgId, orgId), eq(invoiceAddresses.id, id)))
    .returning();
  return saved;
}

export async function deleteAddress(tx: Tx, orgId: string, id: string) {
  const [gone] = await tx
    .delete(invoiceAddresses)
    .where(and(eq(invoiceAddresses.orgId, orgId), eq(invoiceAddresses.id, id)))
    .returning();
  return gone;
}

// --- what is invoiceable --------------------------------------------------------------------------

/**
 * Serialises the invoice requests of one organisation: taken (FOR UPDATE on its row) before the
 * invoiceable amount is read, so two requests at once see each other's holds and never together
 * exceed it. Held to the end of the caller's transaction.
 */
export async function lockOrgInvoicing(tx: Tx, orgId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for("update");
}

/**
 * The organisation's bills as the ledger recorded them, oldest first, each with what money has
 * settled of its arrears part (decision 0032).
 */
export function paidBills(tx: Tx, orgId: string): Promise<PaidBill[]> {
  const settled = tx
    .select({
      billNo: arrearsSettlements.billNo,
      amount: sql<string>`sum(${arrearsSettlements.amount})`.as("settled_paid"),
    })
    .from(arrearsSettlements)
    .where(
      and(
        eq(arrearsSettlements.orgId, orgId),
        eq(arrearsSettlements.paid, true),
        isNotNull(arrearsSettlements.billNo),
      ),
    )
    .groupBy(arrearsSettlements.billNo)
    .as("settled");
  return tx
    .select({
      billNo: bills.billNo,
      type: bills.type,
      chargeType: bills.chargeType,
      orderNo: bills.orderNo,
      billingCycle: bills.billingCycle,
      cash: bills.cashAmount,
      credit: bills.creditAmount,
      arrearsSettledPaid: sql<bigint>`coalesce(${settled.amount}, 0)::text`.mapWith((v: string) => BigInt(v)),
    })
    .from(bills)
    .leftJoin(settled, eq(settled.billNo, bills.billNo))
    .where(eq(bills.orgId, orgId))
    .orderBy(asc(bills.createdAt), asc(bills.billNo));
}

/** What the organisation's requests that were not rejected hold, by item key. */
export async function heldByItem(tx: Tx, orgId: string): Promise<Map<string, Money>> {
  const rows = await tx
    .select({
      key: invoiceRequestItems.itemKey,
      amount: sql<string>`sum(${invoiceRequestItems.amount})::text`,
    })
    .from(invoiceRequestItems)
    .innerJoin(invoiceRequests, eq(invoiceRequests.id, invoiceRequestItems.requestId))
    .where(and(eq(invoiceRequests.orgId, orgId), ne(invoiceRequests.state, "rejected")))
    .groupBy(invoiceRequestItems.itemKey);
  return new Map(rows.map((r) => [r.key, BigInt(r.amount)]));
}

// --- requests -------------------------------------------------------------------------------------

export async function insertRequest(
  tx: Tx,
  row: typeof invoiceRequests.$inferInsert,
  items: { key: string; amount: Money }[],
): Promise<void> {
  await tx.insert(invoiceRequests).values(row);
  await tx
    .insert(invoiceRequestItems)
    .values(items.map((i) => ({ requestId: row.id, itemKey: i.key, amount: i.amount })));
}

export type RequestFilter = { orgId?: string; state?: InvoiceRequestRow["state"] | undefined };

const whereOf = (f: RequestFilter): SQL | undefined =>
  and(
    f.orgId ? eq(invoiceRequests.orgId, f.orgId) : undefined,
    f.state ? eq(invoiceRequests.state, f.state) : undefined,
  );

export type RequestWithOrg = { request: InvoiceRequestRow; orgName: string };

/** Tenants read newest first; the operators' queue oldest first (the longest waiting on top). */
export function listRequests(
  tx: Tx,
  filter: RequestFilter,
  order: "newest" | "oldest",
  limit: number,
  offset: number,
): Promise<RequestWithOrg[]> {
  return tx
    .select({ request: invoiceRequests, orgName: organizations.name })
    .from(invoiceRequests)
    .innerJoin(organizations, eq(organizations.id, invoiceRequests.orgId))
    .where(whereOf(filter))
    .orderBy(order === "newest" ? desc(invoiceRequests.createdAt) : asc(invoiceRequests.createdAt))
    .limit(limit)
    .offset(offset);
}

export const countRequests = (tx: Tx, filter: RequestFilter) =>
  tx.select({ n: count() }).from(invoiceRequests).where(whereOf(filter));

/** One request (of `orgId` when given: another organisation's is not found). */
export async function findRequest(tx: Tx, id: string, orgId?: string): Promise<RequestWithOrg | undefined> {
  const [row] = await tx
    .select({ request: invoiceRequests, orgName: organizations.name })
    .from(invoiceRequests)
    .innerJoin(organizations, eq(organizations.id, invoiceRequests.orgId))
    .where(and(eq(invoiceRequests.id, id), orgId ? eq(invoiceRequests.orgId, orgId) : undefined));
  return row;
}

export function itemsOfRequests(tx: Tx, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      requestId: invoiceRequestItems.requestId,
      key: invoiceRequestItems.itemKey,
      amount: invoiceRequestItems.amount,
    })
    .from(invoiceRequestItems)
    .where(sql`${invoiceRequestItems.requestId} in ${ids}`)
    .orderBy(asc(invoiceRequestItems.itemKey));
}

/** Moves a request on from `invoicing`, locking it; undefined when it was not waiting any more. */
export async function decideRequest(
  tx: Tx,
  id: string,
  values: Partial<
    Pick<
      InvoiceRequestRow,
      "state" | "pdfFileId" | "invoiceNumber" | "trackingNumber" | "rejectReason" | "decidedBy" | "decidedAt"
    >
  >,
): Promise<InvoiceRequestRow | undefined> {
  const [row] = await tx
    .update(invoiceRequests)
    .set(values)
    .where(and(eq(invoiceRequests.id, id), eq(invoiceRequests.state, "invoicing")))
    .returning();
  return row;
}

/** Whether a PDF already belongs to another request (one file, one invoice). */
export async function pdfInUse(tx: Tx, fileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: invoiceRequests.id })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.pdfFileId, fileId))
    .limit(1);
  return !!row;
}
