// Issue 11 §1, the finding as it was found: a member of the built-in read-only member group renewed
// a disk for 36 months, switched auto-renew on, created a top-up and redeemed a voucher. Each is
// refused now and changes nothing, while the cost-centre administrator set still does them all;
// and a custom set that allowed renewing before still does after migration 0016_write_codes.
import { readFileSync } from "node:fs";
import type { OrderDetail } from "@skyledger/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topUps } from "../src/modules/finance/finance.schema";
import { permissionSets } from "../src/modules/iam/iam.schema";
import { cashVouchers } from "../src/modules/ledger/ledger.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { countRows, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, builtInGroup, createSubUser, orgIdOf } from "./support/iam";
import { cashOf, idem, ledgerFingerprint } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let tenant: Awaited<ReturnType<typeof verifiedTenant>>;
let hostId: string;
let projectId: string;

/** A sub-user of the tenant in the built-in group `groupKey`, or holding the custom set `setId`. */
async function member(grant: { groupKey: string } | { setId: string }): Promise<TestClient> {
  const groups = "groupKey" in grant ? [await builtInGroup(t, tenant.orgId, grant.groupKey)] : [];
  if ("setId" in grant) {
    // A group of its own granting the custom set, as an administrator would set it up.
    const group = await tenant.client.request<{ id: string }>("/api/res/user_group", {
      method: "POST",
      body: {
        name: `G${unique()}`,
        description: "",
        parentId: null,
        permissionSetIds: [grant.setId],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    groups.push(group.body.data.id);
  }
  const user = await createSubUser(tenant.client, groups);
  // A member of the host's project: the host lies in their data scope.
  const joined = await tenant.client.request(`/api/res/projects/${projectId}/members`, {
    method: "POST",
    body: { userSids: [user.userSid] },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return signedIn(t.app, t.clock, user);
}

async function voucherCode(): Promise<string> {
  const now = t.clock.now().getTime();
  const res = await operator.request<{ vouchers: { code: string }[] }>("/api/ops/cash_vouchers", {
    method: "POST",
    body: {
      kind: "topup",
      faceValue: "50",
      count: 1,
      validFrom: new Date(now - 3_600_000).toISOString(),
      validUntil: new Date(now + 10 * 86_400_000).toISOString(),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.vouchers[0]!.code;
}

/** The four actions of the finding, as `client`. */
async function finding(client: TestClient, code: string) {
  return {
    renew: await client.request("/api/renew", {
      method: "POST",
      body: { resourceIds: [hostId], periodMonths: 36 },
      headers: idem(),
    }),
    autoRenew: await client.request(`/api/renew/${hostId}/auto`, {
      method: "PUT",
      body: { autoRenew: true },
    }),
    topUp: await client.request("/api/online_recharge/create", {
      method: "POST",
      body: { amount: "1800", channel: "sandbox" },
      headers: idem(),
    }),
    redeem: await client.request("/api/cashCoupons/redeem", {
      method: "POST",
      body: { code },
      headers: idem(),
    }),
  };
}

beforeAll(async () => {
  // The top-up of the finding goes through the sandbox gateway, off unless configured.
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const product = await hostProduct(operator);
  tenant = await verifiedTenant(t, operator, "20000");
  answerStepUps(t, tenant.client, tenant.tenant.mobile);
  const project = await tenant.client.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: `Lab${unique()}`, description: "", contact: "Alice", phone: "13912345678" },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(200);
  projectId = project.body.data.projectId;
  const order = await apply(tenant.client, applyBody(product, { projectId }));
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  await advance(t, 45);
  tenant.client = answerStepUps(t, await signedIn(t.app, t.clock, tenant.tenant), tenant.tenant.mobile);
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const detail = await tenant.client.request<OrderDetail>(`/api/orders/${order.body.data.id}`);
  hostId = detail.body.data.resourceIds[0]!;
  expect(await orgIdOf(t, tenant.tenant.userSid)).toBe(tenant.orgId);
});
afterAll(() => t.close());

describe("a member of the built-in read-only member group", () => {
  it("sees the cost centre but cannot renew, switch auto-renew, top up or redeem, and nothing changes", async () => {
    const reader = await member({ groupKey: "readOnlyMember" });
    expect((await reader.request("/api/products/resources")).status).toBe(200);
    expect((await reader.request("/api/orders")).status).toBe(200);
    expect((await reader.request("/api/cashCoupons")).status).toBe(200);
    const code = await voucherCode();
    const [before] = await t.database.db.select().from(resources).where(eq(resources.id, hostId));
    const ledger = await ledgerFingerprint(t.database.db);
    const pending = await countRows(t, topUps);

    const answers = await finding(reader, code);
    for (const [action, res] of Object.entries(answers)) {
      expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.message, action).toBe("No permission to operate");
    }

    const [after] = await t.database.db.select().from(resources).where(eq(resources.id, hostId));
    expect(after?.expiresAt).toEqual(before?.expiresAt);
    expect(after?.autoRenew).toBe(before?.autoRenew);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledger);
    expect(await countRows(t, topUps)).toBe(pending);
    const [voucher] = await t.database.db.select().from(cashVouchers).where(eq(cashVouchers.code, code));
    expect(voucher?.orgId).toBeNull();
  });
});

describe("a holder of the built-in cost-centre administrator set", () => {
  it("still renews, switches auto-renew, tops up and redeems", async () => {
    const admin = await member({ setId: "builtin:costCentreAdmin" });
    const cash = await cashOf(t.database.db, tenant.orgId);
    const answers = await finding(admin, await voucherCode());
    for (const [action, res] of Object.entries(answers))
      expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(await cashOf(t.database.db, tenant.orgId)).toBeLessThan(cash);
  });
});

describe("migration 0016_write_codes", () => {
  it("gives custom sets the management code of each route code they held, so their holders keep renewing", async () => {
    // A custom set as it was written before the split: renewal management, coupons, account details.
    const setId = "00000000-0000-4000-8000-00000000c0de";
    await t.database.db.insert(permissionSets).values({
      id: setId,
      name: "Old renewals",
      orgId: tenant.orgId,
      codes: ["CA", "CC07", "CC08", "CD"],
      createdAt: t.clock.now(),
    });
    const holder = await member({ setId });
    const renew = () =>
      holder.request("/api/renew", {
        method: "POST",
        body: { resourceIds: [hostId], periodMonths: 1 },
        headers: idem(),
      });
    expect((await renew()).status).toBe(403);

    const migration = readFileSync(
      new URL("../src/migrations/0016_write_codes.sql", import.meta.url),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint"))
      await t.database.db.execute(sql.raw(statement));
    // Run twice, as a repeated start would: nothing is added twice.
    for (const statement of migration.split("--> statement-breakpoint"))
      await t.database.db.execute(sql.raw(statement));

    const [row] = await t.database.db.select().from(permissionSets).where(eq(permissionSets.id, setId));
    expect(row?.codes).toEqual(["CA", "CC07", "CC08", "CD", "CC0201", "CC0801", "CD01"]);
    const [builtIn] = await t.database.db
      .select()
      .from(permissionSets)
      .where(eq(permissionSets.id, "builtin:costCentreReadOnly"));
    expect(builtIn?.codes).not.toContain("CC0801");

    // The holder's cached permissions are reloaded within seconds, as after any change of codes.
    t.clock.advance(10_000);
    const renewed = await renew();
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
  });
});
