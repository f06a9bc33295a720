// SQL of contracts: every query a tenant reaches is scoped by organisation.
import type { ContractStatus } from "@skyledger/contracts";
import { and, count, desc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { productCategories, products } from "../catalog/catalog.schema";
import { organizations } from "../iam/iam.schema";
import { contracts } from "./contracts.schema";

export type ContractRow = typeof contracts.$inferSelect & { orgName: string };
export type NewContract = typeof contracts.$inferInsert;

/** The filter of a list: organisation (tenants always), and a state as of `now`. */
export type ContractFilter = { orgId?: string | undefined; status?: ContractStatus | undefined; now: Date };

function whereOf(f: ContractFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [f.orgId ? eq(contracts.orgId, f.orgId) : undefined];
  const active = eq(contracts.status, "active");
  if (f.status === "terminated" || f.status === "expired") {
    // Expired also counts an active contract whose end passed before the step marked it.
    parts.push(
      f.status === "terminated"
        ? eq(contracts.status, "terminated")
        : sql`(${contracts.status} = 'expired' or (${active} and ${contracts.endsAt} <= ${f.now}))`,
    );
  } else if (f.status === "executing") {
    parts.push(active, lte(contracts.startsAt, f.now), gt(contracts.endsAt, f.now));
  } else if (f.status === "notStarted") {
    parts.push(active, gt(contracts.startsAt, f.now));
  }
  return and(...parts);
}

const selection = { c: contracts, orgName: organizations.name };
const withOrg = (r: { c: typeof contracts.$inferSelect; orgName: string }): ContractRow => ({
  ...r.c,
  orgName: r.orgName,
});

export async function listContracts(tx: Tx, f: ContractFilter, limit: number, offset: number) {
  const rows = await tx
    .select(selection)
    .from(contracts)
    .innerJoin(organizations, eq(organizations.id, contracts.orgId))
    .where(whereOf(f))
    .orderBy(desc(contracts.createdAt), desc(contracts.id))
    .limit(limit)
    .offset(offset);
  return rows.map(withOrg);
}

export function countContracts(tx: Tx, f: ContractFilter) {
  return tx.select({ n: count() }).from(contracts).where(whereOf(f));
}

/** One contract; with `orgId`, only if it is that organisation's. `lock` holds it for the transaction. */
export async function findContract(
  tx: Tx,
  id: string,
  orgId?: string,
  lock = false,
): Promise<ContractRow | undefined> {
  const q = tx
    .select(selection)
    .from(contracts)
    .innerJoin(organizations, eq(organizations.id, contracts.orgId))
    .where(and(eq(contracts.id, id), orgId ? eq(contracts.orgId, orgId) : undefined));
  const [row] = lock ? await q.for("update", { of: contracts }) : await q;
  return row ? withOrg(row) : undefined;
}

export async function contractNoTaken(tx: Tx, contractNo: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.contractNo, contractNo));
  return row !== undefined;
}

/** Inserts the contract; false when its number was taken meanwhile (the unique constraint). */
export async function insertContract(tx: Tx, row: NewContract): Promise<boolean> {
  const inserted = await tx
    .insert(contracts)
    .values(row)
    .onConflictDoNothing({ target: contracts.contractNo })
    .returning({ id: contracts.id });
  return inserted.length === 1;
}

export async function updateContract(tx: Tx, id: string, set: Partial<NewContract>): Promise<void> {
  await tx.update(contracts).set(set).where(eq(contracts.id, id));
}

/** The codes among `codes` that name no product / no category. */
export async function unknownCodes(
  tx: Tx,
  target: "product" | "category",
  codes: string[],
): Promise<string[]> {
  if (codes.length === 0) return [];
  const table = target === "product" ? products : productCategories;
  const found = await tx.select({ code: table.code }).from(table).where(inArray(table.code, codes));
  const known = new Set(found.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}

/** The discount rules of the organisation's contracts in execution at `now`. */
/**
 * The organisation's contracts in execution at some instant of [from, until): each one's discount
 * rules and when it is in execution (from its start to its end, or to its termination when earlier).
 */
export async function discountWindows(tx: Tx, orgId: string, from: Date, until: Date) {
  const rows = await tx
    .select({
      startsAt: contracts.startsAt,
      endsAt: contracts.endsAt,
      terminatedAt: contracts.terminatedAt,
      discounts: contracts.discounts,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.orgId, orgId),
        lt(contracts.startsAt, until),
        gt(contracts.endsAt, from),
        or(isNull(contracts.terminatedAt), gt(contracts.terminatedAt, from)),
      ),
    );
  return rows.map((r) => ({
    from: r.startsAt,
    until: r.terminatedAt && r.terminatedAt < r.endsAt ? r.terminatedAt : r.endsAt,
    discounts: r.discounts,
  }));
}

/** The code of a product's category by the product's code (null when it has none or is unknown). */
export async function categoryCodeOfProduct(tx: Tx, productCode: string): Promise<string | null> {
  const [row] = await tx
    .select({ code: productCategories.code })
    .from(products)
    .innerJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(products.code, productCode));
  return row?.code ?? null;
}

/** The credit limits of the organisation's contracts in execution at `now`, locked. */
export function executingContractsLocked(tx: Tx, orgId: string, now: Date) {
  return tx
    .select({ id: contracts.id, creditLimit: contracts.creditLimit, creditApplied: contracts.creditApplied })
    .from(contracts)
    .where(
      and(
        eq(contracts.orgId, orgId),
        eq(contracts.status, "active"),
        lte(contracts.startsAt, now),
        gt(contracts.endsAt, now),
      ),
    )
    .for("update");
}

/**
 * Contracts the lifecycle step must act on at `now`: active ones whose end passed (they expire), and
 * ones in execution whose credit is not counted yet (they start).
 */
export function contractsDue(tx: Tx, now: Date) {
  return tx
    .select({
      id: contracts.id,
      orgId: contracts.orgId,
      contractNo: contracts.contractNo,
      endsAt: contracts.endsAt,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.status, "active"),
        sql`(${contracts.endsAt} <= ${now} or (${contracts.startsAt} <= ${now} and not ${contracts.creditApplied}))`,
      ),
    );
}

/** Marks these contracts' credit as counted (or not). */
export async function setCreditApplied(tx: Tx, ids: string[], applied: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(contracts).set({ creditApplied: applied }).where(inArray(contracts.id, ids));
}
