// Object storage end to end on the loopback cloud's Swift (decision 0026): the console configured
// with the OBS_* settings of scripts/openstack/start.sh sells a bucket that is made in the
// organisation's own Swift account; objects uploaded through the console are read back by the
// tenant's own S3 tools with the keys the console made, a share link is Swift's signed URL, another
// tenant's keys reach nothing, the hourly accounting charges the bytes Swift holds and the requests
// its access log counted, and the unsubscribe removes the bucket from Swift.
// `npm run test:openstack`.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import type { ObsAccessKeySecret, ShareLink } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { obsUsageLines } from "../../src/modules/obs/obs.schema";
import { DEMO, signedIn } from "../support/client";
import { unique } from "../support/flows";
import { startTestApp, type TestApp } from "../support/harness";
import { answerStepUps } from "../support/iam";
import { bucketOf, listObjects, OBS_BASE, orderedBucket, putObject } from "../support/obs";
import { openStackEnv } from "../support/openstack-env";
import { advance, unsubscribe, verifiedTenant } from "../support/orders";

const env = openStackEnv();
const OBS_ENV = Object.fromEntries(
  [
    "OBS_S3_ENDPOINT",
    "OBS_REGION",
    "OBS_KEYSTONE_URL",
    "OBS_KEYSTONE_USERNAME",
    "OBS_KEYSTONE_PASSWORD",
    "OBS_KEYSTONE_PROJECT",
    "OBS_ACCESS_LOG_UDP",
  ].map((name) => [name, env[name]!]),
);
const HOUR_S = 3600;

let t: TestApp;
let alice: Awaited<ReturnType<typeof verifiedTenant>>;
let bob: Awaited<ReturnType<typeof verifiedTenant>>;
let bucketId: string;
const bucketName = `swift-${unique().slice(-8)}`;
const body = new TextEncoder().encode("training data, first shard\n");

beforeAll(async () => {
  // Swift stamps its access log with the real time: the test's clock starts there.
  t = await startTestApp(OBS_ENV, { clockStart: new Date() });
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  alice = await verifiedTenant(t, operator, "100");
  bob = await verifiedTenant(t, operator, "100");
  answerStepUps(t, alice.client, alice.tenant.mobile);
  answerStepUps(t, bob.client, bob.tenant.mobile);
}, 180_000);
afterAll(() => t?.close());

const tool = (key: ObsAccessKeySecret) =>
  new S3Client({
    endpoint: env.OBS_S3_ENDPOINT,
    region: env.OBS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: key.accessKeyId, secretAccessKey: key.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

async function newKey(client: typeof alice.client): Promise<ObsAccessKeySecret> {
  const made = await client.request<ObsAccessKeySecret>("/api/obs/keys", { method: "POST", body: {} });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data;
}

describe("a bucket on Swift", () => {
  it("is made in the organisation's account and said to be real", async () => {
    bucketId = await orderedBucket(t, alice.client, bucketName);
    const bucket = await bucketOf(alice.client, bucketId);
    expect(bucket).toMatchObject({ status: "available", bucketName });
    expect(bucket.location).toEqual({
      endpoint: env.OBS_S3_ENDPOINT,
      region: env.OBS_REGION,
      simulated: false,
    });
  });

  it("holds what the console uploads, read back by the tenant's S3 tools with its keys", async () => {
    const put = await putObject(alice.client, bucketId, "shards/000.txt", body, {
      contentType: "text/plain",
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const listing = await listObjects(alice.client, bucketId, { prefix: "" });
    expect(listing.body.data.folders).toEqual(["shards/"]);
    const download = await alice.client.raw(`${OBS_BASE}/${bucketId}/object`, {
      query: { key: "shards/000.txt" },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.toString("utf8")).toBe("training data, first shard\n");

    const key = await newKey(alice.client);
    const got = await tool(key).send(new GetObjectCommand({ Bucket: bucketName, Key: "shards/000.txt" }));
    expect(await got.Body!.transformToString()).toBe("training data, first shard\n");
  });

  it("shares an object by Swift's signed URL", async () => {
    const res = await alice.client.request<ShareLink>(`${OBS_BASE}/${bucketId}/share`, {
      method: "POST",
      body: { key: "shards/000.txt", expiresSeconds: 3600 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.url.startsWith(`${env.OBS_S3_ENDPOINT}/${bucketName}/shards/000.txt?`)).toBe(true);
    const fetched = await fetch(res.body.data.url);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe("training data, first shard\n");
  });

  it("is out of reach of another tenant's keys", async () => {
    const key = await newKey(bob.client);
    await expect(tool(key).send(new ListObjectsV2Command({ Bucket: bucketName }))).rejects.toBeDefined();
    const foreign = await bob.client.request(`${OBS_BASE}/${bucketId}/objects`);
    expect(foreign.status).toBe(404);
  });

  it("is charged each hour for the bytes Swift holds and the requests its log counted", async () => {
    // The access log's lines arrive over UDP: give them a moment (real time, this suite only).
    await new Promise((r) => setTimeout(r, 1500));
    await advance(t, 2 * HOUR_S);
    const lines = await t.database.db
      .select()
      .from(obsUsageLines)
      .where(eq(obsUsageLines.resourceId, bucketId));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.at(-1)!.bytes).toBe(BigInt(body.length));
    expect(lines.at(-1)!.objects).toBe(1);
    // Console calls and the S3 tool's: upload, listing, download, the tool's read, the share link's read…
    expect(lines.reduce((n, l) => n + l.requests, 0n)).toBeGreaterThanOrEqual(4n);
  });

  it("is removed from Swift by the unsubscribe", async () => {
    // Signed in again: the clock moved past the session.
    alice.client = answerStepUps(t, await signedIn(t.app, t.clock, alice.tenant), alice.tenant.mobile);
    const key = await newKey(alice.client);
    const res = await unsubscribe(alice.client, bucketId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    await advance(t, 5);
    await expect(tool(key).send(new ListObjectsV2Command({ Bucket: bucketName }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });
});
