// Security groups (CB09, issue 15 item 3) on the simulated network service: the default group made
// once and never deleted; every spec §5 rule check with its message, refused before the cloud is
// asked; duplicates refused; groups in use refused naming the hosts or groups that use them; hosts
// bound and unbound on the cloud (a running host too); a cloud refusal leaves no row behind and
// its failure in the audit log; another tenant and a user without CB09 reach nothing.
import { randomUUID } from "node:crypto";
import type { Page, SecurityGroupDetail, SecurityGroupHost, SecurityGroupRecord } from "@skyledger/contracts";
import { ERRORS, errorText } from "@skyledger/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  securityGroupRules,
  securityGroups,
} from "../src/modules/network/security-groups/security-groups.schema";
import { STUCK_AFTER_MS } from "../src/modules/network/stuck-rows";
import { resources } from "../src/modules/resources/resources.schema";
import { createSimulatorNetwork } from "../src/providers/network/simulator-network";
import { simNetworkObjects } from "../src/providers/network/simulator-network.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, auditRows, DEMO_ORG_ID, DEMO_TENANT_MOBILE, signedInSubUser } from "./support/iam";

let t: TestApp;
let tenant: TestClient;
let other: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  other = await signedIn(t.app, t.clock, await registerTenant(t, operator));
});
afterAll(() => t.close());

const BASE = "/api/res/security-groups";

/** Everything the simulated cloud holds: a refused request must leave it as it was. */
async function cloudObjects(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(simNetworkObjects);
  return row?.n ?? 0;
}

