// Skyledger's own HPC services against the real one-node Slurm cluster of scripts/slurm/start.sh
// (issue 14 "Proof and benchmarks"): the app is built as the PGlite HPC tests build it, with its
// injected clock set to real time (Slurm's jobs run on real time), and the cluster of .slurm/env is
// registered through the operator's API. Through the services and the HTTP API it proves that
// ordering a shared pool makes the Slurm account under the parent with the product's limits capped
// by the quota and the member as a Slurm user (read back with sacctmgr); that Slurm itself holds a
// console job over the pool's CPUs (QOSGrpCpuLimit, shown by the console with the CPUs it asked
// for) while one within them runs; that 50 jobs of two members are charged from sacct's own
// figures to the 0.00001 yuan, once over two accounting passes; that the arrears hold puts MaxSubmitJobs=0 on the cluster (Slurm
// refuses a submit, error 2050) and a top-up lifts it in one pass; that an approved dedicated
// application has its reservation (scontrol) and the unsubscribe removes it; and that a running job
// blocks the unsubscribe of a shared pool until it has ended, after which the account is gone.
// Needs the cluster (and root, for the members' Unix users); `npm run test:slurm`. Everything it
// makes is named for this run and removed afterwards.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { discountFromHundredths, NO_DISCOUNT, NO_USAGE, rateJobSpan } from "@skyledger/billing";
import type { HpcConsoleJob, HpcPoolDetail, OrderDetail } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPrices, products } from "../src/modules/catalog/catalog.schema";
import { hpcChargeLines } from "../src/modules/hpc/accounting/hpc-accounting.schema";
import { accountNameOf, clusterUserOf } from "../src/modules/hpc/cluster-access";
import { hpcPools } from "../src/modules/hpc/hpc.schema";
import { bills } from "../src/modules/ledger/ledger.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { systemClock } from "../src/platform/clock";
import type { ClusterConnection, HpcCluster } from "../src/providers/hpc/hpc-cluster";
import { createSlurmCluster } from "../src/providers/hpc/slurm-cluster";
import { eventually, slurmConnection, slurmEnv, slurmSigningKey } from "./hpc-cluster/real-cluster";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { builtInGroup, createSubUser, type SubUser, stepUp } from "./support/iam";
import { fundCash, y } from "./support/money";
import { advance, apply, unsubscribe, verifiedTenant } from "./support/orders";

/** What each job of the pool was charged, from its bill lines (a finished job keeps no mark). */
async function chargedPerJob(poolId: string) {
  const per = new Map<string, { coreSeconds: bigint; amount: bigint }>();
  for (const l of await t.database.db
    .select()
    .from(hpcChargeLines)
    .where(eq(hpcChargeLines.poolId, poolId))) {
    const was = per.get(l.jobId) ?? { coreSeconds: 0n, amount: 0n };
    per.set(l.jobId, { coreSeconds: was.coreSeconds + l.coreSeconds, amount: was.amount + l.amount });
  }
  return per;
}

const HOUR_MS = 3_600_000;
const run = Date.now().toString(36);
const PARENT = `skysvc_${run}`;
const conn: ClusterConnection = slurmConnection(PARENT);
/** The cluster asked directly, for what Skyledger's services do not show and for the cleanup. */
const direct: HpcCluster = createSlurmCluster(conn, { clock: systemClock, timeoutMs: 10_000 });

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
/** Owes after its jobs are charged: it starts with no money. */
let payer: Tenant;
/** Its vCPU quota is 4, so its pool has 4 CPUs on the cluster. */
let small: Tenant;
let payerPool: string;
let smallPool: string;
const accounts: string[] = [];
const madeUsers: string[] = [];
const jobIds: string[] = [];

const slurm = (command: string, args: string[]) =>
  execFileSync(command, args, {
    env: { ...process.env, SLURM_CONF: slurmEnv.SLURM_CONF! },
    encoding: "utf8",
  });

/** sacctmgr's associations of `account`: account|parent|user|qos, one per line. */
const associations = (account: string) =>
  slurm("sacctmgr", ["-nP", "show", "assoc", `account=${account}`, "format=Account,ParentName,User,QOS"])
    .trim()
    .split("\n")
    .filter(Boolean)
    .sort();
/** sacctmgr's QOS of the pool (named as its account): GrpTRES|MaxJobsPA|MaxSubmitPA, or "". */
const qos = (account: string) =>
  slurm("sacctmgr", ["-nP", "show", "qos", account, "format=GrpTRES,MaxJobsPA,MaxSubmitPA"]).trim();
