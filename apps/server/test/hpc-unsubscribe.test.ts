// Unsubscribing a pool (issue 14 item 8, spec §8): a pool whose Slurm account still has a pending
// or running job cannot be unsubscribed ("a running job prevents unsubscribe"), a dedicated pool
// says "a dedicated resource is still in use; unsubscribe first", in the inquiry of /unsubscribe
// and the unsubscribe alike, in both languages, changing nothing; once the job has ended on the
// simulated cluster's clock (moved, never waited for) the unsubscribe goes through and the
// account is removed.
import type { HpcPoolDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNameOf } from "../src/modules/hpc/cluster-access";
import { hpcPools } from "../src/modules/hpc/hpc.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { demoCluster, orderedResource, sharedPoolOrder } from "./support/hpc-pool";
import { ledgerFingerprint } from "./support/money";
import {
  advance,
  unsubscribeInquiry,
  unsubscribe as unsubscribeResource,
  verifiedTenant,
} from "./support/orders";

const RUNNING_JOB = { en: "A running job prevents unsubscribe", zh: "存在运行中的作业，无法退订" };
const DEDICATED = {
  en: "A dedicated resource is still in use; unsubscribe first",
  zh: "专属资源仍在使用中，请先退订",
};

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;

const cluster = () => demoCluster(t);
const orderPool = () =>
  orderedResource(t, owner.client, sharedPoolOrder("hpc-shared", `unsub-${unique().slice(-6)}`));

/** A job of `seconds` on the pool, as its first member. */
async function submit(poolId: string, seconds: number, cpus = 2): Promise<string> {
  const pool = await owner.client.request<HpcPoolDetail>(`/api/hpc/pools/${poolId}`);
  const job = await (await cluster()).submitJob({
    account: accountNameOf(owner.orgId, poolId),
    user: pool.body.data.members[0]!.clusterUser,
    partition: "cpu",
    name: "unsub-test",
    script: `#!/bin/bash\n#SIM runtime=${seconds}\nsleep ${seconds}\n`,
    cpus,
    gpus: 0,
    timeLimitMinutes: Math.ceil(seconds / 60) + 1,
  });
  return job.jobId;
}

const inquiry = (id: string, lang = "en-US") => unsubscribeInquiry(owner.client, id, lang);
const unsubscribe = (id: string, lang = "en-US") => unsubscribeResource(owner.client, id, lang);
const statusOf = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!.status;

/** The inquiry and the unsubscribe both refuse with `message`, in both languages, changing nothing. */
async function expectBlocked(id: string, message: { en: string; zh: string }) {
  const fingerprint = await ledgerFingerprint(t.database.db);
  expect((await inquiry(id)).body.data.blockedBy).toBe(message.en);
  expect((await inquiry(id, "zh-CN")).body.data.blockedBy).toBe(message.zh);
  const refused = await unsubscribe(id);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(message.en);
  expect((await unsubscribe(id, "zh-CN")).body.message).toBe(message.zh);
  expect(await ledgerFingerprint(t.database.db)).toBe(fingerprint);
  expect(await statusOf(id)).toBe("available");
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
});
afterAll(() => t.close());

describe("a shared pool with a job", () => {
  it("cannot be unsubscribed while the job waits or runs, and can once it has ended", async () => {
    const id = await orderPool();
    expect((await inquiry(id)).body.data.blockedBy).toBeNull();
    await submit(id, 1800);
    await expectBlocked(id, RUNNING_JOB);
    // 20 minutes later it still runs.
    t.clock.advance(20 * 60 * 1000);
    await expectBlocked(id, RUNNING_JOB);
    t.clock.advance(11 * 60 * 1000);
    expect((await inquiry(id)).body.data.blockedBy).toBeNull();
    const done = await unsubscribe(id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await advance(t, 1);
    expect(await statusOf(id)).toBe("deleted");
    expect(await (await cluster()).getAccount(accountNameOf(owner.orgId, id))).toBeNull();
  });

  it("is blocked by a pending job too (one waiting for the pool's cores)", async () => {
    const id = await orderPool();
    // hpc-shared caps the account at 64 cores: the second job waits.
    await submit(id, 600, 64);
    await submit(id, 600, 64);
    const jobs = (await owner.client.request<HpcPoolDetail>(`/api/hpc/pools/${id}`)).body.data.jobs;
    expect(jobs.map((j) => j.state).sort()).toEqual(["pending", "running"]);
    await expectBlocked(id, RUNNING_JOB);
    // The first ends after 10 minutes, the second then runs 10 more.
    t.clock.advance(11 * 60 * 1000);
    await expectBlocked(id, RUNNING_JOB);
    t.clock.advance(10 * 60 * 1000);
    expect((await unsubscribe(id)).status).toBe(200);
  });
});

describe("a dedicated pool with a job", () => {
  it("says the dedicated resource is still in use", async () => {
    const id = await orderPool();
    // Dedicated pools are not sold yet (their activation flow is to come): this pool is made one.
    await t.database.db.update(hpcPools).set({ poolType: "aiDedicated" }).where(eq(hpcPools.resourceId, id));
    await submit(id, 900);
    await expectBlocked(id, DEDICATED);
    t.clock.advance(16 * 60 * 1000);
    expect((await inquiry(id)).body.data.blockedBy).toBeNull();
    expect((await unsubscribe(id)).status).toBe(200);
  });
});
