// Operators' HPC clusters (issue 14 item 1, BA10): a cluster is registered only once it answered
// its health check — a URL that does not answer is refused in both languages and nothing is saved —
// it is listed with its health (partitions, nodes, CPUs, GPUs, queue), changed (an empty secret
// keeps the stored one), disabled, and its secret is never answered. Each change has its audit row.
import type { HpcCluster } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPrices, products } from "../src/modules/catalog/catalog.schema";
import { hpcClusters } from "../src/modules/hpc/hpc.schema";
import { seed } from "../src/seed";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { countRows, unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;

const simulated = (name: string) => ({
  name,
  backend: "simulator",
  restUrl: "simulator",
  parentAccount: "skyledger",
  clusterName: `sim${unique()}`,
  loginHost: "login.example:22",
});

const register = (body: Record<string, unknown>, locale = "en-US") =>
  operator.request<HpcCluster>("/api/ops/hpc/clusters", {
    method: "POST",
    body,
    headers: { "accept-language": locale },
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

describe("registering a cluster", () => {
  it("saves one that answers, with its health, and never answers its secret", async () => {
    const name = `Lab ${unique()}`;
    const res = await register({ ...simulated(name), secret: "s3cr3t-never-shown" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name, backend: "simulator", simulated: true, poolCount: 0 });
    expect(res.body.data.health).toMatchObject({ controller: true, accounting: true, error: null });
    expect(res.body.data.health.partitions.map((p) => p.name)).toEqual(["cpu", "gpu"]);
    expect(res.body.data.health.gpus).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain("s3cr3t");
    expect(await auditRows(t, "hpc.clusterRegistered", name)).toHaveLength(1);

    const list = await operator.request<{ list: HpcCluster[] }>("/api/ops/hpc/clusters");
    expect(list.body.data.list.map((c) => c.name)).toEqual(
      expect.arrayContaining([name, "Simulated Slurm cluster"]),
    );
    expect(JSON.stringify(list.body)).not.toContain("s3cr3t");
    const again = await register(simulated(name));
    expect(again.body.code).toBe(27101);
  });

  it("refuses a URL that does not answer, in both languages, and saves nothing", async () => {
    const before = await countRows(t, hpcClusters);
    const body = {
      name: `Real ${unique()}`,
      backend: "slurm",
      // Nothing listens on the discard port of loopback.
      restUrl: "http://127.0.0.1:9",
      secretKind: "token",
      secret: "eyJhbGciOiJIUzI1NiJ9.e30.x",
      parentAccount: "skyledger",
      clusterName: "linux",
    };
    const en = await register(body);
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(27100);
    expect(en.body.message).toMatch(/^The cluster did not answer, so nothing was saved: .+/);
    const zh = await register(body, "zh-CN");
    expect(zh.body.message).toMatch(/^无法连接该集群，未保存任何内容：.+/);
    expect(await countRows(t, hpcClusters)).toBe(before);
  });

  it("refuses a Slurm cluster without an http(s) URL or a secret", async () => {
    const bad = await register({
      name: `Bad ${unique()}`,
      backend: "slurm",
      restUrl: "ftp://cluster",
      parentAccount: "skyledger",
      clusterName: "linux",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/restUrl/);
    expect(JSON.stringify(bad.body)).toMatch(/secret/);
  });
});

describe("changing and disabling a cluster", () => {
  it("keeps the stored secret when none is sent, and disables with audit rows", async () => {
    const name = `Edit ${unique()}`;
    const made = await register({ ...simulated(name), secret: "kept-secret" });
    const id = made.body.data.id;
    const renamed = `${name} B`;
    const changed = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${id}`, {
      method: "PUT",
      body: { ...simulated(renamed), loginHost: null },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ name: renamed, loginHost: null });
    const [row] = await t.database.db.select().from(hpcClusters).where(eq(hpcClusters.id, id));
    // Stored sealed (decision 0013): the kept value still opens to what was registered.
    expect(row?.secret).not.toContain("kept-secret");
    expect(t.secrets.open(row!.secret)).toBe("kept-secret");
    expect(await auditRows(t, "hpc.clusterUpdated", renamed)).toHaveLength(1);

    const disabled = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${id}/disable`, {
      method: "POST",
    });
    expect(disabled.body.data.disabledAt).not.toBeNull();
    expect(await auditRows(t, "hpc.clusterDisabled", renamed)).toHaveLength(1);
    const active = await operator.request<{ list: HpcCluster[] }>("/api/ops/hpc/clusters");
    expect(active.body.data.list.map((c) => c.id)).not.toContain(id);
    const all = await operator.request<{ list: HpcCluster[] }>("/api/ops/hpc/clusters", {
      query: { includeDisabled: "true" },
    });
    expect(all.body.data.list.map((c) => c.id)).toContain(id);
  });

  it("answers 404 for an unknown cluster and 403 to a tenant", async () => {
    expect((await operator.request("/api/ops/hpc/clusters/nope")).status).toBe(404);
    const { client } = await verifiedTenant(t, operator, "0");
    expect((await client.request("/api/ops/hpc/clusters")).status).toBe(403);
    const tried = await client.request("/api/ops/hpc/clusters", { method: "POST", body: simulated("x") });
    expect(tried.status).toBe(403);
  });
});

describe("the demo", () => {
  it("turns an earlier demo's untouched hpc-shared product into the core-hour pool on the simulated cluster", async () => {
    const db = t.database.db;
    const [seeded] = await db.select().from(products).where(eq(products.code, "hpc-shared"));
    expect(seeded?.spec).toMatchObject({ kind: "hpcPool", poolType: "hpcShared", partition: "cpu" });
    // As an earlier release seeded it: a capacity product waiting to be listed, without prices.
    await db.delete(productPrices).where(eq(productPrices.productId, seeded!.id));
    await db
      .update(products)
      .set({
        spec: { kind: "capacity", unit: "core", options: [{ id: "cpu-core", name: "CPU core" }] },
        postpaid: false,
        prepaidPeriods: [1, 3, 6, 12],
        listingState: "pendingListing",
      })
      .where(eq(products.id, seeded!.id));
    await seed(db, t.clock, { sessionTtlMinutes: 60, demo: true });
    const [after] = await db.select().from(products).where(eq(products.id, seeded!.id));
    expect(after).toMatchObject({ spec: seeded!.spec, postpaid: true, listingState: "listed" });
    const prices = await db.select().from(productPrices).where(eq(productPrices.productId, seeded!.id));
    expect(prices.map((p) => [p.dimension, p.unitPrice])).toEqual([["coreHour", 35_000n]]);
    const clusters = await operator.request<{ list: HpcCluster[] }>("/api/ops/hpc/clusters");
    expect(clusters.body.data.list.find((c) => c.name === "Simulated Slurm cluster")).toMatchObject({
      simulated: true,
      health: { controller: true, error: null },
    });
  });
});
