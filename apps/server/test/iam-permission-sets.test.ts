// Permission sets of a tenant (page `strategy`, resource API `polices`): built-in sets read-only,
// custom sets from the code catalogue, the shared-set creator rule, immediate effect on holders,
// tenant isolation and the audit trail.
import { BUILT_IN_PERMISSION_SETS, PERMISSION_CODES } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { permissionSets, userPermissionSets } from "../src/modules/iam/iam.schema";
import { DEMO, signedIn, TestClient } from "./support/client";
import { countRows, registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import {
  answerStepUps,
  auditRows,
  builtInGroup,
  createSubUser,
  DEMO_ORG_ID,
  DEMO_TENANT_ID,
  DEMO_TENANT_MOBILE,
  orgIdOf,
  permissionsOf,
  READER_SET_ID,
  signedInSubUser,
} from "./support/iam";

type SetRow = {
  id: string;
  key: string | null;
  name: string;
  source: "builtIn" | "custom";
  codes: string[];
  shared: boolean;
  createdBy: string | null;
  createdByAccount: string | null;
  mayChange: boolean;
  groupCount: number;
  userCount: number;
};

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  // The tenant administrator passes SMS step-up whenever a credential path asks for it.
  admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
});
afterAll(() => t.close());

async function listAs(client: TestClient, query: Record<string, string> = {}) {
  const res = await client.request<{ list: SetRow[]; total: number }>("/api/res/polices", {
    query: { pageSize: 200, ...query },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

async function createSet(client: TestClient, body: Record<string, unknown>) {
  const res = await client.request<{ id: string }>("/api/res/polices", {
    method: "POST",
    body: { description: "", shared: false, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

describe("the list and the catalogue", () => {
  it("show the built-in sets a tenant may grant and the organisation's own sets, never the operators'", async () => {
    const sets = await listAs(admin);
    const builtIn = sets.filter((s) => s.source === "builtIn").map((s) => s.key);
    const tenantKeys = BUILT_IN_PERMISSION_SETS.filter((s) => s.codes.every((c) => c.startsWith("C"))).map(
      (s) => s.key,
    );
    expect(builtIn.sort()).toEqual([...tenantKeys].sort());
    expect(builtIn).not.toContain("platformAdmin");
    const reader = sets.find((s) => s.id === READER_SET_ID)!;
    expect(reader).toMatchObject({ source: "custom", codes: ["CA", "CC03"], userCount: 1, mayChange: true });
    expect(sets.find((s) => s.key === "tenantAdmin")).toMatchObject({ mayChange: false, groupCount: 1 });
    expect((await listAs(admin, { source: "custom" })).map((s) => s.id)).toEqual([READER_SET_ID]);

    const other = await signedIn(t.app, t.clock, await registerTenant(t, new TestClient(t.app, t.clock)));
    expect((await listAs(other)).some((s) => s.id === READER_SET_ID)).toBe(false);
  });

  it("lists every tenant code with both descriptions and a category, and no operator code", async () => {
    const res =
      await admin.request<
        { code: string; descriptionZh: string; descriptionEn: string; category: string; source: string }[]
      >("/api/res/polices/codes");
    expect(res.status).toBe(200);
    const codes = res.body.data.map((c) => c.code);
    expect(codes).toEqual(Object.keys(PERMISSION_CODES).filter((c) => c.startsWith("C")));
    expect(codes.some((c) => c.startsWith("B"))).toBe(false);
    expect(res.body.data.find((c) => c.code === "CH06")).toEqual({
      code: "CH06",
      descriptionZh: "访问密钥",
      descriptionEn: "Access keys",
      category: "accessControl",
      source: "builtIn",
    });
    expect(res.body.data.find((c) => c.code === "CC03")?.category).toBe("costCentre");
  });
});

describe("custom sets", () => {
  it("are validated: name rule, unique name, known tenant codes, description length", async () => {
    await createSet(admin, { name: "Tickets-only", codes: ["CD", "CA"] });
    const before = await countRows(t, permissionSets);
    for (const [body, code] of [
      [{ name: "tickets-ONLY", codes: ["CA"] }, 24020],
      [{ name: "a", codes: ["CA"] }, 400],
      [{ name: "Bad*name", codes: ["CA"] }, 400],
      [{ name: "Operators", codes: ["BA01"] }, 400],
      [{ name: "Unknown", codes: ["CZ99"] }, 400],
      [{ name: "Empty", codes: [] }, 400],
      [{ name: "Long", codes: ["CA"], description: "d".repeat(257) }, 400],
    ] as const) {
      const res = await admin.request("/api/res/polices", {
        method: "POST",
        body: { description: "", shared: false, ...body },
      });
      expect(res.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await countRows(t, permissionSets)).toBe(before);
  });

  it("take effect for their holders at once when changed, and take the grants with them when deleted", async () => {
    const id = await createSet(admin, { name: "Quota-viewers", codes: ["CA", "CG"] });
    const user = await createSubUser(admin, [await builtInGroup(t, DEMO_ORG_ID, "hpcCustom")]);
    await admin.request(`/api/res/subuser/${user.userSid}/polices`, {
      method: "POST",
      body: { permissionSetId: id },
    });
    const client = await signedIn(t.app, t.clock, user);
    expect(await permissionsOf(client)).toEqual(["CA", "CB17", "CB1701", "CB18", "CG"]);

    const changed = await admin.request(`/api/res/polices/${id}`, {
      method: "PUT",
      body: {
        name: "Quota-and-tickets",
        description: "Quota and tickets",
        codes: ["CD", "CG", "CA"],
        shared: false,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await permissionsOf(client)).toEqual(["CA", "CB17", "CB1701", "CB18", "CD", "CG"]);
    const row = (await listAs(admin)).find((s) => s.id === id)!;
    expect(row).toMatchObject({
      name: "Quota-and-tickets",
      codes: ["CD", "CG", "CA"].sort(byCatalogue),
      userCount: 1,
    });

    expect((await admin.request(`/api/res/polices/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await permissionsOf(client)).toEqual(["CA", "CB17", "CB1701", "CB18"]);
    expect(
      await t.database.db.select().from(userPermissionSets).where(eq(userPermissionSets.permissionSetId, id)),
    ).toEqual([]);
    for (const action of ["permissionSet.created", "permissionSet.updated", "permissionSet.deleted"]) {
      const [entry] = await auditRows(t, action, id);
      expect(entry, action).toMatchObject({ actorId: DEMO_TENANT_ID, orgId: DEMO_ORG_ID, ip: "127.0.0.1" });
    }
  });

  it("keep built-in sets read-only", async () => {
    const body = { name: "Mine-now", description: "", codes: ["CA"], shared: false };
    for (const id of ["builtin:iamAdmin", "builtin:tenantAdmin"]) {
      expect((await admin.request(`/api/res/polices/${id}`, { method: "PUT", body })).body.code).toBe(24021);
      expect((await admin.request(`/api/res/polices/${id}`, { method: "DELETE" })).body.code).toBe(24021);
    }
    expect(
      (await admin.request("/api/res/polices/builtin:platformAdmin", { method: "PUT", body })).status,
    ).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(permissionSets)
      .where(eq(permissionSets.id, "builtin:iamAdmin"));
    expect(row?.codes).toContain("CH0101");
  });
});

const ORDER = Object.keys(PERMISSION_CODES);
function byCatalogue(a: string, b: string) {
  return ORDER.indexOf(a) - ORDER.indexOf(b);
}

describe("shared sets", () => {
  it("are used by every administrator but changed or deleted only by their creator", async () => {
    const { client: creator, user } = await signedInSubUser(t, admin, ["builtin:iamAdmin"]);
    const id = await createSet(creator, { name: "Shared-bills", codes: ["CA", "CC03"], shared: true });
    const update = { name: "Shared-bills", description: "", codes: ["CA"], shared: true };

    const seen = (await listAs(admin)).find((s) => s.id === id)!;
    expect(seen).toMatchObject({
      shared: true,
      createdBy: user.userSid,
      createdByAccount: user.account,
      mayChange: false,
    });
    expect((await listAs(creator)).find((s) => s.id === id)?.mayChange).toBe(true);
    // Using it is open to everyone.
    const target = await createSubUser(admin, [await builtInGroup(t, DEMO_ORG_ID, "projectMember")]);
    const grant = await admin.request(`/api/res/subuser/${target.userSid}/polices`, {
      method: "POST",
      body: { permissionSetId: id },
    });
    expect(grant.status).toBe(200);

    expect((await admin.request(`/api/res/polices/${id}`, { method: "PUT", body: update })).body.code).toBe(
      24022,
    );
    expect((await admin.request(`/api/res/polices/${id}`, { method: "DELETE" })).body.code).toBe(24022);
    const [unchanged] = await t.database.db.select().from(permissionSets).where(eq(permissionSets.id, id));
    expect(unchanged?.codes).toEqual(["CA", "CC03"]);

    expect((await creator.request(`/api/res/polices/${id}`, { method: "PUT", body: update })).status).toBe(
      200,
    );
    const unshare = await creator.request(`/api/res/polices/${id}`, {
      method: "PUT",
      body: { ...update, shared: false },
    });
    expect(unshare.status).toBe(200);
    // Unshared, any administrator may change it, but sharing it again is the creator's decision.
    const edit = await admin.request(`/api/res/polices/${id}`, {
      method: "PUT",
      body: { ...update, codes: ["CA", "CF"], shared: false },
    });
    expect(edit.status).toBe(200);
    const reshare = await admin.request(`/api/res/polices/${id}`, { method: "PUT", body: update });
    expect(reshare.body.code).toBe(24022);
    expect((await creator.request(`/api/res/polices/${id}`, { method: "DELETE" })).status).toBe(200);
  });
});

describe("another tenant", () => {
  it("gets 404 changing or granting the first tenant's sets and changes nothing", async () => {
    const id = await createSet(admin, { name: "Private-set", codes: ["CA", "CF"] });
    const other = await registerTenant(t, new TestClient(t.app, t.clock));
    const intruder = answerStepUps(t, await signedIn(t.app, t.clock, other), other.mobile);
    const body = { name: "Stolen", description: "", codes: ["CA"], shared: false };
    expect((await intruder.request(`/api/res/polices/${id}`, { method: "PUT", body })).status).toBe(404);
    expect((await intruder.request(`/api/res/polices/${id}`, { method: "DELETE" })).status).toBe(404);
    const theirs = await createSubUser(intruder, [
      await builtInGroup(t, await orgIdOf(t, other.userSid), "projectMember"),
    ]);
    const grant = await intruder.request(`/api/res/subuser/${theirs.userSid}/polices`, {
      method: "POST",
      body: { permissionSetId: id },
    });
    expect(grant.status).toBe(404);
    const [row] = await t.database.db.select().from(permissionSets).where(eq(permissionSets.id, id));
    expect(row).toMatchObject({ name: "Private-set", codes: ["CA", "CF"] });
  });

  it("is refused to read-only administrators", async () => {
    const { client } = await signedInSubUser(t, admin, ["builtin:iamReadOnly"]);
    expect((await client.request("/api/res/polices")).status).toBe(200);
    expect((await client.request("/api/res/polices/codes")).status).toBe(200);
    const refused = await client.request("/api/res/polices", {
      method: "POST",
      body: { name: "Nope", description: "", codes: ["CA"], shared: false },
    });
    expect(refused.status).toBe(403);
  });
});
