// The HPC tests' set-ups. A postpaid HPC pool for the accounting tests, made the way provisioning
// leaves one: a product priced per core-hour and per GPU-hour, the simulated cluster registered,
// the pool's `resources` row and `hpc_pools` row, and its Slurm account on the cluster with two
// member users. And what the pool, dedicated and AI-platform tests order through the API: the
// seeded demo cluster as Skyledger reaches it, a shared pool or the platform ordered and
// provisioned, a dedicated pool applied for.
import type { OrderDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { productPrices, products } from "../../src/modules/catalog/catalog.schema";
import { DEMO_CLUSTER_ID } from "../../src/modules/catalog/catalog.seed";
import { connectionOf } from "../../src/modules/hpc/cluster-access";
import { hpcClusters, hpcPools } from "../../src/modules/hpc/hpc.schema";
import { resources } from "../../src/modules/resources/resources.schema";
import { createHpcCluster } from "../../src/providers/hpc/clusters";
import type { AccountLimits, HpcCluster } from "../../src/providers/hpc/hpc-cluster";
import type { TestClient } from "./client";
import { unique } from "./flows";
import type { TestApp } from "./harness";
import { y } from "./money";
import { advance, apply, hostProduct } from "./orders";

export const POOL_LIMITS: AccountLimits = {
  cpus: 256,
  gpus: 16,
  runningJobs: null,
  maxSubmitJobs: null,
  cpuMinutes: null,
};
export const MEMBERS = ["alice", "bob"] as const;

const CONNECTION = {
  restUrl: "simulator",
  secretKind: "token" as const,
  secret: "",
  adminUser: "slurm",
  parentAccount: "skyledger",
};

/** Registers a simulated cluster (its row, as the clusters service saves one) and answers it. */
export async function simulatedCluster(t: TestApp): Promise<{ clusterId: string; cluster: HpcCluster }> {
  const clusterId = `cluster-${unique()}`;
  const now = t.clock.now();
  const clusterName = `sim-${unique()}`;
  await t.database.db.insert(hpcClusters).values({
    id: clusterId,
    name: clusterName,
    backend: "simulator",
    ...CONNECTION,
    // Stored as the clusters service stores it: sealed (decision 0013).
    secret: t.secrets.seal(CONNECTION.secret),
    clusterName,
    createdAt: now,
    updatedAt: now,
  });
  const cluster = createHpcCluster(
    "simulator",
    { ...CONNECTION, clusterName },
    { db: t.database.db, clock: t.clock },
  );
  return { clusterId, cluster };
}

/** A product priced `coreHour` and `gpuHour` yuan an hour (postpaid), by its id. */
export async function hpcProduct(
  operator: TestClient,
  t: TestApp,
  prices: { coreHour: string; gpuHour: string },
) {
  const code = await hostProduct(operator);
  const [product] = await t.database.db.select().from(products).where(eq(products.code, code));
  const now = t.clock.now();
  for (const [dimension, price] of Object.entries(prices)) {
    await t.database.db.insert(productPrices).values({
      id: `price-${unique()}`,
      productId: product!.id,
      dimension,
      model: "unit",
      unitPrice: y(price),
      createdAt: now,
      updatedAt: now,
    });
  }
  return { id: product!.id, code };
}

/** A running postpaid pool of `orgId` on the cluster, with its account and both members. */
export async function postpaidPool(
  t: TestApp,
  opts: {
    orgId: string;
    product: { id: string; code: string };
    clusterId: string;
    cluster: HpcCluster;
    discountHundredths?: number;
  },
): Promise<{ poolId: string; account: string; name: string }> {
  const poolId = `pool-${unique()}`;
  const account = `sk_${unique()}`;
  const name = `hpc-${unique().slice(-6)}`;
  const now = t.clock.now();
  await t.database.db.insert(resources).values({
    id: poolId,
    orgId: opts.orgId,
    productId: opts.product.id,
    productCode: opts.product.code,
    kind: "hpcPool",
    name,
    spec: {},
    status: "available",
    paymentType: "postpaid",
    monthlyPrice: 0n,
    discountHundredths: opts.discountHundredths ?? null,
    meteredUntil: now,
    createdAt: now,
    updatedAt: now,
  });
  await t.database.db.insert(hpcPools).values({
    resourceId: poolId,
    clusterId: opts.clusterId,
    account,
    partition: "cpu",
    poolType: "hpcShared",
    limits: POOL_LIMITS,
    createdAt: now,
    updatedAt: now,
  });
  await opts.cluster.ensureAccount({ account, description: name, limits: POOL_LIMITS });
  for (const user of MEMBERS) await opts.cluster.ensureUser(account, user);
  return { poolId, account, name };
}

export const simScript = (seconds: number) => `#!/bin/bash\n#SIM runtime=${seconds}\nsleep ${seconds}\n`;

/** The seeded demo cluster (simulated) as Skyledger reaches it: what is on it, asked directly. */
export async function demoCluster(t: TestApp): Promise<HpcCluster> {
  const [row] = await t.database.db.select().from(hpcClusters).where(eq(hpcClusters.id, DEMO_CLUSTER_ID));
  return createHpcCluster("simulator", connectionOf(row!, t.secrets), { db: t.database.db, clock: t.clock });
}

/** A postpaid shared pool's order (`hpc-shared` or `ai-shared`), nothing to choose. */
export const sharedPoolOrder = (productCode: string, name: string) => ({
  productCode,
  spec: {},
  name,
  quantity: 1,
  paymentType: "postpaid",
});

/** The AI development platform's order (postpaid at zero, nothing to choose). */
export const platformOrder = (name = "ai-platform") => sharedPoolOrder("ai-platform", name);

/** Orders `body`, lets provisioning run, and answers the resource the completed order made. */
export async function orderedResource(
  t: TestApp,
  client: TestClient,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await apply(client, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const done = await client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  expect(done.body.data.status).toBe("completed");
  return done.body.data.resourceIds[0]!;
}

/** A dedicated pool's order: `nodes` whole nodes, prepaid for `periodMonths`. */
export const dedicatedOrder = (productCode: string, nodes: number, name: string, periodMonths = 1) => ({
  productCode,
  spec: { units: nodes },
  name,
  quantity: 1,
  paymentType: "prepaid",
  periodMonths,
});

/**
 * Applies for a dedicated pool (paid, then waiting for an operator) and lets the lifecycle run:
 * the order as the submission answered it.
 */
export async function applyForDedicated(
  t: TestApp,
  client: TestClient,
  productCode: string,
  nodes: number,
  name: string,
): Promise<OrderDetail> {
  const res = await apply(client, dedicatedOrder(productCode, nodes, name));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  return res.body.data;
}

/** A training job's form on the AI development platform (without its pool): one GPU, 30 minutes. */
export const TRAINING_FORM = {
  source: "form",
  definition: {
    name: "resnet",
    image: "pytorch/pytorch:2.3.0-cuda12.1",
    environment: null,
    command: "python train.py",
    gpus: 1,
    cpus: 4,
    memoryGb: 16,
    timeLimitMinutes: 30,
    dataPath: null,
  },
};
