// Shared HPC and AI pools (issue 14 items 2 and 9): a verified tenant orders the demo's HPC shared
// pool on the simulated Slurm cluster; the pool's Slurm account then exists under the parent
// account with the product's limits capped by the tenant's quota, the ordering user is its first
// member, `/mgt/hpc` lists it and its detail shows the cluster's jobs and this month's core-hours.
// Members holding the HPC use set are added and removed on the cluster; another tenant gets 404,
// a sub-user without the HPC sets 403. A frozen subscription is held on the cluster (its jobs
// cancelled) and lifted when thawed; a release removes the account; a pool whose cluster fails
// half-way leaves no account behind. The public landing of `/apply/{id}` needs no sign-in.
import type { HpcPool, HpcPoolDetail, HpcProductLanding, OrderDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { accountNameOf, connectionOf } from "../src/modules/hpc/cluster-access";
import { hpcClusters, hpcPools } from "../src/modules/hpc/hpc.schema";
import { createPoolHolds } from "../src/modules/hpc/pool-holds";
import { createPoolProvider } from "../src/modules/hpc/pool-provider";
import { resources } from "../src/modules/resources/resources.schema";
import { createHpcCluster } from "../src/providers/hpc/clusters";
import { type HpcCluster, HpcClusterError } from "../src/providers/hpc/hpc-cluster";
import { ProviderError } from "../src/providers/provider";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { demoCluster, sharedPoolOrder } from "./support/hpc-pool";
import { builtInGroup, createGroup, createSubUser, type SubUser, stepUp } from "./support/iam";
import { idem } from "./support/money";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;
let poolId: string;
let account: string;

const HPC_SHARED_ID = "00000000-0000-4000-9100-000000000004";

/** The simulated cluster as Skyledger reaches it: what is on it, asked directly. */
const cluster = () => demoCluster(t);
const poolOrder = (name: string) => sharedPoolOrder("hpc-shared", name);

async function orderPool(tenant: Tenant, name = `pool-${unique().slice(-6)}`): Promise<OrderDetail> {
  const res = await apply(tenant.client, poolOrder(name));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const done = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  return done.body.data;
}

const detail = (client: TestClient, id: string) => client.request<HpcPoolDetail>(`/api/hpc/pools/${id}`);

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  const order = await orderPool(owner, "lab-pool");
  expect(order.status).toBe("completed");
  poolId = order.resourceIds[0]!;
  account = accountNameOf(owner.orgId, poolId);
});
afterAll(() => t.close());

describe("ordering a shared pool", () => {
  it("makes the Slurm account under the parent with the product's limits capped by the quota", async () => {
    const onCluster = await (await cluster()).getAccount(account);
    // hpc-shared asks for 64 cores, 0 GPUs, 20 running and 100 submitted jobs; the default quota
    // (80 vCPU, 4 GPU) leaves them as they are.
    expect(onCluster?.limits).toEqual({
      cpus: 64,
      gpus: 0,
      runningJobs: 20,
      maxSubmitJobs: 100,
      cpuMinutes: null,
    });
    expect(onCluster?.users).toEqual([expect.stringMatching(/^sk_[0-9a-f]{8}_/)]);
    expect(account).toMatch(/^sk_[0-9a-f]{8}_[0-9a-f]{12}$/);
  });

  it("caps the cores by a lower quota of the organisation", async () => {
    const other = await verifiedTenant(t, operator, "1000");
    const set = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: other.orgId, projectId: null, limits: { vcpu: 16 } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const order = await orderPool(other);
    expect(order.status).toBe("completed");
    const onCluster = await (await cluster()).getAccount(accountNameOf(other.orgId, order.resourceIds[0]!));
    expect(onCluster?.limits.cpus).toBe(16);
  });

  it("lists the pool on /mgt/hpc with its cluster, partition, limits and first member", async () => {
    const list = await owner.client.request<{ list: HpcPool[]; total: number }>("/api/hpc/pools");
    expect(list.status).toBe(200);
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id: poolId,
        name: "lab-pool",
        poolType: "hpcShared",
        status: "available",
        clusterName: "Simulated Slurm cluster",
        simulated: true,
        partition: "cpu",
        account,
        heldReason: null,
        memberCount: 1,
        productNameEn: "HPC shared resource pool",
      }),
    ]);
    const one = await detail(owner.client, poolId);
    expect(one.body.data.members.map((m) => m.userName)).toEqual([owner.tenant.account]);
  });

  it("shows the cluster's jobs and this month's core-hours from them", async () => {
    const member = (await detail(owner.client, poolId)).body.data.members[0]!;
    const c = await cluster();
    const job = await c.submitJob({
      account,
      user: member.clusterUser,
      partition: "cpu",
      name: "relax",
      script: "#!/bin/bash\n#SIM runtime=1800\nsleep 1800\n",
      cpus: 4,
      gpus: 0,
      timeLimitMinutes: 60,
    });
    t.clock.advance(1800 * 1000);
    const seen = await detail(owner.client, poolId);
    expect(seen.status).toBe(200);
    const row = seen.body.data.jobs.find((j) => j.jobId === job.jobId);
    expect(row).toMatchObject({
      state: "completed",
      cpus: 4,
      userName: owner.tenant.account,
      coreHours: "2.0000",
    });
    // The month began before the job (the fake clock starts well inside a month).
    expect(seen.body.data.usage.coreHours).toBe("2.0000");
    expect(seen.body.data.clusterError).toBeNull();
  });
});

