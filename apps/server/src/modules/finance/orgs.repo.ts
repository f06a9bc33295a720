// Tenant organisations as the money side reads them: whether one exists, and the operators' list.
import { count, desc, ilike } from "drizzle-orm";
import type { Tx } from "../../platform/db/client";
import { containsPattern } from "../../platform/db/like";
import { organizations } from "../iam/iam.schema";

/** Names containing `keyword` literally (`%` and `_` match themselves); every one without it. */
const nameContains = (keyword: string | undefined) =>
  keyword ? ilike(organizations.name, containsPattern(keyword)) : undefined;

export function orgsPage(tx: Tx, keyword: string | undefined, limit: number, offset: number) {
  return tx
    .select()
    .from(organizations)
    .where(nameContains(keyword))
    .orderBy(desc(organizations.createdAt))
    .limit(limit)
    .offset(offset);
}

export function orgsCount(tx: Tx, keyword: string | undefined) {
  return tx.select({ n: count() }).from(organizations).where(nameContains(keyword));
}