async function createGroup(client: TestClient, name = `sg-${unique().slice(-8)}`) {
  const res = await client.request<SecurityGroupRecord>(BASE, {
    method: "POST",
    body: { name, description: "" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const tcp = (portStart: number | null, portEnd: number | null, extra: Record<string, unknown> = {}) => ({
  direction: "inbound",
  protocol: "tcp",
  portStart,
  portEnd,
  priority: 10,
  remoteType: "cidr",
  remoteCidr: "0.0.0.0/0",
  remoteGroupId: null,
  ...extra,
});

const addRule = (client: TestClient, groupId: string, body: Record<string, unknown>, lang = "en-US") =>
  client.request<{ id: string; priority: number }>(`${BASE}/${groupId}/rules`, {
    method: "POST",
    body,
    headers: { "accept-language": lang },
  });

const detail = async (client: TestClient, id: string) =>
  (await client.request<SecurityGroupDetail>(`${BASE}/${id}`)).body.data;

/** A host of the demo organisation as provisioning leaves it: running, with the provider's ref. */
async function host(status: "running" | "stopped" | "creating" = "running", orgId = DEMO_ORG_ID) {
  const id = randomUUID();
  const now = t.clock.now();
  await t.database.db.insert(resources).values({
    id,
    orgId,
    kind: "host",
    name: `vm-${unique().slice(-6)}`,
    spec: { kind: "host", flavorId: "c2m4", imageId: "ubuntu-22.04" } as never,
    status,
    providerRef: status === "creating" ? null : `sim-host-${id}`,
    createdAt: now,
    updatedAt: now,
  });
  const [row] = await t.database.db.select().from(resources).where(eq(resources.id, id));
  return row!;
}

/** The groups the simulated cloud has the host in. */
async function cloudGroupsOf(hostRef: string): Promise<string[]> {
  const [row] = await t.database.db
    .select()
    .from(simNetworkObjects)
    .where(eq(simNetworkObjects.clientToken, `host-groups:${hostRef}`));
  return (row?.body.groups as string[] | undefined) ?? [];
}

const cloudRefOf = async (id: string) =>
  (await t.database.db.select().from(securityGroups).where(eq(securityGroups.id, id)))[0]!.cloudRef!;

describe("the default group", () => {
  it("is made once when the list is first read, with its two rules on the cloud, and cannot be deleted", async () => {
    const first = await tenant.request<Page<SecurityGroupRecord>>(BASE);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const defaults = first.body.data.list.filter((g) => g.isDefault);
    expect(defaults).toHaveLength(1);
    const group = defaults[0]!;
    expect(group).toMatchObject({ name: "default", status: "active", ruleCount: 2 });
    const again = await tenant.request<Page<SecurityGroupRecord>>(BASE);
    expect(again.body.data.list.filter((g) => g.isDefault).map((g) => g.id)).toEqual([group.id]);
    const rules = (await detail(tenant, group.id)).rules;
    expect(rules.map((r) => [r.direction, r.protocol, r.remoteCidr ?? r.remoteGroupName])).toEqual(
      expect.arrayContaining([
        ["outbound", "any", "0.0.0.0/0"],
        ["inbound", "any", "default"],
      ]),
    );
    expect(await auditRows(t, "securityGroup.defaultCreated", group.id)).toHaveLength(1);

    const before = await cloudObjects();
    const refused = await tenant.request(`${BASE}/${group.id}`, { method: "DELETE" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ERRORS.SECURITY_GROUP_DEFAULT.code);
    expect(await cloudObjects()).toBe(before);
  });
});

describe("creating and deleting a group", () => {
  it("makes the group on the cloud with its audit row, refuses a taken name, and deletes it", async () => {
    const name = `web-${unique().slice(-6)}`;
    const group = await createGroup(tenant, name);
    expect(group).toMatchObject({ name, status: "active", isDefault: false, ruleCount: 0 });
    const ref = await cloudRefOf(group.id);
    expect(ref).toMatch(/^sim-securitygroup-/);
    expect(await auditRows(t, "securityGroup.created", group.id)).toHaveLength(1);

    const before = await cloudObjects();
    const taken = await tenant.request(BASE, {
      method: "POST",
      body: { name: name.toUpperCase(), description: "" },
    });
    expect(taken.body.code).toBe(ERRORS.NAME_EXISTS.code);
    const bad = await tenant.request(BASE, { method: "POST", body: { name: "bad name!", description: "" } });
    expect(bad.status).toBe(400);
    expect(await cloudObjects()).toBe(before);

    const gone = await tenant.request(`${BASE}/${group.id}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(
      await t.database.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.ref, ref)),
    ).toEqual([]);
    expect((await tenant.request(`${BASE}/${group.id}`)).status).toBe(404);
    expect(await auditRows(t, "securityGroup.deleted", group.id)).toHaveLength(1);
  });
});

describe("rules", () => {
  it("refuse every bad port range, priority and authorised object with its message, asking the cloud nothing", async () => {
    const group = await createGroup(tenant);
    const before = await cloudObjects();
    const cases: [Record<string, unknown>, string, string][] = [
      [tcp(80, 22), "portEnd", "The end port must not be empty or smaller than the start port"],
      [tcp(80, null), "portEnd", "The end port must not be empty or smaller than the start port"],
      [tcp(null, 80), "portStart", "Enter the start port"],
      [tcp(0, 80), "portStart", "A port is a whole number from 1 to 65535"],
      [tcp(80, 65536), "portEnd", "A port is a whole number from 1 to 65535"],
      [
        tcp(22, 22, { priority: 0 }),
        "priority",
        "The priority is a whole number from 1 to 100, where 1 is the highest",
      ],
      [
        tcp(22, 22, { priority: 101 }),
        "priority",
        "The priority is a whole number from 1 to 100, where 1 is the highest",
      ],
      [tcp(22, 22, { protocol: "icmp" }), "portStart", "ICMP and all-protocol rules take no ports"],
      [
        tcp(22, 22, { remoteCidr: "10.0.0.1/24" }),
        "remoteCidr",
        "Enter a CIDR block such as 0.0.0.0/0 or 10.0.0.0/24",
      ],
      [tcp(22, 22, { remoteType: "group", remoteCidr: null }), "remoteGroupId", "This field is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await addRule(tenant, group.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const fields = (res.body.data as unknown as { fields: { path: string; message: string }[] }).fields;
      expect(fields, JSON.stringify(body)).toContainEqual({ path: field, message });
    }
    const zh = await addRule(tenant, group.id, tcp(80, 22), "zh-CN");
    expect(zh.body.message).toBe("结束端口不能为空或小于起始端口");
    expect(await cloudObjects()).toBe(before);
    expect((await detail(tenant, group.id)).rules).toEqual([]);
  });

  it("are added on the cloud in priority order, a duplicate refused whatever its priority, and deleted", async () => {
    const group = await createGroup(tenant);
    const ssh = await addRule(tenant, group.id, tcp(22, 22, { priority: 50 }));
    expect(ssh.status, JSON.stringify(ssh.body)).toBe(200);
    const icmp = await addRule(tenant, group.id, {
      ...tcp(null, null, { protocol: "icmp", priority: 1 }),
    });
    expect(icmp.status, JSON.stringify(icmp.body)).toBe(200);
    const out = await addRule(
      tenant,
      group.id,
      tcp(1, 65535, { direction: "outbound", protocol: "udp", priority: 100 }),
    );
    expect(out.status).toBe(200);
    const rules = (await detail(tenant, group.id)).rules;
    expect(rules.map((r) => [r.priority, r.protocol, r.portStart, r.portEnd, r.status])).toEqual([
      [1, "icmp", null, null, "active"],
      [50, "tcp", 22, 22, "active"],
      [100, "udp", 1, 65535, "active"],
    ]);
    const audit = await auditRows(t, "securityGroup.ruleAdded", group.id);
    expect(audit.map((a) => (a.detail as { securityRule: string }).securityRule)).toContain(
      "inbound tcp 22-22 from 0.0.0.0/0, priority 50",
    );

    const before = await cloudObjects();
    const dup = await addRule(tenant, group.id, tcp(22, 22, { priority: 7 }));
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe(ERRORS.SECURITY_RULE_DUPLICATE.code);
    expect(dup.body.message).toBe(errorText("SECURITY_RULE_DUPLICATE", "en-US", { priority: 50 }));
    expect(await cloudObjects()).toBe(before);

    const removed = await tenant.request(`${BASE}/${group.id}/rules/${ssh.body.data.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(200);
    expect(await cloudObjects()).toBe(before - 1);
    expect((await detail(tenant, group.id)).rules.map((r) => r.priority)).toEqual([1, 100]);
    expect(await auditRows(t, "securityGroup.ruleDeleted", group.id)).toHaveLength(1);
  });

  it("may name another group of the organisation, never another tenant's", async () => {
    const web = await createGroup(tenant);
    const db = await createGroup(tenant);
    const ok = await addRule(
      tenant,
      db.id,
      tcp(5432, 5432, { remoteType: "group", remoteCidr: null, remoteGroupId: web.id }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await detail(tenant, db.id)).rules[0]).toMatchObject({
      remoteGroupId: web.id,
      remoteGroupName: web.name,
    });

    const foreign = await createGroup(other);
    const before = await cloudObjects();
    const refused = await addRule(
      tenant,
      db.id,
      tcp(80, 80, { remoteType: "group", remoteCidr: null, remoteGroupId: foreign.id }),
    );
    expect(refused.body.code).toBe(ERRORS.SECURITY_RULE_REMOTE_GROUP.code);
    expect(await cloudObjects()).toBe(before);

    // In use: named by db's rule, web cannot go, and the message names db.
    const inUse = await tenant.request(`${BASE}/${web.id}`, { method: "DELETE" });
    expect(inUse.body.code).toBe(ERRORS.SECURITY_GROUP_REFERENCED.code);
    expect(inUse.body.message).toContain(db.name);
    expect(await cloudObjects()).toBe(before);
  });

  it("refused by the cloud leave no row, and the failure is in the audit log", async () => {
    const group = await createGroup(tenant);
    // The group disappears from the cloud behind our back: the cloud answers 404 to the rule.
    await t.database.db
      .delete(simNetworkObjects)
      .where(eq(simNetworkObjects.ref, await cloudRefOf(group.id)));
    const res = await addRule(tenant, group.id, tcp(443, 443));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.NETWORK_CLOUD_REFUSED.code);
    expect(
      await t.database.db.select().from(securityGroupRules).where(eq(securityGroupRules.groupId, group.id)),
    ).toEqual([]);
    const [added] = await auditRows(t, "securityGroup.ruleAdded", group.id);
    const [failed] = await auditRows(t, "securityGroup.ruleAddFailed", group.id);
    expect(added).toBeDefined();
    expect((failed!.detail as { reason: string }).reason).toMatch(/could not be found/);
  });
});

describe("a change the server stopped in the middle of", () => {
  it("leaves a group creating, which can be deleted once clearly not in flight, with what the cloud made", async () => {
    // As a stop between the claim and the record leaves it: our row creating, the cloud's group made.
    const id = randomUUID();
    const name = `stuck-${unique().slice(-6)}`;
    await t.database.db.insert(securityGroups).values({
      id,
      orgId: DEMO_ORG_ID,
      projectId: null,
      name,
      description: "",
      status: "creating",
      createdAt: t.clock.now(),
    });
    const cloud = createSimulatorNetwork({ db: t.database.db, clock: t.clock });
    const project = await cloud.ensureProject({ orgId: DEMO_ORG_ID, name: "demo" });
    const ref = await cloud.createSecurityGroup({ clientToken: id, project, name, description: "" });

    const inFlight = await tenant.request(`${BASE}/${id}`, { method: "DELETE" });
    expect(inFlight.body.code).toBe(ERRORS.SECURITY_GROUP_BUSY.code);
    t.clock.advance(STUCK_AFTER_MS + 1000);
    const gone = await tenant.request(`${BASE}/${id}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(
      await t.database.db.select().from(simNetworkObjects).where(eq(simNetworkObjects.ref, ref)),
    ).toEqual([]);
    expect(await t.database.db.select().from(securityGroups).where(eq(securityGroups.id, id))).toEqual([]);
  });

  it("leaves a rule creating, which blocks its duplicate until it is deleted", async () => {
    const group = await createGroup(tenant);
    const ruleId = randomUUID();
    await t.database.db.insert(securityGroupRules).values({
      id: ruleId,
      groupId: group.id,
      orgId: DEMO_ORG_ID,
      direction: "inbound",
      protocol: "tcp",
      portStart: 3389,
      portEnd: 3389,
      priority: 20,
      remoteCidr: "0.0.0.0/0",
      status: "creating",
      createdAt: t.clock.now(),
    });
    expect((await addRule(tenant, group.id, tcp(3389, 3389))).body.code).toBe(
      ERRORS.SECURITY_RULE_DUPLICATE.code,
    );
    t.clock.advance(STUCK_AFTER_MS + 1000);
    const before = await cloudObjects();
    const gone = await tenant.request(`${BASE}/${group.id}/rules/${ruleId}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    // Asked again and deleted: nothing of it is left on the cloud.
    expect(await cloudObjects()).toBe(before);
    expect((await addRule(tenant, group.id, tcp(3389, 3389))).status).toBe(200);
  });
});

describe("hosts bound to a group", () => {
  it("binds a running and a stopped host on the cloud, lists them, refuses the group's deletion naming them, and unbinds", async () => {
    const group = await createGroup(tenant);
    const running = await host("running");
    const stopped = await host("stopped");
    const ref = await cloudRefOf(group.id);

    const bindable = await tenant.request<SecurityGroupHost[]>(`${BASE}/${group.id}/bindable-hosts`);
    expect(bindable.body.data.map((h) => h.hostId)).toEqual(expect.arrayContaining([running.id, stopped.id]));

    for (const h of [running, stopped]) {
      const bound = await tenant.request(`${BASE}/${group.id}/hosts`, {
        method: "POST",
        body: { hostId: h.id },
      });
      expect(bound.status, JSON.stringify(bound.body)).toBe(200);
      expect(await cloudGroupsOf(h.providerRef!)).toEqual([ref]);
    }
    const again = await tenant.request(`${BASE}/${group.id}/hosts`, {
      method: "POST",
      body: { hostId: running.id },
    });
    expect(again.body.code).toBe(ERRORS.SECURITY_HOST_BOUND.code);

    // A second group on the running host: the cloud holds both.
    const second = await createGroup(tenant);
    await tenant.request(`${BASE}/${second.id}/hosts`, { method: "POST", body: { hostId: running.id } });
    expect((await cloudGroupsOf(running.providerRef!)).sort()).toEqual(
      [ref, await cloudRefOf(second.id)].sort(),
    );

    const listed = await tenant.request<Page<SecurityGroupHost>>(`${BASE}/${group.id}/hosts`);
    expect(listed.body.data.list.map((h) => [h.name, h.bindingStatus])).toEqual(
      expect.arrayContaining([
        [running.name, "active"],
        [stopped.name, "active"],
      ]),
    );
    expect(await auditRows(t, "securityGroup.hostBound", group.id)).toHaveLength(2);

    const before = await cloudObjects();
    const inUse = await tenant.request(`${BASE}/${group.id}`, { method: "DELETE" });
    expect(inUse.body.code).toBe(ERRORS.SECURITY_GROUP_BOUND.code);
    expect(inUse.body.message).toContain(running.name);
    expect(inUse.body.message).toContain(stopped.name);
    expect(await cloudObjects()).toBe(before);

    for (const h of [running, stopped]) {
      const un = await tenant.request(`${BASE}/${group.id}/hosts/${h.id}`, { method: "DELETE" });
      expect(un.status, JSON.stringify(un.body)).toBe(200);
    }
    expect(await cloudGroupsOf(running.providerRef!)).toEqual([await cloudRefOf(second.id)]);
    expect(await cloudGroupsOf(stopped.providerRef!)).toEqual([]);
    const notBound = await tenant.request(`${BASE}/${group.id}/hosts/${stopped.id}`, { method: "DELETE" });
    expect(notBound.body.code).toBe(ERRORS.SECURITY_HOST_NOT_BOUND.code);
    expect((await tenant.request(`${BASE}/${group.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("lets a group go once the host bound to it is released, and the cloud drops the binding", async () => {
    const group = await createGroup(tenant);
    const h = await host("running");
    const bound = await tenant.request(`${BASE}/${group.id}/hosts`, {
      method: "POST",
      body: { hostId: h.id },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(await cloudGroupsOf(h.providerRef!)).toEqual([await cloudRefOf(group.id)]);
    // The host is released as unsubscribing leaves it: deleted, its row kept.
    await t.database.db
      .update(resources)
      .set({ status: "deleted", deletedAt: t.clock.now() })
      .where(eq(resources.id, h.id));
    const listed = await tenant.request<Page<SecurityGroupHost>>(`${BASE}/${group.id}/hosts`);
    expect(listed.body.data.total).toBe(0);
    expect((await detail(tenant, group.id)).hostCount).toBe(0);
    const gone = await tenant.request(`${BASE}/${group.id}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await cloudGroupsOf(h.providerRef!)).toEqual([]);
  });

  it("refuses a host still being created, and another tenant's host as a missing one", async () => {
    const group = await createGroup(tenant);
    const foreign = await createGroup(other);
    const creating = await host("creating");
    const mine = await host("running");
    const before = await cloudObjects();
    const res = await tenant.request(`${BASE}/${group.id}/hosts`, {
      method: "POST",
      body: { hostId: creating.id },
    });
    expect(res.body.code).toBe(ERRORS.SECURITY_HOST_STATE.code);
    const cross = await other.request(`${BASE}/${foreign.id}/hosts`, {
      method: "POST",
      body: { hostId: mine.id },
    });
    expect(cross.status).toBe(404);
    expect(await cloudObjects()).toBe(before);
  });
});

describe("who may see and change groups", () => {
  it("answers another tenant 404 for every group call and lists none of ours", async () => {
    const group = await createGroup(tenant);
    const h = await host("running");
    const before = await cloudObjects();
    const calls: [string, string, unknown?][] = [
      ["GET", `${BASE}/${group.id}`],
      ["DELETE", `${BASE}/${group.id}`],
      ["POST", `${BASE}/${group.id}/rules`, tcp(22, 22)],
      ["GET", `${BASE}/${group.id}/hosts`],
      ["GET", `${BASE}/${group.id}/bindable-hosts`],
      ["POST", `${BASE}/${group.id}/hosts`, { hostId: h.id }],
      ["DELETE", `${BASE}/${group.id}/hosts/${h.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.request(url, { method: method as "GET", ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const list = await other.request<Page<SecurityGroupRecord>>(BASE, { query: { pageSize: 200 } });
    expect(list.body.data.list.map((g) => g.id)).not.toContain(group.id);
    expect(await cloudObjects()).toBe(before);
  });

  it("refuses a user without CB09 with 403, and a project member sees only the default group of the tenant's", async () => {
    const admin = answerStepUps(t, await signedIn(t.app, t.clock, DEMO.tenant), DEMO_TENANT_MOBILE);
    const group = await createGroup(admin);
    const noNetwork = await signedInSubUser(t, admin, ["builtin:hpcUse"]);
    for (const [method, url] of [
      ["GET", BASE],
      ["POST", BASE],
      ["GET", `${BASE}/${group.id}`],
    ] as const) {
      const res = await noNetwork.client.request(url, {
        method,
        ...(method === "POST" ? { body: { name: "x1" } } : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    const member = await signedInSubUser(t, admin, ["builtin:basicServices"]);
    const seen = await member.client.request<Page<SecurityGroupRecord>>(BASE, { query: { pageSize: 200 } });
    expect(seen.body.data.list.map((g) => g.name)).toEqual(["default"]);
    expect((await member.client.request(`${BASE}/${group.id}`)).status).toBe(404);
  });
});