/** `scontrol show reservation` for `name`, or null when Slurm has none of that name. */
function reservation(name: string): string | null {
  try {
    return slurm("scontrol", ["show", "reservation", name]);
  } catch {
    return null;
  }
}

/** sacct's own figures for these jobs: id → AllocCPUS, ElapsedRaw, State, User. */
function sacct(ids: string[]) {
  const out = slurm("sacct", [
    "-n",
    "-X",
    "-P",
    "-j",
    ids.join(","),
    "--format=JobID,AllocCPUS,ElapsedRaw,State,User,End",
  ]);
  return new Map(
    out
      .trim()
      .split("\n")
      .map((line) => line.split("|"))
      .map(([id, cpus, elapsed, state, user, end]) => [
        id!,
        { cpus: Number(cpus), elapsed: Number(elapsed), state: state!, user: user!, end: end! },
      ]),
  );
}

/**
 * The member's Unix user on this one-node cluster, which jobs run as; removed afterwards. It must
 * exist before Skyledger adds the member's association: slurmctld resolves an association's user
 * to a uid when it learns of it, and one it could not resolve refuses that user's jobs ("Invalid
 * account or account/partition combination") until it looks again (hourly, or on reconfigure).
 */
function ensureUnixUser(user: string): void {
  try {
    execFileSync("id", [user], { stdio: "ignore" });
  } catch {
    execFileSync("useradd", ["--no-create-home", "--shell", "/bin/bash", user]);
    madeUsers.push(user);
  }
}

/**
 * The injected clock catches up with real time (running the lifecycle step), never going back:
 * Skyledger's windows over the cluster's jobs are of the injected clock, the jobs' times real.
 */
async function catchUp(): Promise<void> {
  const lag = Date.now() - t.clock.now().getTime();
  await advance(t, lag > 0 ? lag / 1000 : 0);
}