describe("members", () => {
  let hpcUser: SubUser;
  let plainUser: SubUser;

  beforeAll(async () => {
    await stepUp(t, owner.client, owner.tenant.mobile);
    hpcUser = await createSubUser(owner.client, [await builtInGroup(t, owner.orgId, "hpcCustom")]);
    const set = await owner.client.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Overview${unique()}`, description: "", codes: ["CA"], shared: true },
    });
    plainUser = await createSubUser(owner.client, [await createGroup(owner.client, [set.body.data.id])]);
  });

  it("offers and adds a user holding the HPC use set, as a Slurm user of the account", async () => {
    const offered = await owner.client.request<{ userId: string }[]>(
      `/api/hpc/pools/${poolId}/member_candidates`,
    );
    expect(offered.body.data.map((u) => u.userId)).toContain(hpcUser.userSid);
    expect(offered.body.data.map((u) => u.userId)).not.toContain(plainUser.userSid);
    const added = await owner.client.request<HpcPoolDetail>(`/api/hpc/pools/${poolId}/members`, {
      method: "POST",
      body: { userId: hpcUser.userSid },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const member = added.body.data.members.find((m) => m.userId === hpcUser.userSid)!;
    expect((await (await cluster()).getAccount(account))?.users).toContain(member.clusterUser);
    // A member sees the pool they use, though their data scope holds no project.
    const asMember = await signedIn(t.app, t.clock, hpcUser);
    expect(
      (await asMember.request<{ list: HpcPool[] }>("/api/hpc/pools")).body.data.list.map((p) => p.id),
    ).toEqual([poolId]);
    expect((await detail(asMember, poolId)).status).toBe(200);
    const again = await owner.client.request(`/api/hpc/pools/${poolId}/members`, {
      method: "POST",
      body: { userId: hpcUser.userSid },
    });
    expect(again.body.code).toBe(27105);
  });

  it("refuses a user without the HPC use set, in both languages", async () => {
    const refused = await owner.client.request(`/api/hpc/pools/${poolId}/members`, {
      method: "POST",
      body: { userId: plainUser.userSid },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(27104);
    expect(refused.body.message).toMatch(/HPC使用|HPC use/);
  });

  it("removes a member from the pool and from the account on the cluster", async () => {
    const before = (await detail(owner.client, poolId)).body.data.members.find(
      (m) => m.userId === hpcUser.userSid,
    )!;
    const removed = await owner.client.request(`/api/hpc/pools/${poolId}/members/${hpcUser.userSid}`, {
      method: "DELETE",
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await (await cluster()).getAccount(account))?.users).not.toContain(before.clusterUser);
    expect((await detail(owner.client, poolId)).body.data.members).toHaveLength(1);
    expect((await detail(await signedIn(t.app, t.clock, hpcUser), poolId)).status).toBe(404);
  });

  it("is refused (403) to a sub-user without the HPC sets", async () => {
    const client = await signedIn(t.app, t.clock, plainUser);
    expect((await client.request("/api/hpc/pools")).status).toBe(403);
    expect((await client.request(`/api/hpc/pools/${poolId}`)).status).toBe(403);
  });
});

describe("another tenant", () => {
  it("neither sees nor changes the pool (404)", async () => {
    const other = await verifiedTenant(t, operator, "0");
    expect((await other.client.request<{ total: number }>("/api/hpc/pools")).body.data.total).toBe(0);
    expect((await detail(other.client, poolId)).status).toBe(404);
    const add = await other.client.request(`/api/hpc/pools/${poolId}/members`, {
      method: "POST",
      body: { userId: other.tenant.userSid },
    });
    expect(add.status).toBe(404);
  });
});

describe("the public landing", () => {
  it("shows a listed pool product with its prices to anyone, and nothing else", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/public/hpc/products/${HPC_SHARED_ID}` });
    expect(res.statusCode).toBe(200);
    const landing = (res.json() as { data: HpcProductLanding }).data;
    expect(landing).toMatchObject({
      code: "hpc-shared",
      poolType: "hpcShared",
      simulated: true,
      postpaid: true,
    });
    expect(landing.prices).toEqual([
      { dimension: "coreHour", unitPrice: "0.35000", discount: null, discountedUnitPrice: "0.35000" },
    ]);
    const host = await t.app.inject({
      method: "GET",
      url: "/api/public/hpc/products/00000000-0000-4000-9100-000000000001",
    });
    expect(host.statusCode).toBe(404);
  });
});

