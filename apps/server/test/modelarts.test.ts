// The AI development platform (issue 14 item 4, `/mgt/modelarts`): a member of an AI shared pool
// submits training jobs from the form or from YAML on the simulated cluster; an empty YAML is spec
// §8's "the YAML configuration is empty", malformed YAML, an unknown field or a request over the
// pool's limits is refused in both languages and nothing reaches the cluster; the job's state and
// its log follow the clock (moved, never waited for), it can be stopped once, its GPU-hours and
// the cost the hourly rating charged show on it; audit rows record submit and stop; another tenant
// gets 404 and a sub-user without the AI resource pool set 403.
import type { OrderDetail, TrainingJob, TrainingJobDetail, TrainingPool } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hpcTrainingJobs } from "../src/modules/hpc/training/training.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { createGroup, createSubUser, stepUp } from "./support/iam";
import { advance, apply, verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;
let poolId: string;

const YAML = (name: string, extra = "") => `# a training job
name: ${name}
image: pytorch/pytorch:2.3.0-cuda12.1
command: |
  echo "epoch 1 loss 0.9"
  python train.py --data $DATA_PATH
gpus: 2
cpus: 8
memoryGb: 64
timeLimitMinutes: 90
dataPath: /data/imagenet
${extra}`;

const submit = (client: TestClient, body: Record<string, unknown>, lang = "en-US") =>
  client.request<TrainingJobDetail>("/api/modelarts/jobs", {
    method: "POST",
    body: { poolId, ...body },
    headers: { "accept-language": lang },
  });
const jobCount = async () => (await t.database.db.select().from(hpcTrainingJobs)).length;

/** Moves the clock and signs the owner in again (a session idles out in 30 minutes). */
async function later(ms: number, tick = false) {
  if (tick) await advance(t, ms / 1000);
  else t.clock.advance(ms);
  owner.client = await signedIn(t.app, t.clock, owner.tenant);
}

/** Refused with `en` and `zh`, and nothing recorded (nor submitted). */
async function expectRefused(body: Record<string, unknown>, en: string | RegExp, zh: string | RegExp) {
  const before = await jobCount();
  const refused = await submit(owner.client, body);
  expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  expect(refused.body.message).toMatch(en);
  expect((await submit(owner.client, body, "zh-CN")).body.message).toMatch(zh);
  expect(await jobCount()).toBe(before);
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  // Training needs the AI development platform (ai-platform.test.ts proves the refusal without it).
  const platform = await apply(owner.client, {
    productCode: "ai-platform",
    spec: {},
    name: "ai-platform",
    quantity: 1,
    paymentType: "postpaid",
  });
  expect(platform.status, JSON.stringify(platform.body)).toBe(200);
  const res = await apply(owner.client, {
    productCode: "ai-shared",
    spec: {},
    name: "gpu-lab",
    quantity: 1,
    paymentType: "postpaid",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const order = await owner.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(order.body.data.status).toBe("completed");
  poolId = order.body.data.resourceIds[0]!;
});
afterAll(() => t.close());

describe("the AI pools a tenant may submit to", () => {
  it("lists the AI pool with its limits, the simulated cluster and the caller's cluster user", async () => {
    const pools = await owner.client.request<TrainingPool[]>("/api/modelarts/pools");
    expect(pools.status).toBe(200);
    expect(pools.body.data).toEqual([
      expect.objectContaining({
        id: poolId,
        name: "gpu-lab",
        poolType: "aiShared",
        simulated: true,
        partition: "gpu",
        cpus: 32,
        gpus: 4,
        clusterUser: expect.stringMatching(/^sk_/),
      }),
    ]);
  });
});

describe("bad definitions", () => {
  it("an empty YAML is spec §8's message", async () => {
    await expectRefused({ source: "yaml", yaml: "" }, "The YAML configuration is empty", "YAML配置为空");
    await expectRefused(
      { source: "yaml", yaml: "  # only a comment\n" },
      "The YAML configuration is empty",
      "YAML配置为空",
    );
  });

  it("malformed YAML says where", async () => {
    await expectRefused(
      { source: "yaml", yaml: "name: a\ncommand: [unclosed\ngpus: 1\n" },
      /^The YAML configuration is malformed \(line \d+\): /,
      /^YAML配置格式错误（第\d+行）：/,
    );
    await expectRefused(
      { source: "yaml", yaml: "- just\n- a list\n" },
      "The YAML configuration must be a mapping of fields, e.g. command: python train.py",
      /^YAML配置必须是/,
    );
  });

  it("an unknown or invalid field is named", async () => {
    await expectRefused(
      { source: "yaml", yaml: YAML("bad-field", "gpu: 3\n") },
      /^The training job's gpu is invalid: not a known field/,
      /^训练作业定义中的gpu无效：不是可识别的字段/,
    );
    await expectRefused(
      { source: "yaml", yaml: YAML("x").replace("gpus: 2", "gpus: two") },
      "The training job's GPUs (gpus) is invalid: GPUs are a whole number from 0 to 64",
      "训练作业定义中的GPU数量（gpus）无效：GPU数量须为0到64的整数",
    );
    await expectRefused(
      {
        source: "form",
        definition: {
          name: "both",
          image: "a/b:1",
          environment: "cuda/12",
          command: "x",
          gpus: 0,
          cpus: 1,
          memoryGb: 1,
          timeLimitMinutes: 5,
        },
      },
      "The training job's image is invalid: Give an image or an environment module (one of them, not both)",
      /^训练作业定义中的镜像（image）无效/,
    );
  });

  it("over the pool's limits nothing is submitted", async () => {
    await expectRefused(
      { source: "yaml", yaml: YAML("too-many").replace("gpus: 2", "gpus: 5") },
      "GPUs: 5 asked, over the pool's limit of 4; nothing was submitted",
      "申请的GPU数量为5，超过了资源池的上限4，未提交任何作业",
    );
    await expectRefused(
      { source: "yaml", yaml: YAML("too-many").replace("cpus: 8", "cpus: 33") },
      "CPUs: 33 asked, over the pool's limit of 32; nothing was submitted",
      /CPU核数为33/,
    );
  });
});

describe("a training job from YAML", () => {
  let job: TrainingJobDetail;

  it("is submitted as the member's cluster user with the sbatch script made of it", async () => {
    const res = await submit(owner.client, { source: "yaml", yaml: YAML("resnet50") });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    job = res.body.data;
    expect(job).toMatchObject({
      name: "resnet50",
      poolId,
      source: "yaml",
      state: "running",
      simulated: true,
      partition: "gpu",
      submittedByName: owner.tenant.account,
      definition: { gpus: 2, cpus: 8, memoryGb: 64, timeLimitMinutes: 90, dataPath: "/data/imagenet" },
    });
    expect(job.script).toContain("#SBATCH --gres=gpu:2");
    expect(job.script).toContain("#SBATCH --cpus-per-task=8");
    expect(job.script).toContain("#SBATCH --mem=64G");
    expect(job.script).toContain("#SBATCH --time=90");
    expect(job.script).toContain("export DATA_PATH=/data/imagenet");
    expect(job.script).toContain(
      'apptainer exec --nv --bind "$DATA_PATH" docker://pytorch/pytorch:2.3.0-cuda12.1 bash -s',
    );
    expect(job.yaml).toContain("name: resnet50");
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "hpc.trainingSubmitted"), eq(auditLogs.target, "resnet50")));
    expect(audit?.detail).toMatchObject({ clusterJobId: job.clusterJobId, gpus: 2, hpcPool: "gpu-lab" });
  });

  it("shows its log growing with the clock", async () => {
    const first = (await owner.client.request<TrainingJobDetail>(`/api/modelarts/jobs/${job.id}`)).body.data;
    expect(first.log.available).toBe(true);
    expect(first.log.text).toContain("[simulated] job");
    expect(first.log.text).toContain("epoch 1 loss 0.9");
    expect(first.log.text).not.toContain("progress 1/20");
    await later(30 * 60 * 1000);
    const after = (await owner.client.request<TrainingJobDetail>(`/api/modelarts/jobs/${job.id}`)).body.data;
    expect(after.log.text).toContain("progress 6/20");
    expect(after.log.text).not.toContain("progress 7/20");
    expect(after.state).toBe("running");
    expect(after.gpuHours).toBe("1.0000");
  });

  it("is listed, and found by a keyword", async () => {
    const list = await owner.client.request<{ list: TrainingJob[]; total: number }>("/api/modelarts/jobs", {
      query: { keyword: "resnet" },
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.list.map((j) => j.id)).toEqual([job.id]);
    const none = await owner.client.request<{ total: number }>("/api/modelarts/jobs", {
      query: { keyword: "nothing" },
    });
    expect(none.body.data.total).toBe(0);
  });

  it("is stopped once, and its cost is what the hourly rating charged", async () => {
    const stopped = await owner.client.request<TrainingJobDetail>(`/api/modelarts/jobs/${job.id}/stop`, {
      method: "POST",
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.data).toMatchObject({ state: "cancelled", stoppedByName: owner.tenant.account });
    expect(stopped.body.data.log.text).toContain("ended cancelled");
    const again = await owner.client.request(`/api/modelarts/jobs/${job.id}/stop`, { method: "POST" });
    expect(again.body.message).toBe("The training job has already ended");
    // The next hourly rating charges its 30 minutes: 2 GPUs × 0.5 h × 12 + 8 cores × 0.5 h × 0.35.
    await later(3600 * 1000, true);
    const rated = (await owner.client.request<TrainingJobDetail>(`/api/modelarts/jobs/${job.id}`)).body.data;
    expect(rated.gpuHours).toBe("1.0000");
    expect(rated.coreHours).toBe("4.0000");
    expect(rated.charged).toBe("13.40000");
    expect(rated.chargedUpTo).not.toBeNull();
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "hpc.trainingStopped"), eq(auditLogs.target, "resnet50")));
    expect(audits).toHaveLength(1);
  });
});

