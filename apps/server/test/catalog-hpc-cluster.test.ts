// An HPC or AI pool product names the cluster it is provisioned on (issue 14 item 1): creating or
// editing one through the operator catalogue refuses a cluster id that is not registered, or a
// registered cluster that is disabled, in the operator's language, and saves nothing (no product,
// no change, no audit row). A registered, enabled cluster is taken.
import type { HpcCluster, Product } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";

let t: TestApp;
let operator: TestClient;
let categoryId: string;

const poolSpec = (clusterId: string) => ({
  kind: "hpcPool",
  poolType: "hpcShared",
  clusterId,
  partition: "cpu",
  limits: { cpus: 16, gpus: 0, runningJobs: 4, maxSubmitJobs: 20, cpuMinutes: null },
});

const productBody = (code: string, clusterId: string) => ({
  code,
  nameZh: "测试HPC资源池",
  nameEn: "Test HPC pool",
  categoryId,
  spec: poolSpec(clusterId),
  prepaidPeriods: [],
  postpaid: true,
  approvalFlow: "none",
});

const save = (body: Record<string, unknown>, id?: string, locale = "en-US") =>
  operator.request<{ id: string }>(`/api/ops/catalog/products${id ? `/${id}` : ""}`, {
    method: id ? "PUT" : "POST",
    body,
    headers: { "accept-language": locale },
  });

const productByCode = async (code: string) => {
  const res = await operator.request<{ list: Product[] }>("/api/ops/catalog/products", {
    query: { keyword: code, pageSize: 100 },
  });
  return res.body.data.list.find((p) => p.code === code);
};

/** A simulated cluster registered through the API, then disabled. */
async function disabledCluster(): Promise<{ id: string; name: string }> {
  const name = `Retired ${unique()}`;
  const made = await operator.request<HpcCluster>("/api/ops/hpc/clusters", {
    method: "POST",
    body: {
      name,
      backend: "simulator",
      restUrl: "simulator",
      parentAccount: "skyledger",
      clusterName: `sim${unique()}`,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.data.id;
  const off = await operator.request(`/api/ops/hpc/clusters/${id}/disable`, { method: "POST" });
  expect(off.status).toBe(200);
  return { id, name };
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const cats = await operator.request<{ list: { id: string; code: string }[] }>(
    "/api/ops/catalog/categories",
    { query: { pageSize: 100 } },
  );
  categoryId = cats.body.data.list.find((c) => c.code === "hpc")!.id;
});
afterAll(() => t.close());

describe("a pool product's cluster", () => {
  it("is taken when it is registered and enabled", async () => {
    const code = `pool-${unique()}`;
    const res = await save(productBody(code, DEMO_CLUSTER_ID));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await productByCode(code))?.spec).toMatchObject({ clusterId: DEMO_CLUSTER_ID });
  });

  it("is refused when no cluster has that id, in both languages, and no product is made", async () => {
    const code = `pool-${unique()}`;
    const en = await save(productBody(code, "no-such-cluster"));
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 27170,
      message:
        "The product's cluster (no-such-cluster) is not a registered cluster, so the product was not saved; choose a registered cluster",
    });
    const zh = await save(productBody(code, "no-such-cluster"), undefined, "zh-CN");
    expect(zh.body).toMatchObject({
      code: 27170,
      message: "产品规格中的集群（no-such-cluster）不是已登记的集群，产品未保存；请选择已登记的集群",
    });
    expect(await productByCode(code)).toBeUndefined();
  });

  it("is refused when the cluster is disabled, when made and when changed, and nothing changes", async () => {
    const retired = await disabledCluster();
    const fresh = `pool-${unique()}`;
    const made = await save(productBody(fresh, retired.id));
    expect(made.body).toMatchObject({
      code: 27171,
      message: `The cluster "${retired.name}" is disabled, so the product was not saved; choose a cluster that is not disabled`,
    });
    const zh = await save(productBody(fresh, retired.id), undefined, "zh-CN");
    expect(zh.body.message).toBe(`集群“${retired.name}”已停用，产品未保存；请选择未停用的集群`);
    expect(await productByCode(fresh)).toBeUndefined();

    // An existing product moved onto the disabled cluster (or onto none) keeps what it had.
    const code = `pool-${unique()}`;
    const id = (await save(productBody(code, DEMO_CLUSTER_ID))).body.data.id;
    const moved = await save({ ...productBody(code, retired.id), nameEn: "Moved pool" }, id);
    expect(moved.body.code).toBe(27171);
    const gone = await save({ ...productBody(code, "no-such-cluster"), nameEn: "Moved pool" }, id);
    expect(gone.body.code).toBe(27170);
    const kept = await productByCode(code);
    expect(kept).toMatchObject({ nameEn: "Test HPC pool", spec: { clusterId: DEMO_CLUSTER_ID } });
    expect(await auditRows(t, "product.updated", id)).toHaveLength(0);
  });
});
