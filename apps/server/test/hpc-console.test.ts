// The HPC job console (issue 14 item 5, `/hpcconsole`) against the simulated cluster: a member
// submits batch jobs to the pool's partition as their cluster user; CPUs, GPUs and time above the
// pool's limits or the organisation's quota, GPUs on a pool without any, a held or frozen pool, a
// bad script and the cluster's own refusals are each answered in both languages with nothing
// submitted; the queue says why a job waits; a member cancels their own jobs and a holder of the
// HPC operation set any job; the output follows the clock; finished jobs show what accounting has
// charged and the job is on the bill. Another tenant sees, cancels and reads nothing.
import type {
  HpcBillJob,
  HpcConsoleJob,
  HpcConsolePool,
  HpcJobOutput,
  OrderDetail,
} from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hpcPools } from "../src/modules/hpc/hpc.schema";
import { permissionSets } from "../src/modules/iam/iam.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { builtInGroup, createGroup, createSubUser, type SubUser, stepUp } from "./support/iam";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;
let cpuPool: string;
let gpuPool: string;

const script = (seconds: number, extra = "") =>
  `#!/bin/bash\n#SBATCH --job-name=demo\n#SIM runtime=${seconds} progress=4${extra}\necho "hello from the console"\nsleep ${seconds}\n`;

const job = (over: Record<string, unknown> = {}) => ({
  name: "hello",
  partition: "cpu",
  cpus: 2,
  gpus: 0,
  timeLimitMinutes: 10,
  script: script(600),
  ...over,
});

async function orderPool(tenant: Tenant, productCode: string): Promise<string> {
  const res = await apply(tenant.client, {
    productCode,
    spec: {},
    name: `${productCode}-${Date.now() % 100000}`,
    quantity: 1,
    paymentType: "postpaid",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const done = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(done.body.data.status).toBe("completed");
  return done.body.data.resourceIds[0]!;
}

const submit = (client: TestClient, poolId: string, body: Record<string, unknown>, locale = "en-US") =>
  client.request<{ jobId: string }>(`/api/hpc/console/pools/${poolId}/jobs`, {
    method: "POST",
    body,
    headers: { "accept-language": locale },
  });
const jobs = (client: TestClient, poolId: string, query = "view=queue") =>
  client.request<{ list: HpcConsoleJob[]; total: number }>(`/api/hpc/console/pools/${poolId}/jobs`, {
    query: Object.fromEntries(new URLSearchParams(query)),
  });
const output = (client: TestClient, poolId: string, jobId: string) =>
  client.request<HpcJobOutput>(`/api/hpc/console/pools/${poolId}/jobs/${jobId}/output`);
const cancel = (client: TestClient, poolId: string, jobId: string) =>
  client.request(`/api/hpc/console/pools/${poolId}/jobs/${jobId}/cancel`, { method: "POST" });

async function auditCount(action: string, jobId: string): Promise<number> {
  const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, action));
  return rows.filter((r) => (r.detail as { jobId?: string } | null)?.jobId === jobId).length;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  cpuPool = await orderPool(owner, "hpc-shared");
  gpuPool = await orderPool(owner, "ai-shared");
});
afterAll(() => t.close());