describe("a training job from the form", () => {
  it("runs an environment module's command and ends at its time limit", async () => {
    const res = await submit(owner.client, {
      source: "form",
      definition: {
        name: "bert-small",
        environment: "cuda/12.1",
        image: null,
        command: "python finetune.py",
        gpus: 1,
        cpus: 4,
        memoryGb: 16,
        timeLimitMinutes: 10,
        dataPath: null,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.script).toContain("module load cuda/12.1\npython finetune.py");
    await later(11 * 60 * 1000);
    const done = await owner.client.request<TrainingJobDetail>(`/api/modelarts/jobs/${res.body.data.id}`);
    expect(done.body.data.state).toBe("completed");
    expect(done.body.data.log.text).toContain("progress 20/20");
    const stop = await owner.client.request(`/api/modelarts/jobs/${res.body.data.id}/stop`, {
      method: "POST",
    });
    expect(stop.body.message).toBe("The training job has already ended");
  });
});

describe("who may", () => {
  it("another tenant neither sees nor stops the jobs, nor submits to the pool (404)", async () => {
    const other = await verifiedTenant(t, operator, "0");
    const [job] = (await t.database.db.select().from(hpcTrainingJobs)).filter((j) => j.poolId === poolId);
    expect((await other.client.request<{ total: number }>("/api/modelarts/jobs")).body.data.total).toBe(0);
    expect((await other.client.request<TrainingPool[]>("/api/modelarts/pools")).body.data).toEqual([]);
    expect((await other.client.request(`/api/modelarts/jobs/${job!.id}`)).status).toBe(404);
    expect(
      (await other.client.request(`/api/modelarts/jobs/${job!.id}/stop`, { method: "POST" })).status,
    ).toBe(404);
    const res = await submit(other.client, { source: "yaml", yaml: YAML("intruder") });
    expect(res.status).toBe(404);
  });

  it("a sub-user without the AI resource pool set gets 403", async () => {
    await stepUp(t, owner.client, owner.tenant.mobile);
    const set = await owner.client.request<{ id: string }>("/api/res/polices", {
      method: "POST",
      body: { name: `Overview${unique()}`, description: "", codes: ["CA"], shared: true },
    });
    const plain = await createSubUser(owner.client, [await createGroup(owner.client, [set.body.data.id])]);
    const client = await signedIn(t.app, t.clock, plain);
    expect((await client.request("/api/modelarts/jobs")).status).toBe(403);
    expect((await client.request("/api/modelarts/pools")).status).toBe(403);
    expect((await submit(client, { source: "yaml", yaml: YAML("nope") })).status).toBe(403);
  });
});
