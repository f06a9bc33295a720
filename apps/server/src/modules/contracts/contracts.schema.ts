// Contracts of tenants (issue 17 item 2, decision 0029): the credit line and discounts an operator
// grants a tenant for a period. Money in bigint units of 0.00001 yuan.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { storedFiles } from "../../platform/blobs/blobs.schema";
import { organizations } from "../iam/iam.schema";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const money = (name: string) => bigint(name, { mode: "bigint" });

/** One discount rule: the share paid in hundredths (85 = pay 85 %) for a product or a category, by code. */
export type ContractDiscountRow = { target: "product" | "category"; code: string; hundredths: number };

export const contracts = pgTable(
  "contracts",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    contractNo: text("contract_no").notNull().unique(),
    amount: money("amount").notNull(),
    creditLimit: money("credit_limit").notNull(),
    /** The signing date as written on the paper, YYYY-MM-DD. */
    signedOn: text("signed_on").notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    discounts: jsonb("discounts").$type<ContractDiscountRow[]>().notNull(),
    /**
     * active: not ended (not started yet or in execution, by the dates); expired: the lifecycle step
     * saw its end; terminated: an operator ended it early.
     */
    status: text("status", { enum: ["active", "expired", "terminated"] }).notNull(),
    /** Its credit is counted in the tenant's contract credit (the step sets it at the start, clears it at the end). */
    creditApplied: boolean("credit_applied").notNull().default(false),
    fileId: text("file_id")
      .notNull()
      .references(() => storedFiles.id),
    terminatedAt: ts("terminated_at"),
    terminationReason: text("termination_reason"),
    terminatedBy: text("terminated_by"),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("contracts_org_created").on(t.orgId, t.createdAt),
    index("contracts_active_ends").on(t.status, t.endsAt),
    check("contracts_end_not_before_start", sql`${t.endsAt} >= ${t.startsAt}`),
    check("contracts_money_not_negative", sql`${t.amount} >= 0 and ${t.creditLimit} >= 0`),
  ],
);