describe("the console's view of a pool", () => {
  it("says who submits and within what", async () => {
    const res = await owner.client.request<HpcConsolePool>(`/api/hpc/console/pools/${cpuPool}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      clusterUser: expect.stringMatching(/^sk_/),
      manager: true,
      // hpc-shared: 64 cores, no GPUs; the default quota of 80 vCPU leaves 64.
      maxCpus: 64,
      maxGpus: 0,
      blocked: null,
      pool: expect.objectContaining({ id: cpuPool, partition: "cpu", simulated: true }),
    });
    const gpu = await owner.client.request<HpcConsolePool>(`/api/hpc/console/pools/${gpuPool}`);
    // ai-shared: 32 cores, 4 GPUs; the default GPU quota is 4.
    expect(gpu.body.data).toMatchObject({ maxCpus: 32, maxGpus: 4 });
  });
});

describe("submitting", () => {
  it("runs a job as the member's cluster user, with an audit row, and follows its output", async () => {
    const res = await submit(owner.client, cpuPool, job());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { jobId } = res.body.data;
    expect(await auditCount("hpc.jobSubmitted", jobId)).toBe(1);

    const queue = await jobs(owner.client, cpuPool);
    const row = queue.body.data.list.find((j) => j.jobId === jobId)!;
    expect(row).toMatchObject({
      state: "running",
      cpus: 2,
      userName: owner.tenant.account,
      cancellable: true,
      outputReadable: true,
    });

    t.clock.advance(300 * 1000);
    const half = await output(owner.client, cpuPool, jobId);
    expect(half.status).toBe(200);
    expect(half.body.data).toMatchObject({ available: true, state: "running", path: null });
    expect(half.body.data.text).toContain("hello from the console");
    expect(half.body.data.text).toContain("progress 2/4");
    expect(half.body.data.text).not.toContain("progress 3/4");

    t.clock.advance(300 * 1000);
    const done = await output(owner.client, cpuPool, jobId);
    expect(done.body.data.state).toBe("completed");
    expect(done.body.data.text).toContain("progress 4/4");
    expect((await jobs(owner.client, cpuPool)).body.data.list.map((j) => j.jobId)).not.toContain(jobId);
    const finished = await jobs(owner.client, cpuPool, `view=finished&jobKeyword=${jobId}`);
    expect(finished.body.data.list).toEqual([
      expect.objectContaining({
        jobId,
        state: "completed",
        exitCode: 0,
        cancellable: false,
        coreHours: "0.3333",
      }),
    ]);
  });

  it("runs a GPU job on the AI pool's GPU partition", async () => {
    const res = await submit(
      owner.client,
      gpuPool,
      job({ name: "train", partition: "gpu", cpus: 8, gpus: 2 }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await jobs(owner.client, gpuPool)).body.data.list.find(
      (j) => j.jobId === res.body.data.jobId,
    );
    expect(row).toMatchObject({ state: "running", cpus: 8, gpus: 2 });
  });

  it("says why a job waits behind the pool's CPUs", async () => {
    const first = await submit(owner.client, cpuPool, job({ cpus: 60 }));
    const second = await submit(owner.client, cpuPool, job({ cpus: 8 }));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const waiting = (await jobs(owner.client, cpuPool)).body.data.list.find(
      (j) => j.jobId === second.body.data.jobId,
    );
    // Nothing allocated while it waits: the CPUs it asked for are shown.
    expect(waiting).toMatchObject({ state: "pending", reason: "QOSGrpCpuLimit", cpus: 8, gpus: 0 });
    await cancel(owner.client, cpuPool, first.body.data.jobId);
    await cancel(owner.client, cpuPool, second.body.data.jobId);
  });
});

describe("bad input: nothing is submitted", () => {
  const cases: [string, Record<string, unknown>, number, RegExp, RegExp][] = [
    [
      "CPUs above the pool",
      { cpus: 65 },
      27122,
      /65 CPUs.*pool's limit of 64/,
      /CPU核数为65.*资源池的上限64/,
    ],
    ["GPUs on a pool without GPUs", { gpus: 1 }, 27123, /no GPUs/, /没有GPU/],
    [
      "time above the per-job limit",
      { timeLimitMinutes: 20000 },
      27122,
      /per-job limit of 10080/,
      /单个作业的上限10080/,
    ],
    ["an empty script", { script: "  \n" }, 27124, /empty/, /不能为空/],
    ["a script without #!", { script: "echo hi\n" }, 27125, /#!/, /#!/],
    ["a script over 64 KB", { script: `#!/bin/bash\n${"#".repeat(70_000)}\n` }, 27126, /64 KB/, /64 KB/],
    ["another partition", { partition: "gpu" }, 27127, /partition cpu/, /分区cpu/],
  ];
  for (const [what, body, code, en, zh] of cases) {
    it(`refuses ${what} in both languages`, async () => {
      const before = (await jobs(owner.client, cpuPool, "view=queue")).body.data.total;
      const res = await submit(owner.client, cpuPool, job(body));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toMatch(en);
      const zhRes = await submit(owner.client, cpuPool, job(body), "zh-CN");
      expect(zhRes.body.message).toMatch(zh);
      expect((await jobs(owner.client, cpuPool, "view=queue")).body.data.total).toBe(before);
    });
  }

  it("refuses CPUs above the organisation's quota lowered after the pool was made", async () => {
    const set = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { vcpu: 16 } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const res = await submit(owner.client, cpuPool, job({ cpus: 20 }));
    expect(res.body.code).toBe(27122);
    expect(res.body.message).toMatch(/organisation's quota limit of 16/);
    await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { vcpu: 80 } },
    });
  });

  it("refuses a pool held for arrears, and the cluster's own hold", async () => {
    await t.database.db
      .update(hpcPools)
      .set({ heldReason: "arrears" })
      .where(eq(hpcPools.resourceId, cpuPool));
    const held = await submit(owner.client, cpuPool, job());
    expect(held.body.code).toBe(27121);
    expect(held.body.message).toMatch(/arrears/);
    const view = await owner.client.request<HpcConsolePool>(`/api/hpc/console/pools/${cpuPool}`);
    expect(view.body.data.blocked).toMatch(/held/);
    await t.database.db.update(hpcPools).set({ heldReason: null }).where(eq(hpcPools.resourceId, cpuPool));

    // The cluster holds the account (MaxSubmitJobs=0) though Skyledger has not recorded it yet.
    const [pool] = await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, cpuPool));
    await t.database.db
      .update(hpcPools)
      .set({ limits: { ...pool!.limits, maxSubmitJobs: 0 } })
      .where(eq(hpcPools.resourceId, cpuPool));
    const { createPoolHolds } = await import("../src/modules/hpc/pool-holds");
    const { createClusterFactory } = await import("../src/modules/hpc/cluster-access");
    const holds = createPoolHolds({
      db: t.database.db,
      clock: t.clock,
      clusterOf: createClusterFactory({ db: t.database.db, clock: t.clock, secrets: t.secrets }),
    });
    await holds.lift(cpuPool); // sets the cluster's limits to the row's, i.e. MaxSubmitJobs=0
    const refused = await submit(owner.client, cpuPool, job());
    expect(refused.body.code).toBe(27129);
    expect(refused.body.message).toMatch(/The cluster said: Job violates accounting\/QOS policy/);
    await t.database.db
      .update(hpcPools)
      .set({ limits: pool!.limits })
      .where(eq(hpcPools.resourceId, cpuPool));
    await holds.lift(cpuPool);
  });

  it("refuses a frozen pool", async () => {
    await t.database.db.update(resources).set({ status: "frozen" }).where(eq(resources.id, cpuPool));
    const res = await submit(owner.client, cpuPool, job());
    expect(res.body.code).toBe(27106);
    await t.database.db.update(resources).set({ status: "available" }).where(eq(resources.id, cpuPool));
  });
});

