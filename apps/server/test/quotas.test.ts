// Quotas (issue 5 §7): the platform defaults, operators setting organisation and project limits
// (audited, limits below usage accepted and named), tenants reading limits and usage counted from
// their live resources within their data scope, and the guard ordering calls: over-limit demand
// refused with the message in both languages, project limits on top of the organisation's, resizes
// counted without the resource's current figures, concurrent demands serialised. Operator endpoints
// are refused to tenants; the tenant endpoint to users without CG and to platform accounts.
import {
  DEFAULT_QUOTA_LIMITS,
  ERRORS,
  errorText,
  QUOTA_METRICS,
  type QuotaMetric,
  type QuotaOverview,
  type QuotaUpdateResult,
} from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertWithinQuota,
  createQuotaGuard,
  demandOf,
  type QuotaCheck,
} from "../src/modules/quotas/quota.guard";
import { resourceQuotaUsage } from "../src/modules/resources/quota-usage.repo";
import { type ResourceKind, type ResourceSpec, resources } from "../src/modules/resources/resources.schema";
import { DomainError } from "../src/platform/http/errors";
import { newId } from "../src/platform/ids";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant, unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { answerStepUps, auditRows, createGroup, createSubUser, DEMO_ORG_ID, orgIdOf } from "./support/iam";

let t: TestApp;
let operator: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

type Tenant = { client: TestClient; orgId: string };

/** A fresh organisation, so each case counts only its own resources. */
async function newTenant(): Promise<Tenant> {
  const info = await registerTenant(t, operator);
  // The administrator passes SMS step-up when creating a sub-user asks for it.
  const client = answerStepUps(t, await signedIn(t.app, t.clock, info), info.mobile);
  return { client, orgId: await orgIdOf(t, info.userSid) };
}

