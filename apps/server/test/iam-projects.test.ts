// Projects (page `project`, CH04 / CH0401): create, edit, delete, members, validation, another
// tenant's ids, read-only access, and the data scope (maxDataScope, projectId) built on membership.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataScope, inScope, scopeCondition } from "../src/modules/iam/data-scope";
import { addToGroup, ROLE } from "../src/modules/iam/iam.repo";
import {
  permissionSets,
  projectMembers,
  projects,
  userGroups,
  userPermissionSets,
  users,
} from "../src/modules/iam/iam.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { newId } from "../src/platform/ids";
import { hashPassword } from "../src/platform/passwords";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, registerTenant, unique, uniquePhone, userIdOf } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";

let t: TestApp;
let tenant: TestClient;
let other: TestClient;
let otherOrg: string;

type Member = { userSid: string; account: string };
type Project = {
  projectId: string;
  name: string;
  description: string;
  contact: string;
  phone: string;
  memberCount: number;
  createdAt: string;
  createdBy: string | null;
  members: Member[];
};
type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };
type Me = { maxDataScope: string; projectId: string | null };

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  const visitor = new TestClient(t.app, t.clock);
  const u = await registerTenant(t, visitor);
  other = await signedIn(t.app, t.clock, u);
  const [row] = await t.database.db.select({ orgId: users.orgId }).from(users).where(eq(users.id, u.userSid));
  otherOrg = row!.orgId!;
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: `proj-${unique()}`,
  description: "Model training",
  contact: "王五",
  phone: uniquePhone(),
  ...overrides,
});