describe("members and managers", () => {
  let hpcUser: SubUser;
  let member: TestClient;

  beforeAll(async () => {
    await stepUp(t, owner.client, owner.tenant.mobile);
    hpcUser = await createSubUser(owner.client, [await builtInGroup(t, owner.orgId, "hpcCustom")]);
  });

  it("tells a sub-user who is not a member, and submits once they are", async () => {
    // hpcCustom holds the HPC operation set too (CB1701); a member who only uses is below.
    member = await signedIn(t.app, t.clock, hpcUser);
    const refused = await submit(member, cpuPool, job());
    // Outside the data scope and not a member: the pool is not theirs to see.
    expect([404, 400]).toContain(refused.status);
    const added = await owner.client.request(`/api/hpc/pools/${cpuPool}/members`, {
      method: "POST",
      body: { userId: hpcUser.userSid },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const ok = await submit(member, cpuPool, job({ name: "members-job" }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("a member of the organisation who sees the pool but is not a member is told so", async () => {
    // The owner removes themself from the pool's members: they still see it (data scope).
    const ownerId = owner.tenant.userSid;
    const before = await owner.client.request<HpcConsolePool>(`/api/hpc/console/pools/${cpuPool}`);
    expect(before.body.data.clusterUser).not.toBeNull();
    await owner.client.request(`/api/hpc/pools/${cpuPool}/members/${ownerId}`, { method: "DELETE" });
    const view = await owner.client.request<HpcConsolePool>(`/api/hpc/console/pools/${cpuPool}`);
    expect(view.body.data.clusterUser).toBeNull();
    expect(view.body.data.blocked).toMatch(/not a member/);
    const res = await submit(owner.client, cpuPool, job());
    expect(res.body.code).toBe(27120);
    expect((await submit(owner.client, cpuPool, job(), "zh-CN")).body.message).toMatch(/不是该资源池的成员/);
    // A manager still cancels any job of the pool.
    const theirs = (await jobs(owner.client, cpuPool)).body.data.list.find((j) => j.name === "members-job")!;
    expect(theirs.cancellable).toBe(true);
    const cancelled = await cancel(owner.client, cpuPool, theirs.jobId);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await auditCount("hpc.jobCancelled", theirs.jobId)).toBe(1);
    const again = await cancel(owner.client, cpuPool, theirs.jobId);
    expect(again.body.code).toBe(27134);
    await owner.client.request(`/api/hpc/pools/${cpuPool}/members`, {
      method: "POST",
      body: { userId: ownerId },
    });
  });

  it("a member without the HPC operation set cancels and reads only their own jobs", async () => {
    const ownJob = (await submit(owner.client, cpuPool, job({ name: "owners-job" }))).body.data.jobId;
    // A sub-user holding the HPC use set only (CB17, no CB1701).
    const [use] = await t.database.db.select().from(permissionSets).where(eq(permissionSets.key, "hpcUse"));
    const user = await createSubUser(owner.client, [await createGroup(owner.client, [use!.id])]);
    const added = await owner.client.request(`/api/hpc/pools/${cpuPool}/members`, {
      method: "POST",
      body: { userId: user.userSid },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const client = await signedIn(t.app, t.clock, user);
    const row = (await jobs(client, cpuPool)).body.data.list.find((j) => j.jobId === ownJob);
    expect(row).toMatchObject({ cancellable: false, outputReadable: false });
    expect((await cancel(client, cpuPool, ownJob)).body.code).toBe(27133);
    expect((await output(client, cpuPool, ownJob)).body.code).toBe(27133);
    const mine = (await submit(client, cpuPool, job({ name: "users-job" }))).body.data.jobId;
    const seen = (await jobs(client, cpuPool)).body.data.list.find((j) => j.jobId === mine);
    expect(seen).toMatchObject({ cancellable: true, outputReadable: true });
    expect((await output(client, cpuPool, mine)).status).toBe(200);
    expect((await cancel(client, cpuPool, mine)).status).toBe(200);
    await cancel(owner.client, cpuPool, ownJob);
  });
});

describe("another tenant", () => {
  it("neither sees, submits, cancels nor reads a job of the pool (404)", async () => {
    const { jobId } = (await submit(owner.client, cpuPool, job({ name: "private" }))).body.data;
    const other = await verifiedTenant(t, operator, "0");
    expect((await other.client.request(`/api/hpc/console/pools/${cpuPool}`)).status).toBe(404);
    expect((await jobs(other.client, cpuPool)).status).toBe(404);
    expect((await submit(other.client, cpuPool, job())).status).toBe(404);
    expect((await cancel(other.client, cpuPool, jobId)).status).toBe(404);
    expect((await output(other.client, cpuPool, jobId)).status).toBe(404);
    // Their own pool does not reach the job by id either.
    const theirs = await orderPool(other, "hpc-shared");
    expect((await output(other.client, theirs, jobId)).status).toBe(404);
    expect((await cancel(other.client, theirs, jobId)).status).toBe(404);
    expect((await jobs(owner.client, cpuPool)).body.data.list.find((j) => j.jobId === jobId)?.state).toBe(
      "running",
    );
    await cancel(owner.client, cpuPool, jobId);
  });
});

describe("what a finished job cost", () => {
  it("shows the amount charged by the hourly runs and the job on the bill", async () => {
    const { jobId } = (
      await submit(
        owner.client,
        cpuPool,
        job({ name: "billed", cpus: 8, timeLimitMinutes: 120, script: script(5000) }),
      )
    ).body.data;
    for (let h = 0; h < 3; h++) await advance(t, 3600);
    // Three hours idle end the session: sign in again.
    const client = await signedIn(t.app, t.clock, owner.tenant);
    const finished = await jobs(client, cpuPool, `view=finished&jobKeyword=billed`);
    const row = finished.body.data.list.find((j) => j.jobId === jobId)!;
    expect(row.state).toBe("completed");
    expect(row.coreHours).toBe(((8 * 5000) / 3600).toFixed(4));
    expect(Number(row.charged)).toBeGreaterThan(0);
    const charged = await t.database.db
      .select()
      .from(bills)
      .where(and(eq(bills.orgId, owner.orgId), eq(bills.chargeType, "postpaid")));
    let onBills = 0;
    for (const bill of charged) {
      const lines = await client.request<{ list: HpcBillJob[] }>(
        `/api/bills/listBillDetails/${bill.billNo}/jobs`,
        { query: { pageSize: 100 } },
      );
      onBills += lines.body.data.list
        .filter((l) => l.jobId === jobId)
        .reduce((s, l) => s + Number(l.amount), 0);
    }
    expect(onBills.toFixed(5)).toBe(Number(row.charged).toFixed(5));
  });
});
