// User groups of a tenant (page `usergroup`, resource API `user_group`): the built-in groups of
// spec §6, custom groups with parents and permission sets, members, the last-group warning, tenant
// isolation and the audit trail.
import { BUILT_IN_USER_GROUPS } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userGroupMembers, userGroupPermissionSets, userGroups } from "../src/modules/iam/iam.schema";
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
  permissionsOf,
  READER_ID,
  READER_SET_ID,
  signedInSubUser,
} from "./support/iam";

type Ref = { id: string; name: string; key: string | null; builtIn: boolean };
type GroupRow = Ref & { parent: Ref | null; memberCount: number; permissionSets: Ref[]; description: string };
type GroupDetail = GroupRow & { members: { userSid: string; groupCount: number }[]; children: Ref[] };

let t: TestApp;
let admin: TestClient;
let memberGroup: string;

beforeAll(async () => {
  t = await startTestApp();
  // The tenant administrator passes SMS step-up whenever a credential path asks for it.
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
  memberGroup = await builtInGroup(t, DEMO_ORG_ID, "projectMember");
});
afterAll(() => t.close());

const detailOf = async (id: string) => {
  const res = await admin.request<GroupDetail>(`/api/res/user_group/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("the group list", () => {
  it("shows the built-in groups of spec §6 with member counts and their permission sets", async () => {
    const res = await admin.request<{ list: GroupRow[]; total: number }>("/api/res/user_group");
    expect(res.status).toBe(200);
    const builtIn = res.body.data.list.filter((g) => g.builtIn);
    expect(builtIn.map((g) => g.key).sort()).toEqual(BUILT_IN_USER_GROUPS.map((g) => g.key).sort());
    const administrators = builtIn.find((g) => g.key === "administrator")!;
    expect(administrators.memberCount).toBe(1);
    expect(administrators.permissionSets.map((s) => s.id)).toEqual(["builtin:tenantAdmin"]);
    const resources = builtIn.find((g) => g.key === "resourceAdmin")!;
    expect(resources.permissionSets.map((s) => s.key).sort()).toEqual(
      ["aiResourcePool", "basicServices", "fileServiceAdmin", "hpcOperation"].sort(),
    );
  });
});

describe("custom groups", () => {
  it("are created with a parent, a description and sets; names are unique in the organisation", async () => {
    const parent = await createGroup(admin, [], "Research");
    const res = await admin.request<{ id: string }>("/api/res/user_group", {
      method: "POST",
      body: {
        name: "Research-GPU",
        description: "GPU researchers",
        parentId: parent,
        permissionSetIds: ["builtin:aiResourcePool", READER_SET_ID],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = await detailOf(res.body.data.id);
    expect(detail).toMatchObject({
      name: "Research-GPU",
      description: "GPU researchers",
      builtIn: false,
      parent: { id: parent, name: "Research" },
      memberCount: 0,
    });
    expect(detail.permissionSets.map((s) => s.id).sort()).toEqual(
      ["builtin:aiResourcePool", READER_SET_ID].sort(),
    );
    expect((await detailOf(parent)).children.map((c) => c.id)).toEqual([res.body.data.id]);

    const before = await countRows(t, userGroups);
    for (const [body, code] of [
      [{ name: "research" }, 24020],
      [{ name: "administrator" }, 24020],
      [{ name: "x" }, 400],
      [{ name: "1group" }, 400],
      [{ name: "Bad/Name" }, 400],
      [{ name: "Fine", description: "x" }, 400],
      [{ name: "Fine", parentId: "00000000-0000-4000-8000-00000000dead" }, 404],
      [{ name: "Fine", permissionSetIds: ["builtin:platformAdmin"] }, 404],
    ] as const) {
      const refused = await admin.request("/api/res/user_group", {
        method: "POST",
        body: { description: "", parentId: null, permissionSetIds: [], ...body },
      });
      expect(refused.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await countRows(t, userGroups)).toBe(before);
    const [created] = await auditRows(t, "group.created", res.body.data.id);
    expect(created).toMatchObject({ actorId: DEMO_TENANT_ID, orgId: DEMO_ORG_ID, ip: "127.0.0.1" });
  });

  it("refuse a parent below themselves and deletion while they have sub-groups", async () => {
    const top = await createGroup(admin, []);
    const middle = await admin.request<{ id: string }>("/api/res/user_group", {
      method: "POST",
      body: { name: `Mid${Date.now()}`, description: "", parentId: top, permissionSetIds: [] },
    });
    const mid = middle.body.data.id;
    const topRow = await detailOf(top);
    for (const parentId of [top, mid]) {
      const res = await admin.request(`/api/res/user_group/${top}`, {
        method: "PUT",
        body: { name: topRow.name, description: "", parentId },
      });
      expect(res.body.code, parentId).toBe(24028);
    }
    expect((await detailOf(top)).parent).toBeNull();
    expect((await admin.request(`/api/res/user_group/${top}`, { method: "DELETE" })).body.code).toBe(24026);
    expect((await admin.request(`/api/res/user_group/${mid}`, { method: "DELETE" })).status).toBe(200);
    expect((await admin.request(`/api/res/user_group/${top}`, { method: "DELETE" })).status).toBe(200);
    expect(await auditRows(t, "group.deleted", top)).toHaveLength(1);
  });

  it("are renamed and described; built-in groups keep their name and cannot be deleted", async () => {
    const id = await createGroup(admin, []);
    const renamed = await admin.request(`/api/res/user_group/${id}`, {
      method: "PUT",
      body: { name: "Renamed-group", description: "Now described", parentId: null },
    });
    expect(renamed.status).toBe(200);
    expect(await detailOf(id)).toMatchObject({ name: "Renamed-group", description: "Now described" });
    expect(await auditRows(t, "group.updated", id)).toHaveLength(1);

    const rename = await admin.request(`/api/res/user_group/${memberGroup}`, {
      method: "PUT",
      body: { name: "Members", description: "", parentId: null },
    });
    expect(rename.body.code).toBe(24021);
    expect((await admin.request(`/api/res/user_group/${memberGroup}`, { method: "DELETE" })).body.code).toBe(
      24021,
    );
    const [row] = await t.database.db.select().from(userGroups).where(eq(userGroups.id, memberGroup));
    expect(row?.name).toBe("projectMember");
  });
});

describe("members and permission sets", () => {
  it("change the members' permissions at once, also in built-in groups", async () => {
    const user = await createSubUser(admin, [await createGroup(admin, [])]);
    const client = await signedIn(t.app, t.clock, user);
    expect(await permissionsOf(client)).toEqual([]);
    const added = await admin.request(`/api/res/user_group/${memberGroup}/members`, {
      method: "POST",
      body: { userIds: [user.userSid] },
    });
    expect(added.status).toBe(200);
    expect(await permissionsOf(client)).toContain("CB01");

    const custom = await createGroup(admin, []);
    await admin.request(`/api/res/user_group/${custom}/members`, {
      method: "POST",
      body: { userIds: [user.userSid] },
    });
    const sets = await admin.request(`/api/res/user_group/${custom}/polices`, {
      method: "PUT",
      body: { permissionSetIds: ["builtin:fileServiceAccessKey"] },
    });
    expect(sets.status).toBe(200);
    expect(await permissionsOf(client)).toContain("CH06");
    await admin.request(`/api/res/user_group/${custom}/polices`, {
      method: "PUT",
      body: { permissionSetIds: [] },
    });
    expect(await permissionsOf(client)).not.toContain("CH06");
    const [changed] = await auditRows(t, "group.permissionsChanged", custom);
    expect(changed?.detail).toMatchObject({
      permissionSets: { from: ["builtin:fileServiceAccessKey"], to: [] },
    });
    expect(await auditRows(t, "group.membersChanged", memberGroup)).toHaveLength(1);
  });

  it("warn before removing a member's last group and before deleting it", async () => {
    const only = await createGroup(admin, []);
    const user = await createSubUser(admin, [only]);
    const member = `/api/res/user_group/${only}/members/${user.userSid}`;
    expect((await detailOf(only)).members).toEqual([
      expect.objectContaining({ userSid: user.userSid, groupCount: 1 }),
    ]);
    expect((await admin.request(member, { method: "DELETE" })).body.code).toBe(24023);
    expect((await admin.request(`/api/res/user_group/${only}`, { method: "DELETE" })).body.code).toBe(24023);
    expect((await detailOf(only)).memberCount).toBe(1);
    const removed = await admin.request(member, { method: "DELETE", query: { confirmLastGroup: true } });
    expect(removed.status).toBe(200);
    expect(
      await t.database.db.select().from(userGroupMembers).where(eq(userGroupMembers.userId, user.userSid)),
    ).toEqual([]);

    const second = await createGroup(admin, []);
    await admin.request(`/api/res/user_group/${second}/members`, {
      method: "POST",
      body: { userIds: [user.userSid] },
    });
    const deleted = await admin.request(`/api/res/user_group/${second}`, {
      method: "DELETE",
      query: { confirmLastGroup: true },
    });
    expect(deleted.status).toBe(200);
  });

  it("refuse the caller, the tenant administrator and other tenants' sets", async () => {
    const { client: manager, user } = await signedInSubUser(t, admin, ["builtin:iamAdmin"]);
    const group = await createGroup(admin, []);
    const add = (userIds: string[]) =>
      manager.request(`/api/res/user_group/${group}/members`, { method: "POST", body: { userIds } });
    expect((await add([user.userSid])).body.code).toBe(24025);
    expect((await add([DEMO_TENANT_ID])).body.code).toBe(24021);
    expect((await add([READER_ID])).status).toBe(200);

    const other = await registerTenant(t, new TestClient(t.app, t.clock));
    const otherAdmin = await signedIn(t.app, t.clock, other);
    const foreignSet = await otherAdmin.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: "Foreign", description: "", codes: ["CA"], shared: false },
    });
    const attach = await admin.request(`/api/res/user_group/${group}/polices`, {
      method: "PUT",
      body: { permissionSetIds: [foreignSet.body.data.id] },
    });
    expect(attach.status).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(userGroupPermissionSets)
        .where(eq(userGroupPermissionSets.groupId, group)),
    ).toEqual([]);
  });
});

describe("another tenant", () => {
  it("gets 404 for every group endpoint with the first tenant's ids and changes nothing", async () => {
    const group = await createGroup(admin, ["builtin:basicServices"]);
    const user = await createSubUser(admin, [group]);
    const other = await registerTenant(t, new TestClient(t.app, t.clock));
    const intruder = answerStepUps(t, await signedIn(t.app, t.clock, other), other.mobile);
    const otherGroup = await createGroup(intruder, []);
    const base = `/api/res/user_group/${group}`;
    for (const [method, url, body, query] of [
      ["GET", base, undefined, undefined],
      ["PUT", base, { name: "Taken-over", description: "", parentId: null }, undefined],
      [
        "PUT",
        `/api/res/user_group/${otherGroup}`,
        { name: "Child", description: "", parentId: group },
        undefined,
      ],
      ["POST", `${base}/members`, { userIds: [other.userSid] }, undefined],
      ["POST", `/api/res/user_group/${otherGroup}/members`, { userIds: [user.userSid] }, undefined],
      ["DELETE", `${base}/members/${user.userSid}`, undefined, { confirmLastGroup: true }],
      ["PUT", `${base}/polices`, { permissionSetIds: [] }, undefined],
      ["DELETE", base, undefined, { confirmLastGroup: true }],
    ] as const) {
      const res = await intruder.request(url, {
        method,
        ...(body ? { body } : {}),
        ...(query ? { query } : {}),
      });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(404);
    }
    const list = await intruder.request<{ list: GroupRow[] }>("/api/res/user_group");
    expect(list.body.data.list.some((g) => g.id === group)).toBe(false);
    const detail = await detailOf(group);
    expect(detail).toMatchObject({ memberCount: 1, parent: null });
    expect(detail.permissionSets.map((s) => s.id)).toEqual(["builtin:basicServices"]);
  });
});