async function orderPool(tenant: Tenant): Promise<string> {
  await catchUp();
  const res = await apply(tenant.client, {
    productCode: "hpc-shared",
    spec: {},
    name: `svc-${unique().slice(-6)}`,
    quantity: 1,
    paymentType: "postpaid",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const done = await tenant.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(done.body.data.status, JSON.stringify(done.body.data)).toBe("completed");
  const poolId = done.body.data.resourceIds[0]!;
  accounts.push(accountNameOf(tenant.orgId, poolId));
  return poolId;
}

const detail = (client: TestClient, id: string) => client.request<HpcPoolDetail>(`/api/hpc/pools/${id}`);
const memberUserOf = async (client: TestClient, poolId: string, userId: string) =>
  (await detail(client, poolId)).body.data.members.find((m) => m.userId === userId)!.clusterUser;

const script = (seconds: number) => `#!/bin/bash\n#SBATCH --job-name=svc\nsleep ${seconds}\n`;
async function submit(
  client: TestClient,
  poolId: string,
  over: { cpus?: number; seconds?: number; name?: string } = {},
) {
  const res = await client.request<{ jobId: string }>(`/api/hpc/console/pools/${poolId}/jobs`, {
    method: "POST",
    body: {
      name: over.name ?? "svc",
      partition: "cpu",
      cpus: over.cpus ?? 1,
      gpus: 0,
      timeLimitMinutes: 2,
      script: script(over.seconds ?? 1),
    },
  });
  if (res.status === 200) jobIds.push(res.body.data.jobId);
  return res;
}
const queue = async (client: TestClient, poolId: string) =>
  (
    await client.request<{ list: HpcConsoleJob[] }>(`/api/hpc/console/pools/${poolId}/jobs`, {
      query: { view: "queue" },
    })
  ).body.data.list;
const cancel = (client: TestClient, poolId: string, jobId: string) =>
  client.request(`/api/hpc/console/pools/${poolId}/jobs/${jobId}/cancel`, { method: "POST" });

beforeAll(async () => {
  t = await startTestApp();
  // From the seeded start to now: the lifecycle runs once over the gap, before anything exists.
  await catchUp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const registered = await operator.request<{ id: string }>("/api/ops/hpc/clusters", {
    method: "POST",
    body: {
      name: `Real Slurm ${run}`,
      backend: "slurm",
      restUrl: conn.restUrl,
      secretKind: "signingKey",
      secret: slurmSigningKey,
      adminUser: conn.adminUser,
      parentAccount: PARENT,
      clusterName: conn.clusterName,
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  // The demo's shared and dedicated HPC products are sold on the real cluster in this file.
  for (const code of ["hpc-shared", "hpc-dedicated"]) {
    const [product] = await t.database.db.select().from(products).where(eq(products.code, code));
    const spec = product!.spec as Extract<NonNullable<typeof product>["spec"], { kind: "hpcPool" }>;
    await t.database.db
      .update(products)
      .set({ spec: { ...spec, clusterId: registered.body.data.id } })
      .where(eq(products.id, product!.id));
  }
  payer = await verifiedTenant(t, operator, "0");
  small = await verifiedTenant(t, operator, "10000");
  const quota = await operator.request("/api/ops/quotas", {
    method: "PUT",
    body: { orgId: small.orgId, projectId: null, limits: { vcpu: 4 } },
  });
  expect(quota.status, JSON.stringify(quota.body)).toBe(200);
});

afterAll(async () => {
  try {
    await t?.close();
  } finally {
    // Removing an account cancels its jobs first, so the users run nothing when they go.
    for (const account of accounts) {
      await direct.removeReservation(account).catch(() => undefined);
      await direct.removeAccount(account).catch(() => undefined);
    }
    await direct.removeAccount(PARENT).catch(() => undefined);
    for (const user of madeUsers) execFileSync("userdel", [user]);
    for (const id of jobIds) rmSync(`/tmp/slurm-${id}.out`, { force: true });
  }
});

describe("ordering a shared pool on the real cluster", () => {
  it("makes the Slurm account under the parent with the product's limits capped by the quota, and the member a Slurm user", async () => {
    for (const tenant of [payer, small]) ensureUnixUser(clusterUserOf(tenant.orgId, tenant.tenant.account));
    payerPool = await orderPool(payer);
    smallPool = await orderPool(small);
    for (const [tenant, poolId, grpTres] of [
      // hpc-shared asks for 64 cores, 20 running and 100 queued jobs; the default quota leaves 64.
      [payer, payerPool, "cpu=64,gres/gpu=0"],
      // A vCPU quota of 4 caps the account at 4 cores.
      [small, smallPool, "cpu=4,gres/gpu=0"],
    ] as const) {
      const account = accountNameOf(tenant.orgId, poolId);
      const member = await memberUserOf(tenant.client, poolId, tenant.tenant.userSid);
      expect(member).toBe(clusterUserOf(tenant.orgId, tenant.tenant.account));
      expect(associations(account)).toEqual(
        [`${account}|${PARENT}||${account}`, `${account}||${member}|${account}`].sort(),
      );
      expect(qos(account)).toBe(`${grpTres}|20|100`);
      const [pool] = await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, poolId));
      expect(pool!.limits).toMatchObject({ cpus: Number(/cpu=(\d+)/.exec(grpTres)![1]), gpus: 0 });
    }
  });
});

describe("the job console on the real cluster", () => {
  it("runs a job within the pool's CPUs; Slurm itself holds one over them and the console shows its reason and asked CPUs", async () => {
    const member = await memberUserOf(small.client, smallPool, small.tenant.userSid);
    const first = await submit(small.client, smallPool, { cpus: 3, seconds: 60, name: "within" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const within = first.body.data.jobId;
    await eventually(async () => {
      const row = (await queue(small.client, smallPool)).find((j) => j.jobId === within);
      expect(row).toMatchObject({ state: "running", cpus: 3, userName: small.tenant.account });
    });
    // 3 + 2 CPUs are over the pool's 4: Skyledger lets it through (each job alone is within the
    // limit) and Slurm's own QOS keeps it waiting.
    const second = await submit(small.client, smallPool, { cpus: 2, seconds: 1, name: "over" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const over = second.body.data.jobId;
    await eventually(async () => {
      const row = (await queue(small.client, smallPool)).find((j) => j.jobId === over);
      // Nothing is allocated to it yet: the console shows the 2 CPUs it asked for, not 0.
      expect(row).toMatchObject({ state: "pending", reason: "QOSGrpCpuLimit", cpus: 2, gpus: 0 });
    });
    // Slurm's own queue says the same.
    expect(slurm("squeue", ["-h", "-j", over, "-o", "%T|%r|%u|%C"]).trim()).toBe(
      `PENDING|QOSGrpCpuLimit|${member}|2`,
    );
    expect((await cancel(small.client, smallPool, over)).status).toBe(200);
  });

  it("refuses to unsubscribe the pool while its job runs, and unsubscribes it once the job has ended: the account is gone", async () => {
    await catchUp();
    const running = (await queue(small.client, smallPool)).filter((j) => j.state === "running");
    expect(running).toHaveLength(1);
    const refused = await unsubscribe(small.client, smallPool);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("A running job prevents unsubscribe");
    const account = accountNameOf(small.orgId, smallPool);
    expect(associations(account)).toHaveLength(2);

    // The member stops it; once Slurm has ended it the unsubscribe goes through.
    expect((await cancel(small.client, smallPool, running[0]!.jobId)).status).toBe(200);
    await eventually(async () => expect(await queue(small.client, smallPool)).toEqual([]));
    // As Skyledger reads the account's finished jobs (what the last rating will ask), it has ended.
    await eventually(async () => {
      const seen = await direct.jobs({
        accounts: [account],
        from: new Date(Date.now() - HOUR_MS),
        to: new Date(Date.now() + HOUR_MS),
      });
      expect(seen.find((r) => r.jobId === running[0]!.jobId)).toMatchObject({
        state: "cancelled",
        cpus: 3,
        endedAt: expect.any(Date),
      });
    });
    await catchUp();
    const done = await unsubscribe(small.client, smallPool);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await advance(t, 1);
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, smallPool));
    expect(row!.status).toBe("deleted");
    expect(associations(account)).toEqual([]);
    expect(qos(account)).toBe("");
    // The pool's last rating, up to its release, charged what the stopped job ran, though its
    // account (and with it the job's association in slurmdbd) is gone by then.
    await advance(t, 1);
    const stopped = running[0]!.jobId;
    const own = sacct([stopped]).get(stopped)!;
    const charges = await chargedPerJob(smallPool);
    expect([...charges].map(([jobId, c]) => [jobId, c.coreSeconds])).toEqual([
      [stopped, BigInt(3 * own.elapsed)],
    ]);
  });
});

describe("a dedicated pool on the real cluster", () => {
  it("is reserved for the tenant's account when an operator approves it, and the reservation goes with the unsubscribe", async () => {
    await catchUp();
    const res = await apply(small.client, {
      productCode: "hpc-dedicated",
      spec: { units: 1 },
      name: `dedicated-${unique().slice(-6)}`,
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    const orderId = res.body.data.id;
    const waiting = (await small.client.request<OrderDetail>(`/api/orders/${orderId}`)).body.data;
    expect(waiting).toMatchObject({ status: "approved", awaitingActivation: true });
    await catchUp();
    const activated = await operator.request(`/api/audit/approval/${orderId}/activate`, {
      method: "POST",
      body: { reason: "" },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    await advance(t, 1);
    const done = (await small.client.request<OrderDetail>(`/api/orders/${orderId}`)).body.data;
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const poolId = done.resourceIds[0]!;
    const account = accountNameOf(small.orgId, poolId);
    accounts.push(account);
    try {
      const shown = reservation(account);
      expect(shown).toContain(`ReservationName=${account}`);
      expect(shown).toMatch(new RegExp(`Accounts=${account}\\b`));
      expect(shown).toMatch(/NodeCnt=1\b/);
      expect(shown).toMatch(/PartitionName=cpu\b/);
      expect(associations(account)).toContain(`${account}|${PARENT}||${account}`);

      await catchUp();
      const gone = await unsubscribe(small.client, poolId);
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      await advance(t, 1);
      expect(reservation(account)).toBeNull();
      expect(associations(account)).toEqual([]);
    } finally {
      // Never leave the node reserved: other suites share this cluster.
      await direct.removeReservation(account).catch(() => undefined);
    }
  });
});

describe("accounting and arrears on the real cluster", () => {
  let second: SubUser;
  let secondClient: TestClient;

  it("charges 50 jobs of two members from sacct's own figures, to the 0.00001 yuan, once over two passes", async () => {
    await catchUp();
    await stepUp(t, payer.client, payer.tenant.mobile);
    second = await createSubUser(payer.client, [await builtInGroup(t, payer.orgId, "hpcCustom")]);
    ensureUnixUser(clusterUserOf(payer.orgId, second.account));
    const added = await payer.client.request<HpcPoolDetail>(`/api/hpc/pools/${payerPool}/members`, {
      method: "POST",
      body: { userId: second.userSid },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const users = [
      await memberUserOf(payer.client, payerPool, payer.tenant.userSid),
      await memberUserOf(payer.client, payerPool, second.userSid),
    ];
    const account = accountNameOf(payer.orgId, payerPool);
    expect(associations(account)).toEqual(
      [`${account}|${PARENT}||${account}`, ...users.map((u) => `${account}||${u}|${account}`)].sort(),
    );
    secondClient = await signedIn(t.app, t.clock, second);

    const submitted: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await submit(i % 2 === 0 ? payer.client : secondClient, payerPool, {
        cpus: 1 + (i % 2),
        seconds: 1,
        name: `bulk-${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      submitted.push(res.body.data.jobId);
    }
    const figures = await eventually(async () => {
      const own = sacct(submitted);
      expect([...own.values()].map((f) => f.state)).toEqual(submitted.map(() => "COMPLETED"));
      return own;
    }, 90);
    for (const [i, id] of submitted.entries()) {
      expect(figures.get(id)).toMatchObject({ cpus: 1 + (i % 2), user: users[i % 2] });
    }

    // What each job costs, from sacct's figures at the product's core-hour price.
    const [product] = await t.database.db.select().from(products).where(eq(products.code, "hpc-shared"));
    const [price] = await t.database.db
      .select()
      .from(productPrices)
      .where(and(eq(productPrices.productId, product!.id), eq(productPrices.dimension, "coreHour")));
    const [poolRow] = await t.database.db.select().from(resources).where(eq(resources.id, payerPool));
    const prices = {
      coreHour: price!.unitPrice,
      gpuHour: 0n,
      discount:
        poolRow!.discountHundredths === null
          ? NO_DISCOUNT
          : discountFromHundredths(poolRow!.discountHundredths),
    };
    const due = new Map(
      submitted.map((id) => {
        const f = figures.get(id)!;
        return [id, rateJobSpan(NO_USAGE, { cpus: f.cpus, gpus: 0, seconds: f.elapsed }, prices).amount];
      }),
    );
    const total = [...due.values()].reduce((s, a) => s + a, 0n);
    expect(total).toBeGreaterThan(0n);

    // Skyledger's read of the account's jobs (what the accounting pass asks) has them all, as sacct.
    // slurmrestd's answer by account can lag sacct's by job id for a few seconds; the injected clock
    // jumps an hour at once, past the 15-minute overlap that would catch a late job in real time.
    await eventually(async () => {
      const seen = await direct.jobs({
        accounts: [account],
        from: new Date(poolRow!.createdAt.getTime() - HOUR_MS),
        to: new Date(Date.now() + HOUR_MS),
      });
      expect(seen.map((r) => [r.jobId, r.state, r.cpus, r.user])).toEqual(
        submitted.map((id) => [id, "completed", figures.get(id)!.cpus, figures.get(id)!.user]),
      );
    });

    // The injected clock moves a minute past the end of the hour in which the last job ended.
    const ended = Math.max(Date.now(), t.clock.now().getTime());
    const target = Math.floor(ended / HOUR_MS) * HOUR_MS + HOUR_MS + 60_000;
    await advance(t, (target - t.clock.now().getTime()) / 1000);
    const charged = async () =>
      (await t.database.db.select().from(bills).where(eq(bills.orgId, payer.orgId)))
        .filter((b) => b.chargeType === "postpaid")
        .reduce((s, b) => s + b.actualAmount, 0n);
    const perJob = async () =>
      new Map([...(await chargedPerJob(payerPool))].map(([jobId, c]) => [jobId, c.amount]));
    expect(await perJob()).toEqual(due);
    expect(await charged()).toBe(total);

    // A second pass an hour later charges nothing again.
    await advance(t, 3600);
    expect(await charged()).toBe(total);
    expect(await perJob()).toEqual(due);
  });

  it("holds the pool owing money with MaxSubmitJobs=0 on the cluster, refused by Slurm, and lifts it in one pass after a top-up", async () => {
    // The tenant had no money: the charge above is owed, and the pass that charged it held the pool.
    const account = accountNameOf(payer.orgId, payerPool);
    const [held] = await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, payerPool));
    expect(held!.heldReason).toBe("arrears");
    expect(qos(account)).toBe("cpu=64,gres/gpu=0|20|0");
    payer.client = await signedIn(t.app, t.clock, payer.tenant);
    const refused = await submit(payer.client, payerPool);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/arrears/);
    // Slurm itself refuses the member's submission while the hold is on (error 2050).
    const member = await memberUserOf(payer.client, payerPool, payer.tenant.userSid);
    await expect(
      direct.submitJob({
        account,
        user: member,
        partition: "cpu",
        name: "held",
        script: script(1),
        cpus: 1,
        gpus: 0,
        timeLimitMinutes: 1,
      }),
    ).rejects.toMatchObject({ reason: "held", message: expect.stringContaining("accounting/QOS policy") });

    await fundCash(t.database.db, payer.orgId, y("10"), t.clock.now());
    await advance(t, 60);
    const [lifted] = await t.database.db.select().from(hpcPools).where(eq(hpcPools.resourceId, payerPool));
    expect(lifted!.heldReason).toBeNull();
    expect(qos(account)).toBe("cpu=64,gres/gpu=0|20|100");
    const again = await submit(payer.client, payerPool);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