async function create(client: TestClient, overrides: Record<string, unknown> = {}): Promise<Project> {
  const res = await client.request<Project>("/api/res/projects", { method: "POST", body: form(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A sub-user of `orgId` holding exactly `codes` through a custom permission set. */
async function subUser(orgId: string, codes: string[]) {
  const id = newId();
  const account = `p${unique()}`;
  const password = "Sub@2026xy";
  const now = t.clock.now();
  await t.database.db.insert(users).values({
    id,
    account,
    mobile: uniquePhone(),
    passwordHash: await hashPassword(password),
    orgId,
    roleId: ROLE.subUser,
    loginNotFirst: true,
    pwdChangedAt: now,
    createdAt: now,
  });
  const setId = newId();
  await t.database.db
    .insert(permissionSets)
    .values({ id: setId, name: `set ${account}`, orgId, codes, createdAt: now });
  await t.database.db.insert(userPermissionSets).values({ userId: id, permissionSetId: setId });
  return { id, account, password };
}

const auditOf = (action: string, target: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, target)));

describe("projects", () => {
  it("creates, lists, shows, edits and deletes a project, with audit events", async () => {
    const created = await create(tenant, { name: "Vision-Lab", description: "" });
    expect(created).toMatchObject({
      name: "Vision-Lab",
      description: "",
      contact: "王五",
      memberCount: 0,
      members: [],
      createdBy: "demotenant",
      createdAt: t.clock.now().toISOString(),
    });

    const listed = await tenant.request<Page<Project>>("/api/res/projects", { query: { keyword: "vision" } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total).toBe(1);
    expect(listed.body.data.list[0]).toMatchObject({ projectId: created.projectId, phone: created.phone });
    const paged = await tenant.request<Page<Project>>("/api/res/projects", {
      query: { pageSize: 1, pageNum: 1 },
    });
    expect(paged.body.data).toMatchObject({ pageNum: 1, pageSize: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    // Wildcards in the keyword are matched literally.
    const wild = await tenant.request<Page<Project>>("/api/res/projects", { query: { keyword: "%" } });
    expect(wild.body.data.total).toBe(0);

    const edited = await tenant.request<Project>(`/api/res/projects/${created.projectId}`, {
      method: "PUT",
      body: { name: "Vision-Lab-2", description: "Detection models", contact: "赵六", phone: "13912345678" },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: "Vision-Lab-2",
      description: "Detection models",
      contact: "赵六",
      phone: "13912345678",
    });
    const shown = await tenant.request<Project>(`/api/res/projects/${created.projectId}`);
    expect(shown.body.data.name).toBe("Vision-Lab-2");

    const deleted = await tenant.request(`/api/res/projects/${created.projectId}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await tenant.request(`/api/res/projects/${created.projectId}`)).status).toBe(404);

    const [createdEvent] = await auditOf("project.created", created.projectId);
    expect(createdEvent).toMatchObject({ orgId: DEMO_ORG, detail: { name: "Vision-Lab" } });
    const [updated] = await auditOf("project.updated", created.projectId);
    // Each field that changed, before and after.
    expect(updated!.detail).toEqual({
      name: { from: "Vision-Lab", to: "Vision-Lab-2" },
      description: { from: "", to: "Detection models" },
      contact: { from: "王五", to: "赵六" },
      ...(created.phone === "13912345678" ? {} : { phone: { from: created.phone, to: "13912345678" } }),
    });
    expect(await auditOf("project.deleted", created.projectId)).toHaveLength(1);
  });

  it("keeps names unique in the organisation, ignoring case, but not across tenants", async () => {
    const first = await create(tenant, { name: "Shared-Name" });
    const again = await tenant.request("/api/res/projects", {
      method: "POST",
      body: form({ name: "shared-name" }),
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(24020);
    expect(again.body.message).toBe('The name "shared-name" is already in use');
    const zh = await tenant.request("/api/res/projects", {
      method: "POST",
      body: form({ name: "SHARED-NAME" }),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("名称“SHARED-NAME”已存在");

    const second = await create(tenant);
    const rename = await tenant.request(`/api/res/projects/${second.projectId}`, {
      method: "PUT",
      body: form({ name: "Shared-Name" }),
    });
    expect(rename.body.code).toBe(24020);
    // Saving a project under its own name is no clash.
    const same = await tenant.request(`/api/res/projects/${first.projectId}`, {
      method: "PUT",
      body: form({ name: "shared-NAME" }),
    });
    expect(same.status).toBe(200);

    await create(other, { name: "Shared-Name" });
  });

  it("validates the form as spec §5 says and creates nothing", async () => {
    const before = await countRows(t, projects);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "a" }, "Names have 2 to 128 characters"],
      [
        { name: "bad/name" },
        "Names must not contain special characters such as / @ < > | ~ ! 【】 & % ^ ? *",
      ],
      [{ name: "https://site" }, "Names must not start with http or https"],
      [
        { name: "9lives" },
        "Names start with a letter or Chinese character and may contain digits, underscores and hyphens",
      ],
      [{ description: "x" }, "Descriptions are empty or 2 to 256 characters"],
      [{ description: "y".repeat(257) }, "Descriptions are empty or 2 to 256 characters"],
      [{ contact: "" }, "This field is required"],
      [{ contact: "c".repeat(33) }, "The contact has at most 32 characters"],
      [{ phone: "12345678901" }, "The phone number entered is incorrect"],
      [{ phone: undefined }, "This field is required"],
    ];
    for (const [change, message] of cases) {
      const res = await tenant.request("/api/res/projects", { method: "POST", body: form(change) });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toBe(message);
    }
    const zh = await tenant.request("/api/res/projects", {
      method: "POST",
      body: form({ phone: "1" }),
      locale: "zh-CN",
    });
    expect(zh.body.message).toBe("输入的手机号码有误");
    expect(await countRows(t, projects)).toBe(before);
  });

  it("adds and removes members of the same organisation only", async () => {
    const project = await create(tenant);
    const path = `/api/res/projects/${project.projectId}`;
    const reader = await userIdOf(t, "demoreader");
    const owner = await userIdOf(t, "demotenant");

    const candidates = await tenant.request<Page<Member>>(`${path}/candidates`);
    expect(candidates.status).toBe(200);
    expect(candidates.body.data.list.map((m) => m.account)).toEqual(
      expect.arrayContaining(["demoreader", "demotenant"]),
    );
    expect(candidates.body.data.list.every((m) => m.account !== "admin")).toBe(true);

    const added = await tenant.request<Project>(`${path}/members`, {
      method: "POST",
      body: { userSids: [reader, owner, reader] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.members.map((m) => m.account)).toEqual(["demoreader", "demotenant"]);
    expect(added.body.data.memberCount).toBe(2);
    // Adding a member twice changes nothing.
    expect(
      (await tenant.request<Project>(`${path}/members`, { method: "POST", body: { userSids: [reader] } }))
        .body.data.memberCount,
    ).toBe(2);
    const left = await tenant.request<Page<Member>>(`${path}/candidates`, { query: { keyword: "demo" } });
    expect(left.body.data.list).toEqual([]);

    // A user of another tenant is unknown here, and nobody of the batch is added.
    const stranger = await subUser(otherOrg, ["CA"]);
    const fresh = await subUser(DEMO_ORG, ["CA"]);
    const refused = await tenant.request(`${path}/members`, {
      method: "POST",
      body: { userSids: [fresh.id, stranger.id] },
    });
    expect(refused.status).toBe(404);
    expect((await tenant.request<Project>(path)).body.data.memberCount).toBe(2);

    const removed = await tenant.request<Project>(`${path}/members/${reader}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body.data.members.map((m) => m.account)).toEqual(["demotenant"]);
    expect((await tenant.request(`${path}/members/${reader}`, { method: "DELETE" })).status).toBe(404);

    const events = await auditOf("project.membersChanged", project.projectId);
    // Members by account, never by id.
    expect(events.map((e) => e.detail)).toEqual([
      { name: project.name, addedMembers: ["demoreader", "demotenant"] },
      { name: project.name, removedMembers: ["demoreader"] },
    ]);

    // Deleting the project ends its memberships.
    expect((await tenant.request(path, { method: "DELETE" })).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.projectId));
    expect(rows).toEqual([]);
  });

  it("answers 404 to another tenant's project ids and changes nothing", async () => {
    const project = await create(tenant);
    const path = `/api/res/projects/${project.projectId}`;
    const member = await subUser(otherOrg, ["CA"]);
    const attempts = [
      other.request(path),
      other.request(path, { method: "PUT", body: form({ name: "Taken-Over" }) }),
      other.request(`${path}/candidates`),
      other.request(`${path}/members`, { method: "POST", body: { userSids: [member.id] } }),
      other.request(`${path}/members/${await userIdOf(t, "demotenant")}`, { method: "DELETE" }),
      other.request(path, { method: "DELETE" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(404);
    }
    const listed = await other.request<Page<Project>>("/api/res/projects", { query: { pageSize: 200 } });
    expect(listed.body.data.list.some((p) => p.projectId === project.projectId)).toBe(false);
    const after = await tenant.request<Project>(path);
    expect(after.body.data).toMatchObject({ name: project.name, memberCount: 0 });
    expect((await tenant.request(`/api/res/projects/not-a-uuid`)).status).toBe(400);
  });

  it("lets CH04 list and read but only CH0401 write; others and platform accounts are refused", async () => {
    const project = await create(tenant);
    const path = `/api/res/projects/${project.projectId}`;
    const readOnly = await signedIn(t.app, t.clock, await subUser(DEMO_ORG, ["CA", "CH04"]));
    expect((await readOnly.request("/api/res/projects")).status).toBe(200);
    expect((await readOnly.request(path)).status).toBe(200);
    const writes = [
      readOnly.request("/api/res/projects", { method: "POST", body: form() }),
      readOnly.request(path, { method: "PUT", body: form() }),
      readOnly.request(path, { method: "DELETE" }),
      readOnly.request(`${path}/candidates`),
      readOnly.request(`${path}/members`, {
        method: "POST",
        body: { userSids: [await userIdOf(t, "demoreader")] },
      }),
      readOnly.request(`${path}/members/${await userIdOf(t, "demoreader")}`, { method: "DELETE" }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);
    expect((await tenant.request<Project>(path)).body.data).toMatchObject({
      name: project.name,
      memberCount: 0,
    });

    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await reader.request("/api/res/projects")).status).toBe(403);
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await admin.request("/api/res/projects")).status).toBe(403);
  });
});

describe("data scope", () => {
  it("gives tenant administrators the tenant and project members their projects", async () => {
    const older = await create(tenant, { name: `Older-${unique()}` });
    t.clock.advanceMinutes(1);
    const newer = await create(tenant, { name: `Newer-${unique()}` });
    t.clock.advanceMinutes(1);
    const outside = await create(tenant, { name: `Outside-${unique()}` });
    const user = await subUser(DEMO_ORG, ["CA"]);
    const client = await signedIn(t.app, t.clock, user);
    const me = async () => (await client.request<Me>("/api/users/token")).body.data;

    expect(await me()).toMatchObject({ maxDataScope: "project", projectId: null });
    for (const p of [newer, older]) {
      const res = await tenant.request(`/api/res/projects/${p.projectId}/members`, {
        method: "POST",
        body: { userSids: [user.id] },
      });
      expect(res.status).toBe(200);
    }
    // The first project (oldest) is the default one, without waiting for the principal cache.
    expect(await me()).toMatchObject({ maxDataScope: "project", projectId: older.projectId });
    // A chosen project the user belongs to wins.
    await t.database.db.update(users).set({ projectId: newer.projectId }).where(eq(users.id, user.id));
    await tenant.request(`/api/res/projects/${outside.projectId}/members`, {
      method: "POST",
      body: { userSids: [user.id] },
    });
    expect((await me()).projectId).toBe(newer.projectId);
    await tenant.request(`/api/res/projects/${newer.projectId}/members/${user.id}`, { method: "DELETE" });
    expect((await me()).projectId).toBe(older.projectId);
    await tenant.request(`/api/res/projects/${older.projectId}`, { method: "DELETE" });
    expect((await me()).projectId).toBe(outside.projectId);

    expect((await tenant.request<Me>("/api/users/token")).body.data.maxDataScope).toBe("tenant");
    const admin = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await admin.request<Me>("/api/users/token")).body.data).toMatchObject({
      maxDataScope: "all",
      projectId: null,
    });
  });

  it("filters rows by scope: administrators see the tenant, members their projects, nobody another tenant", async () => {
    const scopes = createDataScope(t.database.db, t.clock, { onForgetUser: () => {} });
    const mine = await create(tenant, { name: `Mine-${unique()}` });
    const notMine = await create(tenant, { name: `NotMine-${unique()}` });
    await create(other, { name: `Theirs-${unique()}` });
    const member = await subUser(DEMO_ORG, ["CA"]);
    await t.database.db.insert(projectMembers).values({ projectId: mine.projectId, userId: member.id });
    // A sub-user in the tenant's built-in administrator group sees the whole tenant.
    const groupAdmin = await subUser(DEMO_ORG, ["CA"]);
    const [adminGroup] = await t.database.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.orgId, DEMO_ORG), eq(userGroups.key, "administrator")));
    await addToGroup(t.database.db, adminGroup!.id, groupAdmin.id);

    const visible = async (subject: { userId: string; orgId: string | null; roleId: number }) => {
      const scope = await scopes.of(subject);
      const rows = await t.database.db
        .select({ id: projects.id, orgId: projects.orgId })
        .from(projects)
        .where(scopeCondition(scope, { orgId: projects.orgId, projectId: projects.id }))
        .orderBy(asc(projects.name));
      for (const row of rows) expect(inScope(scope, row.orgId, row.id)).toBe(true);
      return { scope, ids: rows.map((r) => r.id), orgs: new Set(rows.map((r) => r.orgId)) };
    };

    const memberView = await visible({ userId: member.id, orgId: DEMO_ORG, roleId: ROLE.subUser });
    expect(memberView.scope).toEqual({ kind: "projects", orgId: DEMO_ORG, projectIds: [mine.projectId] });
    expect(memberView.ids).toEqual([mine.projectId]);
    expect(inScope(memberView.scope, DEMO_ORG, notMine.projectId)).toBe(false);
    expect(inScope(memberView.scope, otherOrg, mine.projectId)).toBe(false);

    const owner = await userIdOf(t, "demotenant");
    for (const subject of [
      { userId: owner, orgId: DEMO_ORG, roleId: ROLE.tenantAdmin },
      { userId: groupAdmin.id, orgId: DEMO_ORG, roleId: ROLE.subUser },
    ]) {
      const view = await visible(subject);
      expect(view.scope).toEqual({ kind: "tenant", orgId: DEMO_ORG });
      expect(view.ids).toEqual(expect.arrayContaining([mine.projectId, notMine.projectId]));
      expect([...view.orgs]).toEqual([DEMO_ORG]);
    }

    const nobody = await visible({
      userId: (await subUser(DEMO_ORG, ["CA"])).id,
      orgId: DEMO_ORG,
      roleId: ROLE.subUser,
    });
    expect(nobody.ids).toEqual([]);
    const platform = await visible({
      userId: await userIdOf(t, "admin"),
      orgId: null,
      roleId: ROLE.platformAdmin,
    });
    expect(platform.scope).toEqual({ kind: "all" });
    expect(platform.orgs.has(otherOrg) && platform.orgs.has(DEMO_ORG)).toBe(true);
  });
});
