// Issue 11 §8: step-up cannot be sidestepped. Every action that creates or widens a way into an
// account needs the acting session's own SMS step-up (HTTP 406 first, nothing changed); step-up,
// reset codes and temporary passwords go only to a phone its owner confirmed; a phone an
// administrator types in stays unconfirmed until its owner confirms it on their own session. The
// finding's attack chain is the last test.
import { and, count, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessKeys, userGroupMembers, userPermissionSets, users } from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, TestClient } from "./support/client";
import { smsCodeFor, unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import {
  answerStepUps,
  builtInGroup,
  createGroup,
  createSubUser,
  DEMO_ORG_ID,
  DEMO_TENANT_ID,
  DEMO_TENANT_MOBILE,
  stepUp,
  subUserForm,
  verifyPhone,
} from "./support/iam";

let t: TestApp;
/** The tenant administrator on a session that passes step-up whenever asked. */
let admin: TestClient;
let administrators: string;
let writers: string;

const messagesTo = async (phone: string) =>
  (
    await t.database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.recipient, phone))
  )[0]?.n ?? 0;

/** What a credential path could change: users, memberships, grants, keys and the audit trail. */
async function snapshot() {
  const db = t.database.db;
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    users: await n(db.select({ n: count() }).from(users)),
    memberships: await n(db.select({ n: count() }).from(userGroupMembers)),
    grants: await n(db.select({ n: count() }).from(userPermissionSets)),
    keys: await n(db.select({ n: count() }).from(accessKeys)),
    audit: await n(db.select({ n: count() }).from(auditLogs)),
    contacts: JSON.stringify(
      await db
        .select({ id: users.id, email: users.email, mobile: users.mobile, hash: users.passwordHash })
        .from(users)
        .where(eq(users.orgId, DEMO_ORG_ID))
        .orderBy(users.id),
    ),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
  administrators = await builtInGroup(t, DEMO_ORG_ID, "administrator");
  writers = await createGroup(admin, ["builtin:costCentreAdmin"]);
});
afterAll(() => t.close());

