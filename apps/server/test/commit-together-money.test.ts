// A money movement, its audit row and its notice commit together or not at all (issue 12 §2): a
// failure injected after the business write and before commit — a trigger that refuses the
// action's audit row — leaves no balance change, no journal entry, no audit row and no outbox row;
// without the trigger the same action succeeds with all of them. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceAdjustments, topUps } from "../src/modules/finance/finance.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator, cashOf, DEMO_ORG, idem, ledgerFingerprint, y } from "./support/money";

let t: TestApp;
let tenant: TestClient;
let admin: TestClient;
let second: TestClient;

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  const op = await addOperator(t);
  [tenant, admin, second] = await Promise.all([
    signedIn(t.app, t.clock, DEMO.tenant),
    signedIn(t.app, t.clock, DEMO.admin),
    signedIn(t.app, t.clock, op),
  ]);
  // The tenant's accounts exist from its first look at its balance on.
  expect((await tenant.request("/api/billing_account")).status).toBe(200);
  await t.database.db.execute(sql`
    create function inject_audit_failure() returns trigger language plpgsql as $$
    begin
      raise exception 'injected failure before commit (%)', NEW.action;
    end $$`);
});
afterAll(() => t.close());

/** Refuses every audit row of `action` until the returned function drops the trigger. */
async function failAuditOf(action: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  await db.execute(
    sql.raw(`create trigger inject_failure before insert on audit_logs for each row
      when (NEW.action = '${action}') execute function inject_audit_failure()`),
  );
  return async () => {
    await db.execute(sql`drop trigger inject_failure on audit_logs`);
  };
}

async function auditRows(action: string, target: string) {
  return t.database.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)));
}

async function outboxCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages);
  return row!.n;
}

/** Everything a money movement could leave behind: balances and journal, audit rows, notices. */
async function state() {
  return {
    ledger: await ledgerFingerprint(t.database.db),
    cash: await cashOf(t.database.db, DEMO_ORG),
    audit: (await t.database.db.select({ id: auditLogs.id }).from(auditLogs)).length,
    outbox: await outboxCount(),
  };
}