async function newProject(tenant: Tenant): Promise<string> {
  const res = await tenant.client.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: `P${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.projectId;
}

async function addResource(
  orgId: string,
  kind: ResourceKind,
  spec: ResourceSpec,
  options: {
    projectId?: string | null;
    status?: (typeof resources.$inferInsert)["status"];
    deleted?: boolean;
  } = {},
): Promise<string> {
  const id = newId();
  const now = t.clock.now();
  await t.database.db.insert(resources).values({
    id,
    orgId,
    projectId: options.projectId ?? null,
    kind,
    name: `${kind}-${unique()}`,
    spec,
    status: options.status ?? "running",
    createdAt: now,
    updatedAt: now,
    deletedAt: options.deleted ? now : null,
  });
  return id;
}

const host = (vcpu: number, memoryGb: number, gpuCount = 0): ResourceSpec => ({ vcpu, memoryGb, gpuCount });

async function tenantQuota(client: TestClient, projectId?: string) {
  return client.request<QuotaOverview>("/api/res/quota", projectId ? { query: { projectId } } : {});
}

async function setLimits(
  orgId: string,
  limits: Partial<Record<QuotaMetric, number | null>>,
  projectId: string | null = null,
) {
  return operator.request<QuotaUpdateResult>("/api/ops/quotas", {
    method: "PUT",
    body: { orgId, projectId, limits },
  });
}

const line = (view: QuotaOverview["organisation"] | null | undefined, metric: QuotaMetric) =>
  view!.lines.find((l) => l.metric === metric)!;

/** Runs the guard in a transaction of its own, as ordering does. */
const check = (input: QuotaCheck) =>
  t.database.db.transaction((tx) => assertWithinQuota(tx, resourceQuotaUsage, input));
/** The guard as the wiring builds it. */
const quotaGuard = createQuotaGuard(resourceQuotaUsage);

async function refusal(input: QuotaCheck): Promise<DomainError> {
  const error = await check(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).key).toBe("QUOTA_EXCEEDED");
  return error as DomainError;
}

describe("the platform defaults", () => {
  it("apply to an organisation no operator has touched, with nothing used", async () => {
    const tenant = await newTenant();
    const res = await tenantQuota(tenant.client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { organisation, project, orgId } = res.body.data;
    expect(orgId).toBe(tenant.orgId);
    expect(project).toBeNull();
    expect(organisation.updatedAt).toBeNull();
    expect(organisation.lines.map((l) => l.metric)).toEqual([...QUOTA_METRICS]);
    for (const l of organisation.lines) {
      expect(l).toEqual({
        metric: l.metric,
        limit: DEFAULT_QUOTA_LIMITS[l.metric],
        source: "default",
        used: 0,
        available: DEFAULT_QUOTA_LIMITS[l.metric],
        over: false,
      });
    }
  });
});

describe("usage", () => {
  it("counts the live resources of the organisation, by kind and figures", async () => {
    const tenant = await newTenant();
    await addResource(tenant.orgId, "host", host(4, 16, 1));
    await addResource(tenant.orgId, "host", host(8, 32), { status: "stopped" });
    await addResource(tenant.orgId, "host", host(2, 4), { status: "creating" });
    // Released ones hold nothing.
    await addResource(tenant.orgId, "host", host(64, 256, 8), { status: "deleted" });
    await addResource(tenant.orgId, "host", host(64, 256, 8), { status: "create_failure" });
    await addResource(tenant.orgId, "host", host(64, 256, 8), { deleted: true });
    await addResource(tenant.orgId, "disk", { diskType: "ssd", sizeGb: 100 });
    await addResource(tenant.orgId, "disk", { diskType: "hdd", sizeGb: 50 }, { status: "available" });
    await addResource(tenant.orgId, "disk", { diskType: "hdd", sizeGb: 500 }, { status: "deleted" });
    await addResource(tenant.orgId, "elasticIp", { bandwidthMbps: 5 });
    await addResource(tenant.orgId, "snapshot", { systemDiskGb: 40 });
    // Another organisation's resources are not this one's.
    await addResource(DEMO_ORG_ID, "host", host(16, 64, 2));

    const res = await tenantQuota(tenant.client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const used = Object.fromEntries(res.body.data.organisation.lines.map((l) => [l.metric, l.used]));
    expect(used).toEqual({
      instances: 3,
      vcpu: 14,
      memoryGb: 52,
      gpu: 1,
      disks: 2,
      diskGb: 150,
      elasticIps: 1,
      snapshots: 1,
      fileShares: 0,
      fileShareGb: 0,
      buckets: 0,
      bareMetalServers: 0,
    });
    expect(line(res.body.data.organisation, "vcpu").available).toBe(DEFAULT_QUOTA_LIMITS.vcpu - 14);
  });
});

describe("operators setting limits", () => {
  it("set, show to the tenant, audit, accept limits below usage and remove them again", async () => {
    const tenant = await newTenant();
    await addResource(tenant.orgId, "host", host(8, 32));
    await addResource(tenant.orgId, "host", host(8, 32));

    const set = await setLimits(tenant.orgId, { vcpu: 40, instances: 5 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.overLimit).toEqual([]);
    expect(line(set.body.data.organisation, "vcpu")).toMatchObject({
      limit: 40,
      source: "organisation",
      used: 16,
      available: 24,
    });
    expect(line(set.body.data.organisation, "gpu")).toMatchObject({
      limit: DEFAULT_QUOTA_LIMITS.gpu,
      source: "default",
    });
    expect(set.body.data.organisation.updatedAt).not.toBeNull();

    const seen = await tenantQuota(tenant.client);
    expect(line(seen.body.data.organisation, "instances")).toMatchObject({ limit: 5, used: 2, available: 3 });
    const ops = await operator.request<QuotaOverview>("/api/ops/quotas", { query: { orgId: tenant.orgId } });
    expect(ops.status, JSON.stringify(ops.body)).toBe(200);
    expect(ops.body.data.organisation).toEqual(seen.body.data.organisation);

    const [audited] = await auditRows(t, "quota.update", tenant.orgId);
    expect(audited?.orgId).toBe(tenant.orgId);
    // Each limit that changed, before and after (null: none); no project, so none is named.
    expect(audited?.detail).toEqual({
      limits: { vcpu: { from: null, to: 40 }, instances: { from: null, to: 5 } },
    });

    // Below what runs: accepted, nothing is taken away, and the answer says which metrics are over.
    const lowered = await setLimits(tenant.orgId, { vcpu: 10, memoryGb: 64 });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(lowered.body.data.overLimit).toEqual(["vcpu"]);
    expect(line(lowered.body.data.organisation, "vcpu")).toMatchObject({
      limit: 10,
      used: 16,
      available: 0,
      over: true,
    });
    expect(line(lowered.body.data.organisation, "instances").limit).toBe(5);
    await expect(check({ orgId: tenant.orgId, projectId: null, demand: { vcpu: 1 } })).rejects.toThrow(
      DomainError,
    );
    const [again] = await auditRows(t, "quota.update", tenant.orgId);
    expect(again?.detail).toEqual({
      limits: { vcpu: { from: 40, to: 10 }, memoryGb: { from: null, to: 64 } },
      overLimit: ["vcpu"],
    });

    // Null removes a limit: the platform default applies again.
    const removed = await setLimits(tenant.orgId, { vcpu: null });
    expect(line(removed.body.data.organisation, "vcpu")).toMatchObject({
      limit: DEFAULT_QUOTA_LIMITS.vcpu,
      source: "default",
      over: false,
    });
    expect(removed.body.data.overLimit).toEqual([]);
  });

  it("refuses negative or fractional limits, unknown organisations and another organisation's project", async () => {
    const tenant = await newTenant();
    const other = await newTenant();
    const otherProject = await newProject(other);
    expect((await setLimits(tenant.orgId, { vcpu: -1 })).status).toBe(400);
    expect((await setLimits(tenant.orgId, { vcpu: 1.5 })).status).toBe(400);
    const unknownMetric = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: tenant.orgId, projectId: null, limits: { bananas: 3 } },
    });
    expect(unknownMetric.status).toBe(400);
    expect((await setLimits("00000000-0000-4000-8000-00000000dead", { vcpu: 1 })).status).toBe(404);
    expect((await setLimits(tenant.orgId, { vcpu: 1 }, otherProject)).status).toBe(404);
    const read = await operator.request("/api/ops/quotas", {
      query: { orgId: tenant.orgId, projectId: otherProject },
    });
    expect(read.status).toBe(404);
  });
});

describe("the guard", () => {
  it("refuses demand beyond the organisation's limit with the message in both languages", async () => {
    const tenant = await newTenant();
    await addResource(tenant.orgId, "host", host(4, 16));
    await addResource(tenant.orgId, "host", host(8, 32));
    await setLimits(tenant.orgId, { vcpu: 16 });

    await check({ orgId: tenant.orgId, projectId: null, demand: { instances: 1, vcpu: 4 } });
    const error = await refusal({ orgId: tenant.orgId, projectId: null, demand: { instances: 1, vcpu: 8 } });
    expect(errorText("QUOTA_EXCEEDED", "zh-CN", error.params)).toBe(
      "配额不足：vCPU（核）已用12，申请8，上限16",
    );
    expect(errorText("QUOTA_EXCEEDED", "en-US", error.params)).toBe(
      "Quota exceeded: vCPUs in use 12, requested 8, limit 16",
    );
    expect(error.data).toEqual({ metric: "vcpu", scope: "organisation", used: 12, requested: 8, limit: 16 });
    expect(ERRORS.QUOTA_EXCEEDED.http).toBe(400);

    // Defaults bound too: the platform allows DEFAULT_QUOTA_LIMITS.gpu GPUs.
    const gpu = await refusal({
      orgId: tenant.orgId,
      projectId: null,
      demand: { gpu: DEFAULT_QUOTA_LIMITS.gpu + 1 },
    });
    expect(errorText("QUOTA_EXCEEDED", "en-US", gpu.params)).toBe(
      `Quota exceeded: GPUs in use 0, requested ${DEFAULT_QUOTA_LIMITS.gpu + 1}, limit ${DEFAULT_QUOTA_LIMITS.gpu}`,
    );
  });

  it("computes demand from a kind and its figures, and answers the ordering port", async () => {
    expect(demandOf("host", host(4, 16, 1), 3)).toEqual({ instances: 3, vcpu: 12, memoryGb: 48, gpu: 3 });
    expect(demandOf("disk", { diskType: "ssd", sizeGb: 200 }, 2)).toEqual({ disks: 2, diskGb: 400 });
    expect(demandOf("elasticIp", {}, 2)).toEqual({ elasticIps: 2 });
    expect(demandOf("snapshot", {})).toEqual({ snapshots: 1 });
    expect(demandOf("share", { protocol: "NFS", sizeGb: 100 }, 2)).toEqual({
      fileShares: 2,
      fileShareGb: 200,
    });
    expect(demandOf("bucket", { bucketName: "photos", storageClass: "standard", acl: "private" })).toEqual({
      buckets: 1,
    });
    expect(demandOf("bareMetal", { flavorId: "bms-g8", vcpu: 64, memoryGb: 1024, gpuCount: 8 }, 2)).toEqual({
      bareMetalServers: 2,
    });

    const tenant = await newTenant();
    await setLimits(tenant.orgId, { diskGb: 500 });
    const order = (quantity: number) =>
      t.database.db.transaction((tx) =>
        quotaGuard.assertWithinQuota(tx, {
          orgId: tenant.orgId,
          projectId: null,
          kind: "disk",
          spec: { diskType: "ssd", sizeGb: 200 },
          quantity,
        }),
      );
    await order(2);
    await expect(order(3)).rejects.toMatchObject({
      key: "QUOTA_EXCEEDED",
      data: { metric: "diskGb", used: 0, requested: 600, limit: 500 },
    });
  });

  it("applies a project's own limit on top of the organisation's; other projects are bounded by the organisation only", async () => {
    const tenant = await newTenant();
    const limited = await newProject(tenant);
    const free = await newProject(tenant);
    await addResource(tenant.orgId, "host", host(4, 8), { projectId: limited });
    await addResource(tenant.orgId, "host", host(4, 8), { projectId: free });
    await addResource(tenant.orgId, "host", host(4, 8));
    await setLimits(tenant.orgId, { instances: 5 });
    const set = await setLimits(tenant.orgId, { instances: 2, gpu: 0 }, limited);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.project?.projectId).toBe(limited);
    expect(line(set.body.data.project, "instances")).toMatchObject({
      limit: 2,
      source: "project",
      used: 1,
      available: 1,
    });

    const view = await tenantQuota(tenant.client, limited);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.data.projects.map((p) => p.projectId).sort()).toEqual([limited, free].sort());
    expect(line(view.body.data.organisation, "instances")).toMatchObject({ limit: 5, used: 3, available: 2 });
    // Without a limit of its own the project's room is the organisation's.
    expect(line(view.body.data.project, "vcpu")).toMatchObject({
      limit: null,
      source: "none",
      used: 4,
      available: DEFAULT_QUOTA_LIMITS.vcpu - 12,
    });

    await check({ orgId: tenant.orgId, projectId: limited, demand: { instances: 1 } });
    const overProject = await refusal({ orgId: tenant.orgId, projectId: limited, demand: { instances: 2 } });
    expect(errorText("QUOTA_EXCEEDED", "zh-CN", overProject.params)).toBe(
      "配额不足：项目云主机数量已用1，申请2，上限2",
    );
    expect(errorText("QUOTA_EXCEEDED", "en-US", overProject.params)).toBe(
      "Quota exceeded: Cloud hosts of the project in use 1, requested 2, limit 2",
    );
    const noGpu = await refusal({
      orgId: tenant.orgId,
      projectId: limited,
      demand: demandOf("host", host(1, 1, 1)),
    });
    expect(noGpu.data).toMatchObject({ metric: "gpu", scope: "project", limit: 0 });

    // The other project takes what the organisation has left, and no more.
    await check({ orgId: tenant.orgId, projectId: free, demand: { instances: 2 } });
    const overOrg = await refusal({ orgId: tenant.orgId, projectId: free, demand: { instances: 3 } });
    expect(errorText("QUOTA_EXCEEDED", "en-US", overOrg.params)).toBe(
      "Quota exceeded: Cloud hosts in use 3, requested 3, limit 5",
    );
  });

  it("counts a resize without the resource's current figures and never refuses a shrink", async () => {
    const tenant = await newTenant();
    const resized = await addResource(tenant.orgId, "host", host(8, 16));
    await addResource(tenant.orgId, "host", host(8, 16));
    await setLimits(tenant.orgId, { vcpu: 16 });
    const resize = (vcpu: number, exclude = true) => ({
      orgId: tenant.orgId,
      projectId: null,
      demand: demandOf("host", host(vcpu, 16)),
      ...(exclude ? { excludeResourceId: resized } : {}),
    });

    // The same figures fit; counted as a new host they would not.
    await check(resize(8));
    await refusal(resize(8, false));
    const up = await refusal(resize(12));
    expect(up.data).toMatchObject({ metric: "vcpu", used: 8, requested: 12, limit: 16 });

    // Over a lowered limit, shrinking still passes; growing does not.
    await setLimits(tenant.orgId, { vcpu: 10 });
    await check(resize(4));
    await refusal(resize(10));
  });

  it("serialises concurrent demands for the last of a limit", async () => {
    const tenant = await newTenant();
    await setLimits(tenant.orgId, { instances: 1 });
    const order = () =>
      t.database.db.transaction(async (tx) => {
        await assertWithinQuota(tx, resourceQuotaUsage, {
          orgId: tenant.orgId,
          projectId: null,
          demand: { instances: 1 },
        });
        const now = t.clock.now();
        await tx.insert(resources).values({
          id: newId(),
          orgId: tenant.orgId,
          kind: "host",
          name: `race-${unique()}`,
          spec: host(1, 1),
          status: "creating",
          createdAt: now,
          updatedAt: now,
        });
      });
    const results = await Promise.allSettled([order(), order(), order()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const quota = await tenantQuota(tenant.client);
    expect(line(quota.body.data.organisation, "instances").used).toBe(1);
  });
});

describe("who may read and set quotas", () => {
  it("refuses the operator endpoints to tenants and the tenant endpoint to platform accounts", async () => {
    const tenant = await newTenant();
    const read = await tenant.client.request("/api/ops/quotas", { query: { orgId: tenant.orgId } });
    expect(read.status).toBe(403);
    const write = await tenant.client.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: tenant.orgId, projectId: null, limits: { vcpu: 1000 } },
    });
    expect(write.status).toBe(403);
    expect((await tenantQuota(operator)).status).toBe(403);
  });

  it("refuses users without CG", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const res = await tenantQuota(reader);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERRORS.NO_PERMISSION.code);
  });

  it("shows a project-scoped user only the projects they belong to", async () => {
    const tenant = await newTenant();
    const mine = await newProject(tenant);
    const theirs = await newProject(tenant);
    const set = await tenant.client.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Quota${unique()}`, description: "", codes: ["CA", "CG"], shared: false },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const user = await createSubUser(tenant.client, [await createGroup(tenant.client, [set.body.data.id])]);
    const added = await tenant.client.request(`/api/res/projects/${mine}/members`, {
      method: "POST",
      body: { userSids: [user.userSid] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const member = await signedIn(t.app, t.clock, user);

    const own = await tenantQuota(member, mine);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.projects.map((p) => p.projectId)).toEqual([mine]);
    expect(own.body.data.project?.projectId).toBe(mine);
    expect((await tenantQuota(member, theirs)).status).toBe(404);
    // Another organisation's project is as unknown as a made-up one.
    const other = await newTenant();
    expect((await tenantQuota(tenant.client, await newProject(other))).status).toBe(404);
  });
});