describe("credential paths without the acting session's step-up", () => {
  it("answer 406 and change nothing, then work once the session is stepped up", async () => {
    const target = await createSubUser(admin, [writers]);
    const widened = await createGroup(admin, ["builtin:costCentreReadOnly"]);
    expect(
      (
        await admin.request(`/api/res/user_group/${widened}/members`, {
          method: "POST",
          body: { userIds: [target.userSid] },
        })
      ).status,
    ).toBe(200);
    const key = await admin.request<{ accessKeyId: string }>("/api/users/accesskey", {
      method: "POST",
      body: {},
    });
    expect(key.status).toBe(200);
    const off = await admin.request(`/api/users/accesskey/${key.body.data.accessKeyId}/disable`, {
      method: "POST",
      body: {},
    });
    expect(off.status).toBe(200);
    const set = await admin.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Set${unique()}`, description: "", codes: ["CA"], shared: false },
    });
    const paths: [string, "POST" | "PUT", string, Record<string, unknown>][] = [
      [
        "creating a sub-user in a group with write rights",
        "POST",
        "/api/res/subuser",
        subUserForm([writers]),
      ],
      [
        "changing a sub-user's phone and e-mail",
        "PUT",
        `/api/res/subuser/${target.userSid}`,
        { realName: "Renamed", email: `x${unique()}@iam.example`, mobile: uniquePhone() },
      ],
      ["resetting a sub-user's password", "POST", `/api/res/subuser/${target.userSid}/reset_password`, {}],
      [
        "putting a sub-user in the administrator group",
        "PUT",
        `/api/res/subuser/${target.userSid}/groups`,
        { groupIds: [writers, administrators] },
      ],
      [
        "granting a sub-user a set",
        "POST",
        `/api/res/subuser/${target.userSid}/polices`,
        { permissionSetId: "builtin:iamAdmin" },
      ],
      [
        "adding a member to a group with write rights",
        "POST",
        `/api/res/user_group/${administrators}/members`,
        { userIds: [target.userSid] },
      ],
      [
        "setting the sets of a group with members",
        "PUT",
        `/api/res/user_group/${widened}/polices`,
        { permissionSetIds: ["builtin:tenantAdmin"] },
      ],
      [
        "widening a custom set",
        "PUT",
        `/api/res/polices/${set.body.data.id}`,
        { name: "Wide", description: "", codes: ["CA", "CH0101"], shared: false },
      ],
      ["creating an access key", "POST", "/api/users/accesskey", {}],
      ["re-enabling an access key", "POST", `/api/users/accesskey/${key.body.data.accessKeyId}/enable`, {}],
      [
        "changing one's own e-mail",
        "POST",
        "/api/users/email/change",
        { email: `new${unique()}@iam.example` },
      ],
    ];
    // A second session of the same administrator: the first one's step-up is not its own.
    const stolen = await signedIn(t.app, t.clock, DEMO.tenant);
    await stepUp(t, admin, DEMO_TENANT_MOBILE);
    for (const [name, method, url, body] of paths) {
      const before = await snapshot();
      const res = await stolen.request(url, { method, body });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(406);
      expect(res.body.code, name).toBe(406);
      expect(await snapshot(), name).toEqual(before);
    }
    await stepUp(t, stolen, DEMO_TENANT_MOBILE);
    for (const [name, method, url, body] of paths) {
      const res = await stolen.request(url, { method, body });
      // Past step-up, each path does what it does (the e-mail change needs mail switched on).
      expect(res.status === 200 || res.body.code === 20005, `${name}: ${JSON.stringify(res.body)}`).toBe(
        true,
      );
    }
  });
});

describe("a phone an administrator typed in", () => {
  it("stays unconfirmed until its owner confirms it, and no step-up, reset code or password goes to it", async () => {
    const user = await createSubUser(admin, [await createGroup(admin, ["builtin:fileServiceAccessKey"])]);
    const client = await signedIn(t.app, t.clock, user);
    const profile = async () =>
      (await client.request<{ mobile: string; mobileVerified: boolean }>("/api/users/profile")).body.data;
    expect(await profile()).toMatchObject({ mobile: user.mobile, mobileVerified: false });
    // The administrator's user list shows the state too.
    const listed = async () =>
      (await admin.request<{ mobileVerified: boolean }>(`/api/res/subuser/${user.userSid}`)).body.data
        .mobileVerified;
    expect(await listed()).toBe(false);

    // Step-up: no code is sent; the sensitive action says what to do instead of asking for one.
    t.clock.advance(60_000);
    const send = await client.request("/api/common/sms/send_code", {
      method: "POST",
      body: { purpose: "stepup" },
    });
    expect(send.body.code).toBe(24044);
    expect(
      (await client.request("/api/users/2FA/verify", { method: "POST", body: { smsCode: "123456" } })).body
        .code,
    ).toBe(24044);
    expect((await client.request<{ enabled: boolean }>("/api/users/2FA/state/sms")).body.data.enabled).toBe(
      false,
    );
    const key = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(key.status).toBe(400);
    expect(key.body.code).toBe(24044);
    expect(key.body.message).toBe(
      "Your phone number is not verified yet; verify it on your profile page first",
    );
    // Forgotten password: the same answer as for any number, but no code.
    const anonymous = new TestClient(t.app, t.clock);
    const reset = await anonymous.request("/api/common/sms/send_code", {
      method: "POST",
      body: { purpose: "reset", phone: user.mobile },
    });
    expect(reset.status).toBe(200);
    // An administrator's reset answers the temporary password on screen only.
    const temporary = await admin.request<{ password: string; smsSent: boolean }>(
      `/api/res/subuser/${user.userSid}/reset_password`,
      { method: "POST", body: {} },
    );
    expect(temporary.body.data.smsSent).toBe(false);
    expect(await messagesTo(user.mobile)).toBe(0);

    // The owner confirms it on their own session; from then on step-up uses it.
    const own = await signedIn(t.app, t.clock, {
      account: user.account,
      password: temporary.body.data.password,
    });
    const first = await own.request("/api/users/first_login", {
      method: "POST",
      body: { newPassword: "Sub@2027ab", confirmPassword: "Sub@2027ab" },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    t.clock.advance(60_000);
    const wrong = await own.request("/api/users/mobile/verify", {
      method: "POST",
      body: { smsCode: "000000" },
    });
    expect(wrong.body.code).toBe(20008);
    await verifyPhone(t, own, user.mobile);
    expect(
      (await own.request("/api/users/mobile/verify/send_code", { method: "POST", body: {} })).body.code,
    ).toBe(24046);
    const afterProfile = await own.request<{ mobileVerified: boolean }>("/api/users/profile");
    expect(afterProfile.body.data.mobileVerified).toBe(true);
    expect(await listed()).toBe(true);
    expect((await own.request("/api/users/accesskey", { method: "POST", body: {} })).status).toBe(406);
    await stepUp(t, own, user.mobile);
    expect((await own.request("/api/users/accesskey", { method: "POST", body: {} })).status).toBe(200);
    const [verified] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "mobile.verified"), eq(auditLogs.target, user.userSid)));
    expect(verified).toBeDefined();

    // An administrator changing the number makes it unconfirmed again.
    const changed = await admin.request(`/api/res/subuser/${user.userSid}`, {
      method: "PUT",
      body: { realName: "Changed", email: user.email, mobile: uniquePhone() },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    t.clock.advance(10_000);
    expect(
      (await own.request<{ mobileVerified: boolean }>("/api/users/profile")).body.data.mobileVerified,
    ).toBe(false);
  });

  it("is confirmed by the owner's own phone change: the code sent to the new number came back", async () => {
    const user = await createSubUser(admin, [writers]);
    const client = await signedIn(t.app, t.clock, user);
    await verifyPhone(t, client, user.mobile);
    await stepUp(t, client, user.mobile);
    const mobile = uniquePhone();
    expect(
      (await client.request("/api/users/mobile/send_code", { method: "POST", body: { mobile } })).status,
    ).toBe(200);
    const smsCode = await smsCodeFor(t, mobile, "bind");
    const changed = await client.request("/api/users/mobile", { method: "PUT", body: { mobile, smsCode } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.userSid));
    expect(row?.mobile).toBe(mobile);
    expect(row?.mobileVerifiedAt).not.toBeNull();
  });
});

describe("an account without a phone", () => {
  it("cannot take a credential path, where step-up would otherwise have been skipped", async () => {
    const id = `00000000-0000-4000-8000-0000000b${String(Date.now() % 10_000).padStart(4, "0")}`;
    const account = `nophone${unique().slice(-6)}`;
    const now = t.clock.now();
    await t.database.db.insert(users).values({
      id,
      account,
      passwordHash: await hashPassword("Phone@2026"),
      orgId: DEMO_ORG_ID,
      parentId: DEMO_TENANT_ID,
      roleId: 202,
      loginNotFirst: true,
      agreedAgreementVersion: 1,
      agreedPrivacyVersion: 1,
      pwdChangedAt: now,
      createdAt: now,
    });
    await t.database.db
      .insert(userPermissionSets)
      .values({ userId: id, permissionSetId: "builtin:fileServiceAccessKey" });
    const client = await signedIn(t.app, t.clock, { account, password: "Phone@2026" });
    const res = await client.request("/api/users/accesskey", { method: "POST", body: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(24045);
    expect(await t.database.db.select().from(accessKeys).where(eq(accessKeys.userId, id))).toEqual([]);
  });
});

describe("the finding's attack chain", () => {
  it("a stolen tenant-administrator session without step-up gets no lasting way in", async () => {
    // The attacker holds the administrator's session token, not the administrator's phone.
    const stolen = await signedIn(t.app, t.clock, DEMO.tenant);
    const attackerPhone = uniquePhone();
    const before = await snapshot();

    // 1. An administrator sub-user carrying the attacker's phone: refused until step-up.
    const created = await stolen.request("/api/res/subuser", {
      method: "POST",
      body: subUserForm([administrators], { mobile: attackerPhone }),
    });
    expect(created.status).toBe(406);
    // 2. Step-up codes go to the administrator's own phone, never to one the caller names.
    t.clock.advance(60_000);
    const code = await stolen.request("/api/common/sms/send_code", {
      method: "POST",
      body: { purpose: "stepup", phone: attackerPhone },
    });
    expect(code.status).toBe(200);
    expect(await messagesTo(attackerPhone)).toBe(0);
    const guessed = await stolen.request("/api/users/2FA/verify", {
      method: "POST",
      body: { smsCode: "000000" },
    });
    expect(guessed.body.code).toBe(20008);
    // 3. Nor can the session move the administrator's phone, switch step-up off, or reach another
    //    way in: a new access key, another user's password, a group with every right.
    const reader = await createSubUser(admin, [writers]);
    for (const [method, url, body] of [
      ["POST", "/api/users/mobile/send_code", { mobile: attackerPhone }],
      [
        "PUT",
        "/api/res/security_settings",
        {
          lockoutPolicy: { maxFailures: 5, windowMinutes: 10, lockMinutes: 30 },
          sessionTtlMinutes: 60,
          stepUpEnabled: false,
        },
      ],
      ["POST", "/api/users/accesskey", {}],
      ["POST", `/api/res/subuser/${reader.userSid}/reset_password`, {}],
      ["POST", `/api/res/user_group/${administrators}/members`, { userIds: [reader.userSid] }],
    ] as const) {
      const res = await stolen.request(url, { method, body });
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(406);
    }

    const after = await snapshot();
    // Only the reader the real administrator created (with its audit row) is new.
    expect(after.users).toBe(before.users + 1);
    expect(after.keys).toBe(before.keys);
    expect(after.memberships).toBe(before.memberships + 1);
    expect(await messagesTo(attackerPhone)).toBe(0);
    const [latestCode] = await t.database.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(like(outboxMessages.purpose, "code:stepup"))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(latestCode?.recipient).toBe(DEMO_TENANT_MOBILE);
    expect(await t.database.db.select().from(users).where(eq(users.mobile, attackerPhone))).toEqual([]);
  });
});
