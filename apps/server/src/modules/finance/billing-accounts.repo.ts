// Every tenant's account as the operators' billing accounts list (`accounts`, BI) and the dashboard
// read it: one row per organisation with its main account's verification, the account freeze, and its
// ledger balances. The tenant states here are the dashboard's counts too, so a count and the list
// it links to select the same tenants.
import type { BillingAccountFilter, TenantState } from "@skyledger/contracts";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { ROLE } from "../iam/iam.repo";
import { organizations, users } from "../iam/iam.schema";
import { cashVouchers, ledgerAccounts } from "../ledger/ledger.schema";

/** Money columns come back as text (bigint units of 0.00001 yuan) and are read with BigInt. */
export type BillingAccountRow = {
  org_id: string;
  name: string;
  email: string | null;
  created_at: string;
  verified: boolean;
  frozen: boolean;
  balance: string;
  credit_limit: string;
  credit_used: string;
  vouchers: string;
  arrears: string;
};

/**
 * One row per organisation. The balance is cash less what is owed (a debt shows as a negative
 * balance, as on the tenant's own overview); the credit limit is the larger of the operator's and
 * the contracts' (decision 0029); vouchers are the balances a charge could take now (available,
 * valid from before `now`, not yet ended — the deduction engine's rule).
 */
function accountsTable(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const acc = (kind: "cash" | "credit" | "arrears") =>
    sql`(select a.* from ${ledgerAccounts} a where a.org_id = o.id and a.kind = ${kind})`;
  return sql`(
    select o.id as org_id, o.name, o.email, o.created_at,
      coalesce(m.certification_status = 'authSucceed', false) as verified,
      -- Frozen by an operator (the organisation's account freeze) or the main account's own flag.
      (o.frozen_at is not null or coalesce(m.freeze, false)) as frozen,
      coalesce(cash.balance, 0) + coalesce(arr.balance, 0) as balance,
      coalesce(greatest(cr.credit_limit, cr.contract_credit_limit), 0) as credit_limit,
      coalesce(-cr.balance, 0) as credit_used,
      coalesce((
        select sum(va.balance) from ${cashVouchers} v join ${ledgerAccounts} va on va.id = v.account_id
        where v.org_id = o.id and v.status = 'available' and v.valid_from <= ${at} and v.valid_until > ${at}
      ), 0) as vouchers,
      coalesce(-arr.balance, 0) as arrears
    from ${organizations} o
    left join lateral (
      select u.certification_status, u.freeze from ${users} u
      where u.org_id = o.id and u.role_id = ${ROLE.tenantAdmin}
      order by u.created_at limit 1
    ) m on true
    left join lateral ${acc("cash")} cash on true
    left join lateral ${acc("credit")} cr on true
    left join lateral ${acc("arrears")} arr on true
  )`;
}

/** The condition selecting tenants in `state` over the accounts table's columns. */
export const STATE_CONDITIONS: Record<TenantState, SQL> = {
  verified: sql`verified`,
  unverified: sql`not verified`,
  frozen: sql`frozen`,
  inArrears: sql`arrears > 0`,
};

/**
 * The organisations in `state`, as a subquery of their ids: the operators' tenant list filters with
 * it, so its total is the dashboard's count.
 */
export const orgIdsInState = (state: TenantState, now: Date): SQL =>
  sql`select org_id from ${accountsTable(now)} acc where ${STATE_CONDITIONS[state]}`;

const SORT_COLUMNS = {
  name: sql`name`,
  createdAt: sql`created_at`,
  balance: sql`balance`,
  creditLimit: sql`credit_limit`,
  vouchers: sql`vouchers`,
  arrears: sql`arrears`,
} as const;

function whereOf(f: Pick<BillingAccountFilter, "keyword" | "state">): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.keyword) parts.push(sql`name ilike ${containsPattern(f.keyword)}`);
  if (f.state) parts.push(STATE_CONDITIONS[f.state]);
  return sql.join(parts, sql` and `);
}

const orderOf = (f: Pick<BillingAccountFilter, "sort" | "order">) =>
  sql`${SORT_COLUMNS[f.sort]} ${f.order === "asc" ? sql`asc` : sql`desc`}, org_id asc`;

const selectColumns = sql`org_id, name, email, created_at::text as created_at, verified, frozen,
  balance::text as balance, credit_limit::text as credit_limit, credit_used::text as credit_used,
  vouchers::text as vouchers, arrears::text as arrears`;

export async function billingAccountsPage(
  tx: Tx,
  f: BillingAccountFilter,
  now: Date,
  limit: number,
  offset: number,
): Promise<BillingAccountRow[]> {
  const rows = await tx.execute(sql`
    select ${selectColumns} from ${accountsTable(now)} acc
    where ${whereOf(f)} order by ${orderOf(f)} limit ${limit} offset ${offset}`);
  return rowsOf<BillingAccountRow>(rows);
}

export async function billingAccountsCount(tx: Tx, f: BillingAccountFilter, now: Date) {
  const rows = await tx.execute(
    sql`select count(*)::int as n from ${accountsTable(now)} acc where ${whereOf(f)}`,
  );
  return rowsOf<{ n: number }>(rows);
}

/** Every tenant's count under each state, the total and what all of them owe together. */
export async function tenantStateCounts(tx: Tx, now: Date) {
  const counted = (state: TenantState) => sql`count(*) filter (where ${STATE_CONDITIONS[state]})::int`;
  const rows = await tx.execute(sql`
    select count(*)::int as total,
      ${counted("verified")} as verified, ${counted("unverified")} as unverified,
      ${counted("frozen")} as frozen, ${counted("inArrears")} as in_arrears,
      coalesce(sum(arrears), 0)::text as arrears_total
    from ${accountsTable(now)} acc`);
  return rowsOf<{
    total: number;
    verified: number;
    unverified: number;
    frozen: number;
    in_arrears: number;
    arrears_total: string;
  }>(rows)[0]!;
}

/** Organisations created per local day since `since`. */
export async function signUpsByDay(tx: Tx, since: Date, timeZone: string) {
  const day = sql`to_char(${organizations.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await tx.execute(sql`
    select ${day} as day, count(*)::int as n from ${organizations}
    where ${organizations.createdAt} >= ${since.toISOString()}::timestamptz group by 1`);
  return rowsOf<{ day: string; n: number }>(rows);
}
