// Order notices, read from the message outbox (issue 5 "Orders and approvals"): an order waiting for
// a decision or for manual activation is mailed to the platform accounts holding BA07 — through
// their role or a set granted to them — and to nobody else (not a platform account without BA07,
// not a disabled approver, not a tenant); the submitter hears how each order ended: approved and
// completed, rejected, closed, activated and completed.
import { randomUUID } from "node:crypto";
import type { OrderDetail } from "@skyledger/contracts";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE } from "../src/modules/iam/iam.repo";
import { permissionSets, userPermissionSets, users } from "../src/modules/iam/iam.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { addOperator } from "./support/money";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
let oneLevel: string;
let twoLevels: string;
let manual: string;
let approvers: string[];

/** A platform account (no organisation) holding exactly the codes given, through a direct set. */
async function platformUser(codes: string[], status: "enabled" | "disabled" = "enabled"): Promise<string> {
  const now = t.clock.now();
  const id = randomUUID();
  const account = `plat${unique()}`;
  const email = `${account}@skyledger.local`;
  await t.database.db.insert(users).values({
    id,
    account,
    email,
    passwordHash: await hashPassword(DEMO.admin.password),
    realName: "Platform user",
    roleId: ROLE.subUser,
    status,
    loginNotFirst: true,
    pwdChangedAt: now,
    createdAt: now,
  });
  const setId = randomUUID();
  await t.database.db
    .insert(permissionSets)
    .values({ id: setId, name: `Only ${codes.join(" ")} ${unique()}`, codes, createdAt: now });
  await t.database.db.insert(userPermissionSets).values({ userId: id, permissionSetId: setId });
  return email;
}

/** Recipients of the messages of one purpose that name the order, sorted. */
async function recipients(purpose: string, orderNo: string, channel: "email" | "sms" = "email") {
  const rows = await t.database.db
    .select({ recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.purpose, purpose),
        eq(outboxMessages.channel, channel),
        like(outboxMessages.body, `%${orderNo}%`),
      ),
    );
  return rows.map((r) => r.recipient).sort();
}

const decide = (id: string, decision: "approve" | "reject", reason?: string, client = operator) =>
  client.request<OrderDetail>(`/api/audit/approval/${id}`, {
    method: "POST",
    body: { decision, ...(reason ? { reason } : {}) },
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  oneLevel = await hostProduct(operator, { approvalFlow: "oneLevel" });
  twoLevels = await hostProduct(operator, { approvalFlow: "twoLevels" });
  manual = await hostProduct(operator, { manualActivation: true });
  // BA07 holders: the seeded administrator and a second one (by role), and an account granted
  // only BA07. Not holders: an account with BA04 only, a disabled account with BA07.
  const second = await addOperator(t);
  const onlyApprover = await platformUser(["BA07"]);
  await platformUser(["BA04"]);
  await platformUser(["BA07"], "disabled");
  approvers = ["admin@skyledger.local", `${second.account}@skyledger.local`, onlyApprover].sort();
});
afterAll(() => t.close());

describe("approvers", () => {
  it("are mailed each order waiting for approval, and nobody else is", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    expect(res.body.data.status).toBe("approving");
    expect(await recipients("order.approval", res.body.data.orderNo)).toEqual(approvers);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.purpose, "order.approval"), eq(outboxMessages.recipient, approvers[0]!)));
    expect(mail!.subject).toContain(res.body.data.orderNo);
    expect(mail!.body).toContain("awaits level 1 approval");
  });

  it("are mailed again for the second level of a two-level order, but not the first level's approver", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(twoLevels));
    await decide(res.body.data.id, "approve");
    const rows = await t.database.db
      .select({ recipient: outboxMessages.recipient, body: outboxMessages.body })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.purpose, "order.approval"),
          like(outboxMessages.body, `%${res.body.data.orderNo}%awaits level 2%`),
        ),
      );
    expect(rows.map((r) => r.recipient).sort()).toEqual(
      approvers.filter((a) => a !== "admin@skyledger.local"),
    );
  });

  it("are mailed an order waiting for manual activation, and nobody else is", async () => {
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    expect(res.body.data.awaitingActivation).toBe(true);
    expect(await recipients("order.activation", res.body.data.orderNo)).toEqual(approvers);
    expect(await recipients("order.approval", res.body.data.orderNo)).toEqual([]);
    await operator.request(`/api/audit/approval/${res.body.data.id}/close`, {
      method: "POST",
      body: { reason: "Test order" },
    });
  });

  it("are not mailed for an order that needs neither", async () => {
    const plain = await hostProduct(operator);
    const { client } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(plain));
    await advance(t, 45);
    expect(await recipients("order.approval", res.body.data.orderNo)).toEqual([]);
    expect(await recipients("order.activation", res.body.data.orderNo)).toEqual([]);
  });
});

describe("the submitter", () => {
  it("hears that an approved order is ready, by e-mail and SMS", async () => {
    const { client, tenant } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    await decide(res.body.data.id, "approve");
    expect(await recipients("order.completed", res.body.data.orderNo)).toEqual([]);
    await advance(t, 45);
    expect(await recipients("order.completed", res.body.data.orderNo)).toEqual([tenant.email]);
    expect(await recipients("order.completed", res.body.data.orderNo, "sms")).toEqual([tenant.mobile]);
  });

  it("hears of a rejection with its reason", async () => {
    const { client, tenant } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(oneLevel));
    await decide(res.body.data.id, "reject", "The region is full");
    expect(await recipients("order.rejected", res.body.data.orderNo)).toEqual([tenant.email]);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.purpose, "order.rejected"), eq(outboxMessages.recipient, tenant.email)));
    expect(mail!.body).toContain("was refused at approval; the amount paid was refunded in full");
    expect(mail!.body).toContain("Reason: The region is full");
  });

  it("hears that a closed order was refunded, with the reason", async () => {
    const { client, tenant } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    const closed = await operator.request<OrderDetail>(`/api/audit/approval/${res.body.data.id}/close`, {
      method: "POST",
      body: { reason: "No dedicated rack left" },
    });
    expect(closed.body.data.status).toBe("terminated");
    expect(await recipients("order.closed", res.body.data.orderNo)).toEqual([tenant.email]);
    expect(await recipients("order.closed", res.body.data.orderNo, "sms")).toEqual([tenant.mobile]);
    const [mail] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.purpose, "order.closed"), eq(outboxMessages.recipient, tenant.email)));
    expect(mail!.body).toContain("was closed by an administrator; the amount paid was refunded in full");
    expect(mail!.body).toContain("Reason: No dedicated rack left");
    expect(await recipients("order.completed", res.body.data.orderNo)).toEqual([]);
  });

  it("hears that an activated order is ready, only once it is", async () => {
    const { client, tenant } = await verifiedTenant(t, operator);
    const res = await apply(client, applyBody(manual));
    await advance(t, 45);
    expect(await recipients("order.completed", res.body.data.orderNo)).toEqual([]);
    await operator.request(`/api/audit/approval/${res.body.data.id}/activate`, { method: "POST", body: {} });
    await advance(t, 45);
    expect((await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data.status).toBe(
      "completed",
    );
    expect(await recipients("order.completed", res.body.data.orderNo)).toEqual([tenant.email]);
  });
});
