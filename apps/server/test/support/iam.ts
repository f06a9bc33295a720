// Access-control steps the IAM tests share: SMS step-up, the demo organisation's built-in groups,
// sub-users created through the API, and audit rows.
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { userGroups, users } from "../../src/modules/iam/iam.schema";
import { auditLogs } from "../../src/platform/audit/audit.schema";
import { signedIn, type TestClient } from "./client";
import { smsCodeFor, unique, uniquePhone } from "./flows";
import type { TestApp } from "./harness";

export const DEMO_ORG_ID = "00000000-0000-4000-8000-000000000001";
export const DEMO_TENANT_ID = "00000000-0000-4000-8000-000000000102";
export const DEMO_TENANT_MOBILE = "13800000002";
export const READER_ID = "00000000-0000-4000-8000-000000000103";
export const READER_SET_ID = "00000000-0000-4000-8000-000000000201";

/** Passes SMS step-up for the next few minutes (the demo settings have it on). */
export async function stepUp(t: TestApp, client: TestClient, mobile: string): Promise<void> {
  // A phone gets one code a minute.
  t.clock.advance(60_000);
  const sent = await client.request("/api/common/sms/send_code", {
    method: "POST",
    body: { purpose: "stepup" },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const smsCode = await smsCodeFor(t, mobile, "stepup");
  const verified = await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

/** Lets the client pass step-up whenever a call answers 406, as a person would in the SMS dialog. */
export function answerStepUps(t: TestApp, client: TestClient, mobile: string): TestClient {
  client.onStepUp = () => stepUp(t, client, mobile);
  return client;
}

/** The user confirms, on their own session, the phone an administrator gave them. */
export async function verifyPhone(t: TestApp, client: TestClient, mobile: string): Promise<void> {
  t.clock.advance(60_000);
  const sent = await client.request("/api/users/mobile/verify/send_code", { method: "POST", body: {} });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const smsCode = await smsCodeFor(t, mobile, "verify");
  const verified = await client.request("/api/users/mobile/verify", { method: "POST", body: { smsCode } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

/** The id of an organisation's copy of a built-in group. */
export async function builtInGroup(t: TestApp, orgId: string, key: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.orgId, orgId), eq(userGroups.key, key)));
  if (!row) throw new Error(`no built-in group ${key} in ${orgId}`);
  return row.id;
}

export type SubUser = { userSid: string; account: string; password: string; email: string; mobile: string };

/** A valid create-user form; tests override one field at a time. */
export function subUserForm(groupIds: string[], overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    account: `u${id}`,
    realName: `Tester${id}`,
    email: `u${id}@iam.example`,
    mobile: uniquePhone(),
    groupIds,
    passwordMode: "chosen",
    password: "Sub@2026ab",
    resetOnFirstLogin: false,
    ...overrides,
  };
}

/** Creates a sub-user through the API as `admin` (who holds CH0101). */
export async function createSubUser(
  admin: TestClient,
  groupIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<SubUser> {
  const form = subUserForm(groupIds, overrides);
  const res = await admin.request<{ userSid: string; password: string | null }>("/api/res/subuser", {
    method: "POST",
    body: form,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    userSid: res.body.data.userSid,
    account: form.account,
    password: res.body.data.password ?? String(form.password),
    email: form.email,
    mobile: form.mobile,
  };
}

/** A custom group granting `setIds`, created as `admin`. */
export async function createGroup(admin: TestClient, setIds: string[], name = `Group${unique()}`) {
  const res = await admin.request<{ id: string }>("/api/res/user_group", {
    method: "POST",
    body: { name, description: "", parentId: null, permissionSetIds: setIds },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/**
 * A sub-user of the demo organisation holding exactly `setIds` through a group of its own, signed
 * in, with the phone the administrator gave them confirmed; they pass step-up when asked.
 */
export async function signedInSubUser(t: TestApp, admin: TestClient, setIds: string[]) {
  const user = await createSubUser(admin, [await createGroup(admin, setIds)]);
  const client = await signedIn(t.app, t.clock, user);
  await verifyPhone(t, client, user.mobile);
  return { user, client: answerStepUps(t, client, user.mobile) };
}

export async function permissionsOf(client: TestClient): Promise<string[]> {
  const me = await client.request<{ permissions: string[] }>("/api/users/token");
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  return [...me.body.data.permissions].sort();
}

export async function auditRows(t: TestApp, action: string, target: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)))
    .orderBy(desc(auditLogs.at), desc(auditLogs.id));
}

export async function orgIdOf(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId));
  if (!row?.orgId) throw new Error(`no organisation for ${userId}`);
  return row.orgId;
}
