// Users of a tenant (page `user`, resource API `subuser`): creation with a chosen or generated
// password, first-login change, exact permissions, status, unlock, reset, delete, groups, direct
// permission sets, read-only administrators, tenant isolation and the audit trail.
import { checkPassword, DEFAULT_PASSWORD_POLICY } from "@skyledger/contracts";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../src/modules/auth/auth.schema";
import { userGroupMembers, userPermissionSets, users } from "../src/modules/iam/iam.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import {
  answerStepUps,
  auditRows,
  builtInGroup,
  createGroup,
  createSubUser,
  DEMO_ORG_ID,
  DEMO_TENANT_ID,
  DEMO_TENANT_MOBILE,
  orgIdOf,
  permissionsOf,
  signedInSubUser,
  stepUp,
  subUserForm,
  verifyPhone,
} from "./support/iam";

let t: TestApp;
let admin: TestClient;
let memberGroup: string;

type Detail = {
  account: string;
  status: string;
  locked: boolean;
  groups: { id: string; key: string | null }[];
  directSets: { id: string }[];
  inheritedSets: { id: string; viaGroups: { id: string }[]; viaRole: boolean }[];
  permissions: string[];
  mustChangePassword: boolean;
  createdAt: string;
};

beforeAll(async () => {
  t = await startTestApp();
  // The tenant administrator passes SMS step-up whenever a credential path asks for it.
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
  memberGroup = await builtInGroup(t, DEMO_ORG_ID, "projectMember");
});
afterAll(() => t.close());

