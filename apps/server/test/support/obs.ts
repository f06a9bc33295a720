// Object storage in tests: the demo's `obs-standard` order, buying a bucket through the order path,
// the tenant's calls under /api/res/obs and /api/obs/keys, uploads the way the browser sends them,
// and the simulated store's rows (a large object is written straight into its metadata, so that
// the accounting has gigabytes to charge without uploading them).
import type { Bucket, ObjectEntry, ObjectListing, Page } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { obsBuckets } from "../../src/modules/obs/obs.schema";
import { simObsObjects, simObsRequests } from "../../src/providers/objectstore/simulated-object-store.schema";
import type { Reply, TestClient } from "./client";
import type { TestApp } from "./harness";
import { orderedResource } from "./hpc-pool";
import { sha256Hex } from "./uploads";

export const OBS_BASE = "/api/res/obs";

export const bucketOrder = (bucketName: string, overrides: Record<string, unknown> = {}) => ({
  productCode: "obs-standard",
  spec: { bucketName, storageClass: "standard", acl: "private" },
  name: bucketName.replace(/\./g, "-").slice(0, 24),
  quantity: 1,
  paymentType: "postpaid",
  ...overrides,
});

/** Buys a bucket and lets provisioning finish: its resource id. */
export const orderedBucket = (
  t: TestApp,
  client: TestClient,
  name: string,
  overrides: Record<string, unknown> = {},
) => orderedResource(t, client, bucketOrder(name, overrides));

export async function bucketOf(client: TestClient, id: string): Promise<Bucket> {
  const res = await client.request<Bucket>(`${OBS_BASE}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export const listBuckets = (client: TestClient, query: Record<string, string> = {}) =>
  client.request<Page<Bucket>>(OBS_BASE, { query });

export function putObject(
  client: TestClient,
  id: string,
  key: string,
  bytes: Uint8Array,
  options: { sha256?: string; contentType?: string } = {},
): Promise<Reply<ObjectEntry>> {
  return client.request<ObjectEntry>(`${OBS_BASE}/${id}/objects`, {
    method: "POST",
    query: {
      key,
      sha256: options.sha256 ?? sha256Hex(bytes),
      ...(options.contentType ? { contentType: options.contentType } : {}),
    },
    body: Buffer.from(bytes),
    headers: { "content-type": "application/octet-stream" },
  });
}

export const listObjects = (client: TestClient, id: string, query: Record<string, string | number> = {}) =>
  client.request<ObjectListing>(`${OBS_BASE}/${id}/objects`, { query });

export const deleteObjects = (client: TestClient, id: string, keys: string[]) =>
  client.request<{ deleted: number }>(`${OBS_BASE}/${id}/objects/delete`, { method: "POST", body: { keys } });

/** The bucket's row on our side. */
export async function bucketRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(obsBuckets).where(eq(obsBuckets.resourceId, id));
  return row!;
}

/** An object of `bytes` written into the simulated store's metadata (its blob is never read). */
export async function storeLargeObject(
  t: TestApp,
  bucket: string,
  key: string,
  bytes: number,
): Promise<void> {
  await t.database.db.insert(simObsObjects).values({
    bucket,
    key,
    size: bytes,
    etag: "0".repeat(32),
    contentType: "application/octet-stream",
    lastModified: t.clock.now(),
    blobKey: "zz/large-object-without-bytes",
  });
}

/** Requests the simulated store counted for the bucket in the hour starting `hour`. */
export async function countRequests(t: TestApp, bucket: string, hour: Date, count: number): Promise<void> {
  await t.database.db.insert(simObsRequests).values({ bucket, hour, count });
}
