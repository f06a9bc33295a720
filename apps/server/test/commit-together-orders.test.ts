// Issue 12 §2 for orders: an approval decision, its audit row and its notices commit together. A
// trigger makes the database refuse the audit row (or the notice) of one decision, i.e. a failure
// after the business write and before the commit: the call fails and nothing of it is left — the
// order still awaits approval, no money moved, no audit row, no notice. Without the trigger the
// same decision succeeds with all three. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type { OrderDetail } from "@skyledger/contracts";
import { and, eq, like, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { addOperator, cashOf, ledgerFingerprint, y } from "./support/money";
import { apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let manual: string;
let twoLevels: string;

const decide = (id: string, decision: "approve" | "reject", reason?: string) =>
  operator.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision, ...(reason ? { reason } : {}) },
  });

/** Makes the database raise on inserting a row of `table` that matches `when` (a trigger condition). */
async function failOn(table: "audit_logs" | "outbox_messages", when: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create or replace function inject_failure() returns trigger language plpgsql as $$
      begin raise exception 'injected failure before commit'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger inject_failure before insert on ${table} for each row when (${when})
      execute function inject_failure()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger inject_failure on ${table}`));
    await db.execute(sql.raw("drop function inject_failure()"));
  };
}

const orderRow = async (id: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = async (id: string) =>
  (await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => e.action);
const resourcesOf = (id: string) => t.database.db.select().from(resources).where(eq(resources.orderId, id));
/** Every e-mail or SMS that names the order, whatever its purpose. */
const noticesAbout = (orderNo: string, purposes: string[]) =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        or(...purposes.map((p) => eq(outboxMessages.purpose, p))),
        like(outboxMessages.body, `%${orderNo}%`),
      ),
    );

beforeAll(async () => {
  t = await startTestApp();
  t.expectErrorLog(/injected failure before commit/);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  // A second approver, who hears of an order passed at level 1 by the first.
  await addOperator(t);
  manual = await hostProduct(operator, { approvalFlow: "oneLevel", manualActivation: true });
  twoLevels = await hostProduct(operator, { approvalFlow: "twoLevels" });
});
afterAll(() => t.close());

describe("an order approval commits with its audit row and its notice", () => {
  it("leaves the order awaiting approval when its audit row cannot be written, then approves it", async () => {
    const { client } = await verifiedTenant(t, operator);
    const order = (await apply(client, applyBody(manual))).body.data;
    expect(order.status).toBe("approving");
    const ledger = await ledgerFingerprint(t.database.db);

    const restore = await failOn("audit_logs", "NEW.action = 'order.approved'");
    const failed = await decide(order.id, "approve");
    await restore();
    expect(failed.status).toBe(500);
    expect(await orderRow(order.id)).toMatchObject({ status: "approving", approvalLevel: "audit_executing" });
    expect(await eventsOf(order.id)).not.toContain("approved");
    expect(await auditRows(t, "order.approved", order.orderNo)).toHaveLength(0);
    expect(await noticesAbout(order.orderNo, ["order.activation"])).toHaveLength(0);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);

    const approved = await decide(order.id, "approve");
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    expect(await auditRows(t, "order.approved", order.orderNo)).toHaveLength(1);
    expect(await noticesAbout(order.orderNo, ["order.activation"])).not.toHaveLength(0);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);
  });

  it("leaves the order at level 1 when the approvers' notice cannot be queued, then passes it", async () => {
    const { client } = await verifiedTenant(t, operator);
    const order = (await apply(client, applyBody(twoLevels))).body.data;
    const mailsBefore = (await noticesAbout(order.orderNo, ["order.approval"])).length;
    const ledger = await ledgerFingerprint(t.database.db);

    const restore = await failOn("outbox_messages", "NEW.purpose = 'order.approval'");
    const failed = await decide(order.id, "approve");
    await restore();
    expect(failed.status).toBe(500);
    expect(await orderRow(order.id)).toMatchObject({ status: "approving", approvalLevel: "audit_executing" });
    expect(await auditRows(t, "order.approved", order.orderNo)).toHaveLength(0);
    expect(await noticesAbout(order.orderNo, ["order.approval"])).toHaveLength(mailsBefore);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);

    const passed = await decide(order.id, "approve");
    expect(passed.body.data).toMatchObject({ status: "approving", approvalLevel: "lev1_passed" });
    expect(await auditRows(t, "order.approved", order.orderNo)).toHaveLength(1);
    expect((await noticesAbout(order.orderNo, ["order.approval"])).length).toBeGreaterThan(mailsBefore);
  });

  it("refunds nothing when a refusal's audit row cannot be written, then refunds it in full", async () => {
    const { client, orgId } = await verifiedTenant(t, operator);
    const order = (await apply(client, applyBody(manual))).body.data;
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    const ledger = await ledgerFingerprint(t.database.db);

    const restore = await failOn("audit_logs", "NEW.action = 'order.rejected'");
    const failed = await decide(order.id, "reject", "Not for this region");
    await restore();
    expect(failed.status).toBe(500);
    expect(await orderRow(order.id)).toMatchObject({ status: "approving", refunded: 0n });
    expect(await cashOf(t.database.db, orgId)).toBe(y("690"));
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);
    expect(await auditRows(t, "order.rejected", order.orderNo)).toHaveLength(0);
    expect(await noticesAbout(order.orderNo, ["order.rejected"])).toHaveLength(0);

    const refused = await decide(order.id, "reject", "Not for this region");
    expect(refused.body.data).toMatchObject({ status: "rejected", refunded: "310.00000" });
    expect(await cashOf(t.database.db, orgId)).toBe(y("1000"));
    expect(await auditRows(t, "order.rejected", order.orderNo)).toHaveLength(1);
    expect(await noticesAbout(order.orderNo, ["order.rejected"])).not.toHaveLength(0);
  });

  it("never provisions an approval that rolled back", async () => {
    const { client } = await verifiedTenant(t, operator);
    const oneLevel = await hostProduct(operator, { approvalFlow: "oneLevel" });
    const order = (await apply(client, applyBody(oneLevel))).body.data;
    const restore = await failOn("audit_logs", "NEW.action = 'order.approved'");
    const failed = await decide(order.id, "approve");
    await restore();
    expect(failed.status).toBe(500);
    await t.app.services.idle();
    await t.app.services.tick();
    expect(await resourcesOf(order.id)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe("approving");
  });
});