describe("freezing and thawing", () => {
  it("holds the frozen pool on the cluster with its jobs cancelled, and lifts it when thawed", async () => {
    const member = (await detail(owner.client, poolId)).body.data.members[0]!;
    const c = await cluster();
    const job = await c.submitJob({
      account,
      user: member.clusterUser,
      partition: "cpu",
      name: "long",
      script: "#!/bin/bash\n#SIM runtime=36000\nsleep 36000\n",
      cpus: 2,
      gpus: 0,
      timeLimitMinutes: 720,
    });
    // What the lifecycle's freeze writes (expiry or arrears past the grace period).
    await t.database.db
      .update(resources)
      .set({ status: "frozen", frozenAt: t.clock.now() })
      .where(eq(resources.id, poolId));
    await advance(t, 1);
    const held = await detail(owner.client, poolId);
    expect(held.body.data.heldReason).toBe("frozen");
    expect(held.body.data.jobs.find((j) => j.jobId === job.jobId)?.state).toBe("cancelled");
    expect((await c.getAccount(account))?.limits.maxSubmitJobs).toBe(0);
    await expect(
      c.submitJob({
        account,
        user: member.clusterUser,
        partition: "cpu",
        name: "x",
        script: "#!/bin/bash\n",
        cpus: 1,
        gpus: 0,
        timeLimitMinutes: 1,
      }),
    ).rejects.toBeInstanceOf(HpcClusterError);

    // What the lifecycle's thaw writes.
    await t.database.db
      .update(resources)
      .set({ status: "available", frozenAt: null })
      .where(eq(resources.id, poolId));
    await advance(t, 1);
    expect((await detail(owner.client, poolId)).body.data.heldReason).toBeNull();
    expect((await c.getAccount(account))?.limits.maxSubmitJobs).toBe(100);
  });
});

describe("releasing", () => {
  it("removes the pool's account from the cluster", async () => {
    const pool = await orderPool(owner);
    const id = pool.resourceIds[0]!;
    const gone = accountNameOf(owner.orgId, id);
    expect(await (await cluster()).getAccount(gone)).not.toBeNull();
    const released = await owner.client.request(`/api/service/unsubscribe/${id}`, {
      method: "POST",
      headers: idem(),
    });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    await advance(t, 1);
    expect(await (await cluster()).getAccount(gone)).toBeNull();
    expect((await detail(owner.client, id)).status).toBe(404);
  });
});

describe("a cluster failing half-way", () => {
  it("refuses an order on a disabled cluster and leaves nothing on it", async () => {
    const disabled = await operator.request(`/api/ops/hpc/clusters/${DEMO_CLUSTER_ID}/disable`, {
      method: "POST",
    });
    expect(disabled.status).toBe(200);
    const order = await orderPool(owner, "late-pool");
    expect(order.status).toBe("failed");
    const log = await owner.client.request<{ errorLog: string | null }>(`/api/orders/${order.id}`);
    expect(JSON.stringify(log.body.data)).toContain(
      "The cluster is disabled; no new pools can be provisioned on it",
    );
    const id = order.resourceIds[0] ?? (await resourceOfOrder(order.id));
    expect(await (await cluster()).getAccount(accountNameOf(owner.orgId, id))).toBeNull();
    await t.database.db
      .update(hpcClusters)
      .set({ disabledAt: null })
      .where(eq(hpcClusters.id, DEMO_CLUSTER_ID));

    // The same subscription provisioned again on a cluster that makes the account, then fails to
    // add the first member: the account it made is removed before the failure is reported.
    const failing = (row: Parameters<typeof connectionOf>[0]): HpcCluster => {
      const real = createHpcCluster("simulator", connectionOf(row, t.secrets), {
        db: t.database.db,
        clock: t.clock,
      });
      return {
        ...real,
        ensureUser: async () => {
          throw new HpcClusterError("sacctmgr: user does not exist on the nodes", "refused");
        },
      };
    };
    const deps = { db: t.database.db, clock: t.clock, clusterOf: failing };
    const provider = createPoolProvider({ ...deps, holds: createPoolHolds(deps) });
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    await expect(
      provider.create({ clientToken: id, kind: "hpcPool", name: row!.name, spec: row!.spec }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(await (await cluster()).getAccount(accountNameOf(owner.orgId, id))).toBeNull();
    expect(await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, id))).toEqual([]);
  });
});

async function resourceOfOrder(orderId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.orderId, orderId));
  return row!.id;
}
