// Issue 11 §7: nobody grants beyond their own rights. Generated over every built-in set a tenant
// can hand out: for an actor holding exactly that set (and seeing one project), every path that
// would give a user a code or a data scope outside the set — groups, permission sets, direct
// grants, project memberships, taking over a stronger user — is refused with 403 and a clear
// message, and nothing changes. Where the set allows the path at all, a grant within the set
// still works, so the refusals are the limits and not some other failure.
import {
  BUILT_IN_PERMISSION_SETS,
  ERRORS,
  type ErrorKey,
  type PermissionCode,
  TENANT_PERMISSION_CODES,
} from "@skyledger/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionsOf as codesOf } from "../src/modules/iam/iam.repo";
import {
  permissionSets,
  projectMembers,
  userGroupMembers,
  userGroupPermissionSets,
  userGroups,
  userPermissionSets,
  users,
} from "../src/modules/iam/iam.schema";
import { DEMO, type Reply, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import {
  answerStepUps,
  builtInGroup,
  createGroup,
  createSubUser,
  DEMO_ORG_ID,
  DEMO_TENANT_MOBILE,
  type SubUser,
  subUserForm,
  verifyPhone,
} from "./support/iam";

/** The catalogue's English text with its parameters, as a pattern. */
const catalogueText = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+")}$`);

const TENANT_SETS = BUILT_IN_PERMISSION_SETS.filter((set) => set.codes.every((c) => c.startsWith("C")));

let t: TestApp;
let admin: TestClient;
/** A user holding only CA through `weakGroup`, which grants `weakSet`; in no project. */
let weak: SubUser;
let weakGroup: string;
let weakSet: string;
/** A member of the built-in administrator group: every tenant code, the whole organisation. */
let strong: SubUser;
let administrators: string;
let otherProject: string;

async function project(name: string): Promise<string> {
  const res = await admin.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name, description: "", contact: "Alice", phone: uniquePhone() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.projectId;
}

/** A sub-user holding exactly `setKey` (granted directly) and member of one project of their own. */
async function actorHolding(setKey: string): Promise<TestClient> {
  const user = await createSubUser(admin, [weakGroup]);
  const granted = await admin.request(`/api/res/subuser/${user.userSid}/polices`, {
    method: "POST",
    body: { permissionSetId: `builtin:${setKey}` },
  });
  expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  const joined = await admin.request(`/api/res/projects/${await project(`Own${unique()}`)}/members`, {
    method: "POST",
    body: { userSids: [user.userSid] },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const client = await signedIn(t.app, t.clock, user);
  await verifyPhone(t, client, user.mobile);
  return answerStepUps(t, client, user.mobile);
}

/** Everything a grant could change: memberships, grants, sets' codes, users, the strong user's account. */
async function state() {
  const db = t.database.db;
  const rows = async <T>(q: Promise<T[]>) => JSON.stringify(await q);
  return {
    weakCodes: await codesOf(db, weak.userSid),
    memberships: await rows(
      db.select().from(userGroupMembers).orderBy(asc(userGroupMembers.groupId), asc(userGroupMembers.userId)),
    ),
    groupSets: await rows(
      db
        .select()
        .from(userGroupPermissionSets)
        .orderBy(asc(userGroupPermissionSets.groupId), asc(userGroupPermissionSets.permissionSetId)),
    ),
    directSets: await rows(
      db
        .select()
        .from(userPermissionSets)
        .orderBy(asc(userPermissionSets.userId), asc(userPermissionSets.permissionSetId)),
    ),
    projectMembers: await rows(
      db.select().from(projectMembers).orderBy(asc(projectMembers.projectId), asc(projectMembers.userId)),
    ),
    weakSet: await rows(
      db.select({ codes: permissionSets.codes }).from(permissionSets).where(eq(permissionSets.id, weakSet)),
    ),
    users: (await db.select({ n: count() }).from(users))[0]?.n,
    groups: (await db.select({ n: count() }).from(userGroups).where(eq(userGroups.orgId, DEMO_ORG_ID)))[0]?.n,
    strong: await rows(
      db
        .select({ hash: users.passwordHash, mobile: users.mobile, email: users.email, status: users.status })
        .from(users)
        .where(eq(users.id, strong.userSid)),
    ),
  };
}

type Path = {
  name: string;
  /** The code the path needs at all (without it the answer is the plain 403). */
  code: PermissionCode;
  /**
   * The refusal the limits give a holder of `code`; for the administrator group, the codes it
   * grants are checked first, then its data scope (the only excess of the tenant administrator's set).
   */
  refusal: ErrorKey;
  /** Only paths handing out codes: for a set holding every tenant code there is nothing beyond it. */
  codesOnly?: true;
  run(actor: TestClient, outside: { setId: string; codes: string[] }): Promise<Reply>;
};

const PATHS: Path[] = [
  {
    name: "creating a user in the administrator group",
    code: "CH0101",
    refusal: "ADMIN_GROUP_SCOPE_REQUIRED",
    run: (actor) =>
      actor.request("/api/res/subuser", { method: "POST", body: subUserForm([administrators]) }),
  },
  {
    name: "putting a user in the administrator group from the user's page",
    code: "CH0101",
    refusal: "ADMIN_GROUP_SCOPE_REQUIRED",
    run: (actor) =>
      actor.request(`/api/res/subuser/${weak.userSid}/groups`, {
        method: "PUT",
        body: { groupIds: [weakGroup, administrators] },
      }),
  },
  {
    name: "adding a member to the administrator group",
    code: "CH0201",
    refusal: "ADMIN_GROUP_SCOPE_REQUIRED",
    run: (actor) =>
      actor.request(`/api/res/user_group/${administrators}/members`, {
        method: "POST",
        body: { userIds: [weak.userSid] },
      }),
  },
  {
    name: "granting a set to a user directly",
    code: "CH0101",
    refusal: "GRANT_EXCEEDS_OWN",
    codesOnly: true,
    run: (actor, outside) =>
      actor.request(`/api/res/subuser/${weak.userSid}/polices`, {
        method: "POST",
        body: { permissionSetId: outside.setId },
      }),
  },
  {
    name: "attaching a set to a group with members",
    code: "CH0201",
    refusal: "GRANT_EXCEEDS_OWN",
    codesOnly: true,
    run: (actor, outside) =>
      actor.request(`/api/res/user_group/${weakGroup}/polices`, {
        method: "PUT",
        body: { permissionSetIds: [weakSet, outside.setId] },
      }),
  },
  {
    name: "creating a group with a set",
    code: "CH0201",
    refusal: "GRANT_EXCEEDS_OWN",
    codesOnly: true,
    run: (actor, outside) =>
      actor.request("/api/res/user_group", {
        method: "POST",
        body: { name: `Wide${unique()}`, description: "", parentId: null, permissionSetIds: [outside.setId] },
      }),
  },
  {
    name: "adding codes to a custom set granted to others",
    code: "CH0501",
    refusal: "GRANT_EXCEEDS_OWN",
    codesOnly: true,
    run: (actor, outside) =>
      actor.request(`/api/res/polices/${weakSet}`, {
        method: "PUT",
        body: { name: "Weak", description: "", codes: ["CA", ...outside.codes], shared: false },
      }),
  },
  {
    name: "adding a user to a project outside one's data scope",
    code: "CH0401",
    refusal: "PROJECT_SCOPE_REQUIRED",
    run: (actor) =>
      actor.request(`/api/res/projects/${otherProject}/members`, {
        method: "POST",
        body: { userSids: [weak.userSid] },
      }),
  },
  {
    name: "resetting the password of a user holding more",
    code: "CH0101",
    refusal: "TARGET_EXCEEDS_OWN",
    run: (actor) =>
      actor.request(`/api/res/subuser/${strong.userSid}/reset_password`, { method: "POST", body: {} }),
  },
  {
    name: "changing the phone of a user holding more",
    code: "CH0101",
    refusal: "TARGET_EXCEEDS_OWN",
    run: (actor) =>
      actor.request(`/api/res/subuser/${strong.userSid}`, {
        method: "PUT",
        body: { realName: "Taken", email: strong.email, mobile: uniquePhone() },
      }),
  },
];

beforeAll(async () => {
  t = await startTestApp();
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
  const set = await admin.request<{ id: string }>("/api/res/polices", {
    method: "POST",
    body: { name: "Weak", description: "", codes: ["CA"], shared: false },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  weakSet = set.body.data.id;
  weakGroup = await createGroup(admin, [weakSet]);
  weak = await createSubUser(admin, [weakGroup]);
  administrators = await builtInGroup(t, DEMO_ORG_ID, "administrator");
  strong = await createSubUser(admin, [administrators]);
  otherProject = await project(`Other${unique()}`);
});
afterAll(() => t.close());

describe.each(TENANT_SETS.map((set) => set.key))("an actor holding only the built-in set %s", (key) => {
  it("is refused, with 403 and the reason, every grant beyond the set, and nothing changes", async () => {
    const held = new Set<string>(TENANT_SETS.find((s) => s.key === key)!.codes);
    const actor = await actorHolding(key);
    // A custom set of the codes the actor lacks (none for the tenant administrator's set).
    const outsideCodes = TENANT_PERMISSION_CODES.filter((c) => !held.has(c));
    const outside = { setId: "", codes: outsideCodes };
    if (outsideCodes.length > 0) {
      const made = await admin.request<{ id: string }>("/api/res/polices", {
        method: "POST",
        body: { name: `Outside${unique()}`, description: "", codes: outsideCodes, shared: false },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      outside.setId = made.body.data.id;
    }
    let tried = 0;
    for (const path of PATHS) {
      if (path.codesOnly && outsideCodes.length === 0) continue;
      tried++;
      const before = await state();
      const res = await path.run(actor, outside);
      const label = `${key}, ${path.name}: ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, label).toBe(403);
      const refusal =
        path.refusal === "ADMIN_GROUP_SCOPE_REQUIRED" && outsideCodes.length > 0
          ? "GRANT_EXCEEDS_OWN"
          : path.refusal;
      const expected = held.has(path.code) ? ERRORS[refusal] : ERRORS.NO_PERMISSION;
      expect(res.body.code, label).toBe(expected.code);
      expect(res.body.message, label).toMatch(catalogueText(expected.en));
      expect(await state(), label).toEqual(before);
    }
    expect(tried).toBeGreaterThanOrEqual(PATHS.filter((p) => !p.codesOnly).length);
  });
});

describe("grants within the actor's own rights", () => {
  it("still work for an access-control administrator: a set, a group and a project they hold", async () => {
    const actor = await actorHolding("iamAdmin");
    const me = await actor.request<{ userSid: string }>("/api/users/token");
    const grant = await actor.request(`/api/res/subuser/${weak.userSid}/polices`, {
      method: "POST",
      body: { permissionSetId: "builtin:iamReadOnly" },
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    expect(await codesOf(t.database.db, weak.userSid)).toEqual(["CA", "CH01", "CH02", "CH04", "CH05"]);
    const group = await actor.request<{ id: string }>("/api/res/user_group", {
      method: "POST",
      body: {
        name: `Readers${unique()}`,
        description: "",
        parentId: null,
        permissionSetIds: ["builtin:iamReadOnly"],
      },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    const [own] = await t.database.db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(eq(projectMembers.userId, me.body.data.userSid));
    const joined = await actor.request(`/api/res/projects/${own!.projectId}/members`, {
      method: "POST",
      body: { userSids: [weak.userSid] },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const taken = await actor.request(`/api/res/subuser/${weak.userSid}/polices`, {
      method: "DELETE",
      query: { permissionSetId: "builtin:iamReadOnly" },
    });
    expect(taken.status).toBe(200);
  });

  it("still work for the tenant administrator, whatever they hand out", async () => {
    const added = await admin.request(`/api/res/user_group/${administrators}/members`, {
      method: "POST",
      body: { userIds: [weak.userSid] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const removed = await admin.request(`/api/res/user_group/${administrators}/members/${weak.userSid}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(userGroupMembers)
        .where(and(eq(userGroupMembers.groupId, administrators), eq(userGroupMembers.userId, weak.userSid))),
    ).toEqual([]);
  });
});
