// What an audit row's target is called. Many targets are ids (a group, a project, an adjustment, a
// product…); a person reads the name or number instead, looked up here for one page of rows at once.
// Users are named by the log's own join (audit-log.repo.ts); a target that is gone stays unnamed
// here, and the row's detail names it (see audit-log.service.ts).
import type { Locale } from "@skyledger/contracts";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Tx } from "../../platform/db/client";
import { billingPolicies, productCategories, products } from "../catalog/catalog.schema";
import { balanceAdjustments, coupons, manualRecharges, voucherIssues } from "../finance/finance.schema";
import { organizations, permissionSets, projects, userGroups, users } from "../iam/iam.schema";
import { keyPairs } from "../keypairs/keypairs.schema";
import { tenantPackages } from "../packages/packages.schema";
import { verifications } from "../verification/verification.schema";

/**
 * The names of the targets among `ids`, by id: organisations, groups and permission sets (built-in
 * ones by their audited name, which the console translates), projects, key pairs, catalogue entries
 * and bought packages in `locale`, and money documents by their numbers.
 */
export async function targetNames(tx: Tx, ids: string[], locale: Locale): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const zh = locale === "zh-CN";
  const named = (nameZh: AnyPgColumn, nameEn: AnyPgColumn) => (zh ? nameZh : nameEn);
  const of = (table: PgTable, name: AnyPgColumn | SQL, idColumn: AnyPgColumn) =>
    sql`select ${idColumn} as id, ${name} as name from ${table} where ${inArray(idColumn, ids)}`;
  const builtIn = (prefix: string, table: typeof userGroups | typeof permissionSets) =>
    sql`case when ${table.builtIn} and ${table.key} is not null then ${prefix} || ${table.key} else ${table.name} end`;
  const parts = [
    of(organizations, organizations.name, organizations.id),
    of(userGroups, builtIn("builtin-group:", userGroups), userGroups.id),
    of(permissionSets, builtIn("builtin:", permissionSets), permissionSets.id),
    of(projects, projects.name, projects.id),
    of(keyPairs, keyPairs.name, keyPairs.id),
    of(productCategories, named(productCategories.nameZh, productCategories.nameEn), productCategories.id),
    of(products, named(products.nameZh, products.nameEn), products.id),
    of(billingPolicies, billingPolicies.name, billingPolicies.id),
    of(tenantPackages, named(tenantPackages.nameZh, tenantPackages.nameEn), tenantPackages.id),
    of(balanceAdjustments, balanceAdjustments.adjustmentNo, balanceAdjustments.id),
    of(coupons, coupons.couponNo, coupons.id),
    of(manualRecharges, manualRecharges.rechargeNo, manualRecharges.id),
    of(voucherIssues, voucherIssues.batchNo, voucherIssues.id),
    sql`select ${verifications.id} as id, ${users.account} as name from ${verifications}
      join ${users} on ${users.id} = ${verifications.userId} where ${inArray(verifications.id, ids)}`,
  ];
  const rows = rowsOf<{ id: string; name: string | null }>(
    await tx.execute(sql.join(parts, sql` union all `)),
  );
  return new Map(rows.filter((r) => r.name !== null).map((r) => [r.id, r.name!]));
}