describe("a top-up credited by a payment notification", () => {
  it("credits nothing when its audit row cannot be written, and everything once it can", async () => {
    // The refused credit is logged at error level and kept for operators (payment failures).
    t.expectErrorLog(/payment notification could not be applied/);
    const created = await tenant.request<{ rechargeNo: string; payUrl: string }>(
      "/api/online_recharge/create",
      { method: "POST", body: { amount: "88", channel: "sandbox" }, headers: idem() },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { rechargeNo, payUrl } = created.body.data;
    const token = new URL(payUrl, "http://localhost").searchParams.get("token");
    const before = await state();

    const restore = await failAuditOf("topup.credited");
    try {
      // The payer pays; the gateway's signed notification arrives and is applied in one transaction.
      const paid = await t.app.inject({
        method: "POST",
        url: `/gateway/sandbox/pay/${rechargeNo}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `decision=paid&token=${token}`,
      });
      expect(paid.statusCode).toBe(303);
      await t.app.finance.idle();
    } finally {
      await restore();
    }
    const [pending] = await t.database.db.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo));
    expect(pending).toMatchObject({ status: "pending", entryId: null, paidAt: null });
    expect(await auditRows("topup.credited", rechargeNo)).toEqual([]);
    const after = await state();
    // Nothing moved and nothing was queued; only the failure record for operators exists.
    expect(after).toEqual(before);

    // The cause is gone: the operator retries the kept notification, which now credits.
    const failures = await admin.request<{ list: { id: string; rechargeNo: string; reason: string }[] }>(
      "/api/ops/payment_failures",
      { query: { status: "open" } },
    );
    const failure = failures.body.data.list.find((f) => f.rechargeNo === rechargeNo);
    expect(failure).toMatchObject({ reason: "apply_error" });
    const retried = await admin.request<{ outcome: string }>(
      `/api/ops/payment_failures/${failure!.id}/retry`,
      {
        method: "POST",
        body: {},
      },
    );
    // The credit, its audit row and the failure's resolution (with its own) are one transaction.
    expect(retried.body.data).toMatchObject({ outcome: "credited", failure: { status: "resolved" } });
    expect(await auditRows("paymentFailure.resolved", rechargeNo)).toHaveLength(1);
    const [credited] = await t.database.db.select().from(topUps).where(eq(topUps.rechargeNo, rechargeNo));
    expect(credited?.status).toBe("success");
    expect(credited?.entryId).not.toBeNull();
    expect(await cashOf(t.database.db, DEMO_ORG)).toBe(before.cash + y("88"));
    expect(await ledgerFingerprint(t.database.db)).not.toBe(before.ledger);
    expect(await auditRows("topup.credited", rechargeNo)).toHaveLength(1);
    // A top-up sends no notice: the outbox is as it was.
    expect(await outboxCount()).toBe(before.outbox);
  });
});

describe("an operator's balance adjustment", () => {
  const adjust = (amount: string, reason: string) =>
    admin.request<{ id: string; status: string }>("/api/ops/adjustments", {
      method: "POST",
      body: { orgId: DEMO_ORG, amount, reason },
      headers: idem(),
    });
  const adjustmentsWith = (reason: string) =>
    t.database.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.reason, reason));

  it("applied at once: nothing is recorded or moved when its audit row fails, all of it once it does not", async () => {
    t.expectErrorLog(/injected failure before commit/);
    const reason = "commit-together: goodwill credit";
    const before = await state();
    const restore = await failAuditOf("adjustment.applied");
    let refused: Awaited<ReturnType<typeof adjust>>;
    try {
      refused = await adjust("66", reason);
    } finally {
      await restore();
    }
    expect(refused.status).toBe(500);
    expect(await adjustmentsWith(reason)).toEqual([]);
    expect(await state()).toEqual(before);

    const applied = await adjust("66", reason);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data.status).toBe("applied");
    const [row] = await adjustmentsWith(reason);
    expect(row?.entryId).not.toBeNull();
    expect(await cashOf(t.database.db, DEMO_ORG)).toBe(before.cash + y("66"));
    expect(await auditRows("adjustment.applied", applied.body.data.id)).toHaveLength(1);
    expect(await outboxCount()).toBe(before.outbox);
  });

  it("above the four-eyes threshold: a failed approval leaves it pending with no money moved", async () => {
    t.expectErrorLog(/injected failure before commit/);
    const reason = "commit-together: large correction";
    // Above the configured threshold (10000 yuan by default): it waits for a second operator.
    const requested = await adjust("12000", reason);
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body.data.status).toBe("pending_approval");
    const id = requested.body.data.id;
    const before = await state();

    const restore = await failAuditOf("adjustment.approved");
    let refused: Awaited<ReturnType<typeof second.request>>;
    try {
      refused = await second.request(`/api/ops/adjustments/${id}/approve`, {
        method: "POST",
        body: { remark: "checked" },
      });
    } finally {
      await restore();
    }
    expect(refused.status).toBe(500);
    const [pending] = await adjustmentsWith(reason);
    expect(pending).toMatchObject({ status: "pending_approval", entryId: null, decidedBy: null });
    expect(await auditRows("adjustment.approved", id)).toEqual([]);
    expect(await state()).toEqual(before);

    const approved = await second.request<{ status: string }>(`/api/ops/adjustments/${id}/approve`, {
      method: "POST",
      body: { remark: "checked" },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe("applied");
    const [applied] = await adjustmentsWith(reason);
    expect(applied?.entryId).not.toBeNull();
    expect(await cashOf(t.database.db, DEMO_ORG)).toBe(before.cash + y("12000"));
    expect(await auditRows("adjustment.approved", id)).toHaveLength(1);
    expect(await outboxCount()).toBe(before.outbox);
  });
});
