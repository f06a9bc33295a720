// Relational databases on the simulator (issue 16 item 4): the demo's `rds-standard` product is
// quoted with its class's base plus its storage, bought prepaid through the order path (charged
// once), made available with a connection said to be simulated; a password reset answers a new
// password once, seals it at rest and writes its audit row; a choice the product does not sell is
// refused in both languages; at the end of its term it is frozen with its login locked, unlocked
// once renewed; unsubscribing releases it and its connection is gone.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rdsInstances } from "../src/modules/rds/rds.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps } from "./support/iam";
import { idem } from "./support/money";
import { advance, apply, unsubscribe, verifiedTenant } from "./support/orders";
import { databaseOf, listDatabases, orderedDatabase, rdsOrder, resetPassword } from "./support/rds";

let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let dbId: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  // A reset is a new way into the database: the demo settings ask for SMS step-up first.
  answerStepUps(t, owner.client, owner.tenant.mobile);
});
afterAll(() => t.close());

describe("buying a database", () => {
  it("is quoted as the class's base plus its storage", async () => {
    const quote = await owner.client.request<{ amount: string; dimension: string }>(
      "/api/billing/inquiry/price",
      {
        method: "POST",
        body: {
          productCode: "rds-standard",
          spec: rdsOrder().spec,
          quantity: 1,
          paymentType: "prepaid",
          periodMonths: 1,
        },
      },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // 260 + 20 GB × 0.8 = 276 a month.
    expect(quote.body.data).toMatchObject({ dimension: "class:s2m4", amount: "276.00000" });
  });

  it("refuses storage off the 10 GB steps, an unknown class or engine, in both languages", async () => {
    for (const spec of [
      { engine: "postgresql", flavorId: "s2m4", sizeGb: 25 },
      { engine: "postgresql", flavorId: "s2m4", sizeGb: 510 },
      { engine: "postgresql", flavorId: "huge", sizeGb: 20 },
    ]) {
      const res = await apply(owner.client, { ...rdsOrder(), spec });
      expect(res.status).toBe(400);
      expect(res.body.code, JSON.stringify(res.body)).toBe(29401);
    }
    const zh = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: { ...rdsOrder(), spec: { engine: "postgresql", flavorId: "s2m4", sizeGb: 15 } },
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(zh.body.message).toBe("请选择该产品提供的数据库引擎、规格和存储（20到500 GB，以10 GB为步长）");
  });

  it("is charged once and made available with a simulated connection", async () => {
    dbId = await orderedDatabase(t, owner.client, { name: "orders-db" });
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, dbId));
    expect(row).toMatchObject({
      kind: "rds",
      status: "available",
      paymentType: "prepaid",
      providerRef: `rds:${dbId}`,
    });
    const db = await databaseOf(owner.client, dbId);
    expect(db).toMatchObject({
      engine: "postgresql",
      className: "s2m4",
      vcpu: 2,
      memoryGb: 4,
      storageGb: 20,
    });
    expect(db.connection).toMatchObject({ simulated: true, port: 5432, engine: "postgresql" });
    expect(db.connection!.username).toMatch(/^rds_[0-9a-f]{24}$/);
    expect(db.connection!.connectionString).toBe(
      `postgresql://${db.connection!.username}@${db.connection!.host}:5432/${db.connection!.database}`,
    );
    expect(db.expiresAt).not.toBeNull();
    const list = await listDatabases(owner.client);
    expect(list.body.data.list.map((d) => d.id)).toEqual([dbId]);
  });
});

describe("resetting the password", () => {
  it("answers a new password once, seals it at rest and records the reset", async () => {
    const first = await resetPassword(owner.client, dbId);
    const second = await resetPassword(owner.client, dbId);
    expect(first.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(second.password).not.toBe(first.password);
    const [row] = await t.database.db.select().from(rdsInstances).where(eq(rdsInstances.resourceId, dbId));
    expect(row!.passwordSealed.startsWith("v1:")).toBe(true);
    expect(row!.passwordSealed).not.toContain(second.password);
    // The detail never carries it.
    expect(JSON.stringify(await databaseOf(owner.client, dbId))).not.toContain(second.password);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "rds.passwordReset"));
    expect(audits.filter((a) => a.orgId === owner.orgId)).toHaveLength(2);
  });
});

describe("freezing and thawing", () => {
  it("locks the login when the term ends and unlocks it once renewed", async () => {
    expect((await databaseOf(owner.client, dbId)).connection?.loginLocked).toBe(false);
    await advance(t, 32 * 24 * 3600);
    // A month later the session has long expired: the owner signs in again.
    owner.client = answerStepUps(t, await signedIn(t.app, t.clock, owner.tenant), owner.tenant.mobile);
    const frozen = await databaseOf(owner.client, dbId);
    expect(frozen.status).toBe("frozen");
    expect(frozen.connection?.loginLocked).toBe(true);
    const [row] = await t.database.db.select().from(rdsInstances).where(eq(rdsInstances.resourceId, dbId));
    expect(row!.loginEnabled).toBe(false);

    const renewed = await owner.client.request("/api/renew", {
      method: "POST",
      body: { resourceIds: [dbId], periodMonths: 1, align: false },
      headers: idem(),
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    await advance(t, 1);
    const thawed = await databaseOf(owner.client, dbId);
    expect(thawed.status).toBe("available");
    expect(thawed.connection?.loginLocked).toBe(false);
  });
});

describe("unsubscribing", () => {
  it("releases the database; its connection is gone and a reset is refused", async () => {
    const res = await unsubscribe(owner.client, dbId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    const [row] = await t.database.db.select().from(rdsInstances).where(eq(rdsInstances.resourceId, dbId));
    expect(row!.droppedAt).not.toBeNull();
    const reset = await owner.client.request(`/api/res/rds/${dbId}/password`, { method: "POST" });
    expect(reset.status).not.toBe(200);
  });
});
