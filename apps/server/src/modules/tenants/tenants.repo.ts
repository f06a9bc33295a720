// The operators' tenant list and card: each organisation with its main account (the one that
// registered it: no parent), its verification, its operator freeze and its money (cash, arrears,
// credit limit), searched, filtered and sorted in SQL so that paging is the server's.
import type { TenantQuery } from "@skyledger/contracts";
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { orgIdsInState } from "../finance/billing-accounts.repo";
import { organizations, users } from "../iam/iam.schema";
import { ledgerAccounts } from "../ledger/ledger.schema";

const cash = alias(ledgerAccounts, "tenant_cash");
const arrears = alias(ledgerAccounts, "tenant_arrears");
const credit = alias(ledgerAccounts, "tenant_credit");

/** The main account of each organisation: its earliest user without a parent. */
function mainAccounts(tx: Tx) {
  return tx
    .selectDistinctOn([users.orgId], {
      orgId: users.orgId,
      userId: sql<string>`${users.id}`.as("main_user_id"),
      account: sql<string>`${users.account}`.as("main_account"),
      realName: sql<string | null>`${users.realName}`.as("main_real_name"),
      mobile: sql<string | null>`${users.mobile}`.as("main_mobile"),
      email: sql<string | null>`${users.email}`.as("main_email"),
      certificationStatus: sql<string>`${users.certificationStatus}`.as("main_certification"),
      authType: sql<string | null>`${users.authType}`.as("main_auth_type"),
      authRemark: sql<string | null>`${users.authRemark}`.as("main_auth_remark"),
    })
    .from(users)
    .where(and(isNotNull(users.orgId), isNull(users.parentId)))
    .orderBy(users.orgId, users.createdAt)
    .as("main");
}

export type TenantFilter = Omit<TenantQuery, "pageNum" | "pageSize">;

function conditionOf(main: ReturnType<typeof mainAccounts>, f: Partial<TenantFilter>, orgId?: string) {
  const where: SQL[] = [];
  if (orgId) where.push(eq(organizations.id, orgId));
  if (f.keyword) {
    const k = containsPattern(f.keyword);
    where.push(or(ilike(organizations.name, k), ilike(main.account, k), ilike(main.mobile, k))!);
  }
  if (f.certificationStatus) {
    // An organisation with no main account has verified nothing.
    where.push(
      f.certificationStatus === "noAuth"
        ? or(isNull(main.certificationStatus), eq(main.certificationStatus, "noAuth"))!
        : eq(main.certificationStatus, f.certificationStatus),
    );
  }
  if (f.frozen !== undefined) {
    where.push(f.frozen ? isNotNull(organizations.frozenAt) : isNull(organizations.frozenAt));
  }
  if (f.inArrears !== undefined) {
    where.push(f.inArrears ? lt(arrears.balance, 0n) : sql`coalesce(${arrears.balance}, 0) = 0`);
  }
  return where.length ? and(...where) : undefined;
}

/** The list's conditions, with the dashboard's tenant state (its SQL, read at `now`) when asked. */
function listConditionOf(main: ReturnType<typeof mainAccounts>, f: Partial<TenantFilter>, now: Date) {
  const state = f.state ? sql`${organizations.id} in (${orgIdsInState(f.state, now)})` : undefined;
  return and(conditionOf(main, f), state);
}

function orderOf(f: Partial<TenantFilter>): SQL[] {
  const dir = f.sortOrder === "ascend" ? asc : desc;
  const column = {
    createdAt: organizations.createdAt,
    name: organizations.name,
    balance: sql`coalesce(${cash.balance}, 0) + coalesce(${arrears.balance}, 0)`,
    // Arrears are kept as a non-positive balance: the largest debt is the most negative one.
    arrears: sql`-coalesce(${arrears.balance}, 0)`,
  }[f.sortBy ?? "createdAt"];
  // The id breaks ties so that pages never repeat or skip a row.
  return [dir(column), asc(organizations.id)];
}

/** Joins each organisation's main account and money accounts onto a query over organisations. */
function withAccounts<Q extends PgSelect>(query: Q, main: ReturnType<typeof mainAccounts>) {
  return query
    .leftJoin(main, eq(main.orgId, organizations.id))
    .leftJoin(cash, and(eq(cash.orgId, organizations.id), eq(cash.kind, "cash")))
    .leftJoin(arrears, and(eq(arrears.orgId, organizations.id), eq(arrears.kind, "arrears")))
    .leftJoin(credit, and(eq(credit.orgId, organizations.id), eq(credit.kind, "credit")));
}

function rowFields(main: ReturnType<typeof mainAccounts>) {
  return {
    org: organizations,
    main: {
      userId: main.userId,
      account: main.account,
      realName: main.realName,
      mobile: main.mobile,
      email: main.email,
      certificationStatus: main.certificationStatus,
      authType: main.authType,
      authRemark: main.authRemark,
    },
    cash: sql<bigint>`coalesce(${cash.balance}, 0)`.mapWith(BigInt),
    arrears: sql<bigint>`coalesce(${arrears.balance}, 0)`.mapWith(BigInt),
    creditLimit:
      sql<bigint>`greatest(coalesce(${credit.creditLimit}, 0), coalesce(${credit.contractCreditLimit}, 0))`.mapWith(
        BigInt,
      ),
  };
}

export type TenantRecord = Awaited<ReturnType<typeof tenantsPage>>[number];

export function tenantsPage(tx: Tx, filter: Partial<TenantFilter>, now: Date, limit: number, offset: number) {
  const main = mainAccounts(tx);
  return withAccounts(tx.select(rowFields(main)).from(organizations).$dynamic(), main)
    .where(listConditionOf(main, filter, now))
    .orderBy(...orderOf(filter))
    .limit(limit)
    .offset(offset);
}

export function tenantsCount(tx: Tx, filter: Partial<TenantFilter>, now: Date) {
  const main = mainAccounts(tx);
  return withAccounts(tx.select({ n: count() }).from(organizations).$dynamic(), main).where(
    listConditionOf(main, filter, now),
  );
}

export async function tenantById(tx: Tx, orgId: string): Promise<TenantRecord | undefined> {
  const main = mainAccounts(tx);
  const [row] = await withAccounts(tx.select(rowFields(main)).from(organizations).$dynamic(), main).where(
    conditionOf(main, {}, orgId),
  );
  return row;
}

/** The organisation's users, the main account first, then by creation. */
export function tenantUsersPage(tx: Tx, orgId: string, limit: number, offset: number) {
  return tx
    .select()
    .from(users)
    .where(eq(users.orgId, orgId))
    .orderBy(sql`${users.parentId} is not null`, asc(users.createdAt), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export function tenantUsersCount(tx: Tx, orgId: string) {
  return tx.select({ n: count() }).from(users).where(eq(users.orgId, orgId));
}
