// The AI development platform as a subscription (issue 14 items 1 and 8): the catalogue's
// `ai-platform` product, ordered like any product (postpaid, zero by the hour), is available at
// once with nothing made on a cluster; a second order of the same organisation is refused in
// both languages; without it a training job is refused (27210) and nothing reaches the cluster;
// unsubscribing it while an AI pool of the organisation is subscribed is spec §8's "an AI resource
// pool must be unsubscribed first" on the inquiry and the unsubscribe alike, changing nothing, and
// once the pool is unsubscribed the platform goes as any postpaid resource.
import type { AiPlatformStatus, TrainingJobDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hpcTrainingJobs } from "../src/modules/hpc/training/training.schema";
import { orders } from "../src/modules/orders/orders.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { orderedResource, platformOrder, sharedPoolOrder, TRAINING_FORM } from "./support/hpc-pool";
import { idem, ledgerFingerprint } from "./support/money";
import {
  advance,
  apply,
  unsubscribeInquiry,
  unsubscribe as unsubscribeResource,
  verifiedTenant,
} from "./support/orders";

const AI_POOL_FIRST = { en: "An AI resource pool must be unsubscribed first", zh: "请先退订AI资源池" };

let t: TestApp;
let operator: TestClient;
type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;
let owner: Tenant;

const ordered = (client: TestClient, body: Record<string, unknown>) => orderedResource(t, client, body);

const platformOf = (client: TestClient) => client.request<AiPlatformStatus>("/api/modelarts/platform");
const inquiry = (id: string, lang = "en-US") => unsubscribeInquiry(owner.client, id, lang);
const unsubscribe = (id: string, lang = "en-US") => unsubscribeResource(owner.client, id, lang);
const statusOf = async (id: string) =>
  (await t.database.db.select().from(resources).where(eq(resources.id, id)))[0]!.status;
const jobCount = async () => (await t.database.db.select().from(hpcTrainingJobs)).length;

let poolId: string;
let platformId: string;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
});
afterAll(() => t.close());

describe("without the platform", () => {
  it("the page is told it is not enabled, with the product that enables it", async () => {
    const status = await platformOf(owner.client);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body.data).toEqual({
      enabled: false,
      resourceId: null,
      status: null,
      pendingOrderId: null,
      product: expect.objectContaining({
        code: "ai-platform",
        nameEn: "AI development platform",
        postpaid: true,
      }),
    });
  });

  it("a training job is refused in both languages and nothing reaches the cluster", async () => {
    poolId = await ordered(owner.client, sharedPoolOrder("ai-shared", "gpu-lab"));
    const before = await jobCount();
    const en = await owner.client.request<TrainingJobDetail>("/api/modelarts/jobs", {
      method: "POST",
      body: { poolId, ...TRAINING_FORM },
    });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(27210);
    expect(en.body.message).toBe("The AI development platform is not enabled; enable it first");
    const zh = await owner.client.request("/api/modelarts/jobs", {
      method: "POST",
      body: { poolId, ...TRAINING_FORM },
      headers: { "accept-language": "zh-CN" },
    });
    expect(zh.body.message).toBe("尚未开通AI开发平台，请先开通");
    expect(await jobCount()).toBe(before);
  });
});

describe("ordering the platform", () => {
  it("is quoted at zero by the hour and provisioned at once, available", async () => {
    const quote = await owner.client.request<{ amount: string; dimension: string }>(
      "/api/billing/inquiry/price",
      {
        method: "POST",
        body: { productCode: "ai-platform", spec: {}, quantity: 1, paymentType: "postpaid", hours: 1 },
      },
    );
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({ dimension: "platform", amount: "0.00000" });
    platformId = await ordered(owner.client, platformOrder());
    const [row] = await t.database.db.select().from(resources).where(eq(resources.id, platformId));
    expect(row).toMatchObject({ kind: "aiPlatform", status: "available", paymentType: "postpaid" });
    expect(row!.providerRef).toBe(`aip:${platformId}`);
    const status = await platformOf(owner.client);
    expect(status.body.data).toMatchObject({ enabled: true, resourceId: platformId, status: "available" });
  });

  it("a second order is refused in both languages and no order is made", async () => {
    const count = async () =>
      (await t.database.db.select().from(orders).where(eq(orders.orgId, owner.orgId))).length;
    const before = await count();
    const en = await apply(owner.client, platformOrder("second"));
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(27211);
    expect(en.body.message).toMatch(/only one is allowed/);
    const zh = await owner.client.request("/api/service/apply", {
      method: "POST",
      body: platformOrder("second"),
      headers: { ...idem(), "accept-language": "zh-CN" },
    });
    expect(zh.body.message).toBe("本组织已开通或正在开通AI开发平台，每个组织只能开通一个");
    expect(await count()).toBe(before);
  });

  it("an order still being provisioned counts: a second one right after is refused", async () => {
    const other = await verifiedTenant(t, operator, "100");
    const first = await apply(other.client, platformOrder());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Not provisioned yet: the first order is still on its way.
    const second = await apply(other.client, platformOrder("again"));
    expect(second.body.code).toBe(27211);
    await advance(t, 5);
    const pending = await other.client.request<AiPlatformStatus>("/api/modelarts/platform");
    expect(pending.body.data.enabled).toBe(true);
  });

  it("with it, the training job is taken", async () => {
    const res = await owner.client.request<TrainingJobDetail>("/api/modelarts/jobs", {
      method: "POST",
      body: { poolId, ...TRAINING_FORM },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe("running");
    const stopped = await owner.client.request(`/api/modelarts/jobs/${res.body.data.id}/stop`, {
      method: "POST",
    });
    expect(stopped.status).toBe(200);
  });
});

describe("unsubscribing the platform", () => {
  it("is refused with AI_POOL_FIRST while an AI pool is subscribed, in both languages, changing nothing", async () => {
    const quote = await inquiry(platformId);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.blockedBy).toBe(AI_POOL_FIRST.en);
    expect((await inquiry(platformId, "zh-CN")).body.data.blockedBy).toBe(AI_POOL_FIRST.zh);
    const money = await ledgerFingerprint(t.database.db);
    const refused = await unsubscribe(platformId);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(22005);
    expect(refused.body.message).toBe(AI_POOL_FIRST.en);
    expect((await unsubscribe(platformId, "zh-CN")).body.message).toBe(AI_POOL_FIRST.zh);
    expect(await statusOf(platformId)).toBe("available");
    expect(await ledgerFingerprint(t.database.db)).toEqual(money);
  });

  it("goes through once the AI pool is unsubscribed", async () => {
    // The stopped job has ended on the simulated cluster: the pool may go.
    await advance(t, 60);
    const pool = await unsubscribe(poolId);
    expect(pool.status, JSON.stringify(pool.body)).toBe(200);
    await advance(t, 5);
    expect(await statusOf(poolId)).toBe("deleted");
    expect((await inquiry(platformId)).body.data.blockedBy).toBeNull();
    const done = await unsubscribe(platformId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.type).toBe("release");
    await advance(t, 5);
    expect(await statusOf(platformId)).toBe("deleted");
    expect((await platformOf(owner.client)).body.data).toMatchObject({ enabled: false, resourceId: null });
  });
});