const detailOf = async (userSid: string, client = admin) => {
  const res = await client.request<Detail>(`/api/res/subuser/${userSid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("creating a sub-user", () => {
  it("gives exactly the codes of its custom set after the forced first-login change", async () => {
    const set = await admin.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: "Bills-and-users", description: "", codes: ["CC03", "CA", "CH01"], shared: false },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const group = await createGroup(admin, [set.body.data.id]);
    const user = await createSubUser(admin, [group], { resetOnFirstLogin: true });

    const client = new TestClient(t.app, t.clock);
    const login = await client.login(user.account, user.password);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    expect((await client.request("/api/bills")).body.code).toBe(20025);
    const first = await client.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Fresh@2026x", confirmPassword: "Fresh@2026x" },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    expect(await permissionsOf(client)).toEqual(["CA", "CC03", "CH01"]);
    expect((await client.request("/api/bills")).status).toBe(200);
    expect((await client.request("/api/res/subuser")).status).toBe(200);
    for (const [method, url] of [
      ["GET", "/api/deposits"],
      ["GET", "/api/res/polices/codes"],
      ["POST", "/api/res/subuser"],
      ["POST", `/api/res/subuser/${user.userSid}/disable`],
    ] as const) {
      const res = await client.request(url, { method, ...(method === "POST" ? { body: {} } : {}) });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const row = (await detailOf(user.userSid)).account;
    expect(row).toBe(user.account);
  });

  it("answers a generated password once, which meets the policy and must be changed", async () => {
    const res = await admin.request<{ userSid: string; password: string }>("/api/res/subuser", {
      method: "POST",
      body: subUserForm([memberGroup], {
        passwordMode: "generated",
        password: undefined,
        resetOnFirstLogin: undefined,
      }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const password = res.body.data.password;
    expect(checkPassword(password, DEFAULT_PASSWORD_POLICY)).toEqual([]);
    const detail = await detailOf(res.body.data.userSid);
    expect(JSON.stringify(detail)).not.toContain(password);
    expect(detail.mustChangePassword).toBe(true);
    const client = new TestClient(t.app, t.clock);
    const login = await client.login(detail.account, password);
    expect(login.status).toBe(200);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.body.data.userSid));
    expect(row).toMatchObject({ roleId: 202, parentId: DEMO_TENANT_ID, orgId: DEMO_ORG_ID });
  });

  it("refuses taken names, bad input, a weak chosen password and foreign groups, creating nothing", async () => {
    const other = await registerTenant(t, new TestClient(t.app, t.clock));
    const before = await countRows(t, users);
    const cases: [Record<string, unknown>, number, number][] = [
      [{ account: "DemoReader" }, 400, 20010],
      [{ email: "FINANCE@demo-ai-lab.example" }, 400, 20023],
      [{ mobile: "13800000003" }, 400, 20024],
      [{ account: "abc" }, 400, 400],
      [{ account: "1abcd" }, 400, 400],
      [{ realName: "a/b" }, 400, 400],
      [{ email: "not-an-email" }, 400, 400],
      [{ mobile: "12345678901" }, 400, 400],
      [{ groupIds: [] }, 400, 400],
      [{ password: "short1!" }, 400, 20016],
      [{ password: undefined }, 400, 400],
      [{ groupIds: [await builtInGroup(t, await orgIdOf(t, other.userSid), "projectMember")] }, 404, 404],
    ];
    for (const [override, status, code] of cases) {
      const res = await admin.request("/api/res/subuser", {
        method: "POST",
        body: subUserForm([memberGroup], override),
      });
      expect(res.status, JSON.stringify(override)).toBe(status);
      expect(res.body.code, JSON.stringify(override)).toBe(code);
    }
    expect(await countRows(t, users)).toBe(before);
  });
});

describe("the user list", () => {
  it("pages the organisation's users with groups, status, lock and registration time, and filters", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const all = await admin.request<{
      list: { account: string; createdAt: string; groups: unknown[] }[];
      total: number;
    }>("/api/res/subuser", { query: { pageSize: 200 } });
    expect(all.status).toBe(200);
    const accounts = all.body.data.list.map((u) => u.account);
    expect(accounts).toEqual(expect.arrayContaining(["demotenant", "demoreader", user.account]));
    expect(all.body.data.total).toBe(all.body.data.list.length);
    const mine = all.body.data.list.find((u) => u.account === user.account)!;
    expect(mine.createdAt).toBe(t.clock.now().toISOString());
    expect(mine.groups).toEqual([
      expect.objectContaining({ id: memberGroup, key: "projectMember", builtIn: true }),
    ]);

    const byKeyword = await admin.request<{ list: { account: string }[] }>("/api/res/subuser", {
      query: { keyword: user.email.toUpperCase() },
    });
    expect(byKeyword.body.data.list.map((u) => u.account)).toEqual([user.account]);
    const byGroup = await admin.request<{ list: { account: string }[] }>("/api/res/subuser", {
      query: { groupId: await builtInGroup(t, DEMO_ORG_ID, "administrator") },
    });
    expect(byGroup.body.data.list.map((u) => u.account)).toEqual(["demotenant"]);
    await admin.request(`/api/res/subuser/${user.userSid}/disable`, { method: "POST", body: {} });
    const disabled = await admin.request<{ list: { account: string }[] }>("/api/res/subuser", {
      query: { status: "disabled" },
    });
    expect(disabled.body.data.list.map((u) => u.account)).toEqual([user.account]);
  });
});

describe("status, unlock, reset and delete", () => {
  it("ends a disabled user's session at once and lets them back in once enabled", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const client = await signedIn(t.app, t.clock, user);
    expect((await client.request("/api/users/token")).status).toBe(200);
    const res = await admin.request(`/api/res/subuser/${user.userSid}/disable`, { method: "POST", body: {} });
    expect(res.status).toBe(200);
    expect((await client.request("/api/users/token")).status).toBe(401);
    expect((await new TestClient(t.app, t.clock).login(user.account, user.password)).body.code).toBe(20003);
    expect((await detailOf(user.userSid)).status).toBe("disabled");

    await admin.request(`/api/res/subuser/${user.userSid}/enable`, { method: "POST", body: {} });
    expect((await new TestClient(t.app, t.clock).login(user.account, user.password)).status).toBe(200);
    for (const action of ["user.disabled", "user.enabled"]) {
      const [row] = await auditRows(t, action, user.userSid);
      expect(row).toMatchObject({ actorId: DEMO_TENANT_ID, orgId: DEMO_ORG_ID, ip: "127.0.0.1" });
    }
  });

  it("unlocks a user locked by failed sign-ins", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const visitor = new TestClient(t.app, t.clock);
    for (let i = 0; i < 5; i++) await visitor.login(user.account, "Wrong@2026x");
    expect((await visitor.login(user.account, user.password)).body.code).toBe(20002);
    expect((await detailOf(user.userSid)).locked).toBe(true);
    const res = await admin.request(`/api/res/subuser/${user.userSid}/unlock`, { method: "POST", body: {} });
    expect(res.status).toBe(200);
    expect((await detailOf(user.userSid)).locked).toBe(false);
    expect((await visitor.login(user.account, user.password)).status).toBe(200);
    expect(await auditRows(t, "user.unlocked", user.userSid)).toHaveLength(1);
  });

  it("resets a password after SMS step-up: shown once, sent by SMS, sessions end, change forced", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const client = await signedIn(t.app, t.clock, user);
    // The temporary password goes only to a phone its owner confirmed.
    await verifyPhone(t, client, user.mobile);
    const url = `/api/res/subuser/${user.userSid}/reset_password`;
    const fresh = await signedIn(t.app, t.clock, DEMO.tenant);
    expect((await fresh.request(url, { method: "POST", body: {} })).status).toBe(406);
    await stepUp(t, fresh, DEMO_TENANT_MOBILE);
    const res = await fresh.request<{ password: string; smsSent: boolean }>(url, {
      method: "POST",
      body: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.smsSent).toBe(true);
    expect((await client.request("/api/users/token")).status).toBe(401);
    const [sms] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, user.mobile))
      .orderBy(desc(outboxMessages.createdAt));
    expect(sms?.body).toContain(res.body.data.password);
    const again = new TestClient(t.app, t.clock);
    expect((await again.login(user.account, user.password)).body.code).toBe(20001);
    const login = await again.login(user.account, res.body.data.password);
    expect(login.body.data.loginNotFirstFlag).toBe(false);
    expect(await auditRows(t, "user.passwordReset", user.userSid)).toHaveLength(1);
  });

  it("deletes a user after SMS step-up: sessions and memberships go, audit rows stay", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const client = await signedIn(t.app, t.clock, user);
    const fresh = await signedIn(t.app, t.clock, DEMO.tenant);
    await stepUp(t, fresh, DEMO_TENANT_MOBILE);
    const res = await fresh.request(`/api/res/subuser/${user.userSid}`, { method: "DELETE" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await client.request("/api/users/token")).status).toBe(401);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userSid))).toEqual([]);
    expect(
      await t.database.db.select().from(userGroupMembers).where(eq(userGroupMembers.userId, user.userSid)),
    ).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userSid))).toEqual([]);
    expect(await auditRows(t, "user.created", user.userSid)).toHaveLength(1);
    const [deleted] = await auditRows(t, "user.deleted", user.userSid);
    expect(deleted?.detail).toMatchObject({ account: user.account });
    expect((await fresh.request(`/api/res/subuser/${user.userSid}`)).status).toBe(404);
  });

  it("keeps the caller's own account and the tenant administrator out of reach", async () => {
    const self = `/api/res/subuser/${DEMO_TENANT_ID}`;
    expect((await admin.request(`${self}/disable`, { method: "POST", body: {} })).body.code).toBe(24025);
    const { client: iamAdmin, user } = await signedInSubUser(t, admin, ["builtin:iamAdmin"]);
    await stepUp(t, iamAdmin, user.mobile);
    for (const action of ["disable", "reset_password"]) {
      const res = await iamAdmin.request(`${self}/${action}`, { method: "POST", body: {} });
      expect(res.body.code, action).toBe(24021);
    }
    expect((await iamAdmin.request(self, { method: "DELETE" })).body.code).toBe(24021);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, DEMO_TENANT_ID));
    expect(row?.status).toBe("enabled");
  });
});

describe("groups and permission sets of a user", () => {
  it("warns before removing the last group and removes it once confirmed", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const client = await signedIn(t.app, t.clock, user);
    expect(await permissionsOf(client)).toContain("CB01");
    const url = `/api/res/subuser/${user.userSid}/groups`;
    const warned = await admin.request(url, { method: "PUT", body: { groupIds: [] } });
    expect(warned.body.code).toBe(24023);
    expect((await detailOf(user.userSid)).groups).toHaveLength(1);
    const confirmed = await admin.request(url, {
      method: "PUT",
      body: { groupIds: [], confirmLastGroup: true },
    });
    expect(confirmed.status).toBe(200);
    expect((await detailOf(user.userSid)).groups).toEqual([]);
    // The change reaches the signed-in user at once, not after the principal cache expires.
    expect(await permissionsOf(client)).toEqual([]);
    const [row] = await auditRows(t, "user.groupsChanged", user.userSid);
    expect(row?.detail).toEqual({
      account: user.account,
      groups: { from: ["builtin-group:projectMember"], to: [] },
    });
  });

  it("adds and removes direct sets but refuses to remove one held through a group", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const client = await signedIn(t.app, t.clock, user);
    const sets = `/api/res/subuser/${user.userSid}/polices`;
    const inherited = await admin.request(sets, {
      method: "DELETE",
      query: { permissionSetId: "builtin:basicServices" },
    });
    expect(inherited.body.code).toBe(24024);

    // Spec §6: sub-users need the access-key permission granted separately.
    expect(await permissionsOf(client)).not.toContain("CH06");
    const added = await admin.request(sets, {
      method: "POST",
      body: { permissionSetId: "builtin:fileServiceAccessKey" },
    });
    expect(added.status).toBe(200);
    expect(await permissionsOf(client)).toContain("CH06");
    const detail = await detailOf(user.userSid);
    expect(detail.directSets.map((s) => s.id)).toEqual(["builtin:fileServiceAccessKey"]);
    expect(detail.inheritedSets).toEqual([
      expect.objectContaining({
        id: "builtin:basicServices",
        viaGroups: [expect.objectContaining({ id: memberGroup })],
      }),
    ]);
    const removed = await admin.request(sets, {
      method: "DELETE",
      query: { permissionSetId: "builtin:fileServiceAccessKey" },
    });
    expect(removed.status).toBe(200);
    expect(await permissionsOf(client)).not.toContain("CH06");
    expect(await auditRows(t, "user.permissionsChanged", user.userSid)).toHaveLength(2);
    const operators = await admin.request(sets, {
      method: "POST",
      body: { permissionSetId: "builtin:platformAdmin" },
    });
    expect(operators.status).toBe(404);
  });
});

describe("a read-only IAM administrator", () => {
  it("lists and reads but every change is refused", async () => {
    const { client } = await signedInSubUser(t, admin, ["builtin:iamReadOnly"]);
    const target = await createSubUser(admin, [memberGroup]);
    expect((await client.request("/api/res/subuser")).status).toBe(200);
    expect((await client.request(`/api/res/subuser/${target.userSid}`)).status).toBe(200);
    for (const [method, url, body] of [
      ["POST", "/api/res/subuser", subUserForm([memberGroup])],
      [
        "PUT",
        `/api/res/subuser/${target.userSid}`,
        { realName: "Renamed", email: target.email, mobile: target.mobile },
      ],
      ["POST", `/api/res/subuser/${target.userSid}/disable`, {}],
      ["PUT", `/api/res/subuser/${target.userSid}/groups`, { groupIds: [] }],
    ] as const) {
      const res = await client.request(url, { method, body });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await detailOf(target.userSid)).status).toBe("enabled");
  });
});

describe("another tenant", () => {
  it("gets 404 for every user endpoint with the first tenant's ids and changes nothing", async () => {
    const user = await createSubUser(admin, [memberGroup], { resetOnFirstLogin: false });
    const other = await registerTenant(t, new TestClient(t.app, t.clock));
    const intruder = await signedIn(t.app, t.clock, other);
    await stepUp(t, intruder, other.mobile);
    const base = `/api/res/subuser/${user.userSid}`;
    const before = await t.database.db.select().from(users).where(eq(users.id, user.userSid));
    for (const [method, url, body] of [
      ["GET", base, undefined],
      ["PUT", base, { realName: "Intruder", email: "x@intruder.example", mobile: "13912340000" }],
      ["POST", `${base}/disable`, {}],
      ["POST", `${base}/unlock`, {}],
      ["POST", `${base}/reset_password`, {}],
      ["PUT", `${base}/groups`, { groupIds: [], confirmLastGroup: true }],
      ["POST", `${base}/polices`, { permissionSetId: "builtin:tenantAdmin" }],
      ["DELETE", base, undefined],
    ] as const) {
      const res = await intruder.request(url, { method, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(404);
    }
    const list = await intruder.request<{ list: { account: string }[] }>("/api/res/subuser", {
      query: { keyword: user.account },
    });
    expect(list.body.data.list).toEqual([]);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.userSid))).toEqual(before);
    expect(
      await t.database.db
        .select()
        .from(userPermissionSets)
        .where(eq(userPermissionSets.userId, user.userSid)),
    ).toEqual([]);
    expect((await detailOf(user.userSid)).groups).toHaveLength(1);
  });

  it("is refused to platform accounts", async () => {
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await operator.request("/api/res/subuser")).status).toBe(403);
  });
});

describe("the audit trail", () => {
  it("records who created a user, in which organisation, from where", async () => {
    const user = await createSubUser(admin, [memberGroup]);
    const [row] = await auditRows(t, "user.created", user.userSid);
    expect(row).toMatchObject({ actorId: DEMO_TENANT_ID, orgId: DEMO_ORG_ID, ip: "127.0.0.1" });
    expect(row?.detail).toMatchObject({
      account: user.account,
      groups: ["builtin-group:projectMember"],
      passwordMode: "chosen",
    });
  });
});
