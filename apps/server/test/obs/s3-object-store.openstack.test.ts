// Object storage on the loopback cloud's Swift through its S3 API (scripts/openstack/start.sh;
// decision 0026): buckets, objects, folders and paging, stored bytes, share links, public reading,
// requests counted from the access log, tenants' own S3 keys used with the AWS SDK as a tenant's
// tools would, and one tenant's keys and calls never reaching another's buckets.
// `npm run test:openstack`.
import { randomBytes } from "node:crypto";
import { text } from "node:stream/consumers";
import { ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/platform/db/client";
import { createSecrets } from "../../src/platform/secrets";
import { ObjectStoreError, type StoreTenant } from "../../src/providers/objectstore/object-store";
import { createS3ObjectStore } from "../../src/providers/objectstore/s3-object-store";
import { findStoreAccount } from "../../src/providers/objectstore/s3-object-store.repo";
import { startTestApp, type TestApp } from "../support/harness";
import { objectStoreConfig } from "../support/openstack-env";

const config = objectStoreConfig();
const run = Date.now().toString(36);
const alice: StoreTenant = { orgId: `obs-a-${run}` };
const bob: StoreTenant = { orgId: `obs-b-${run}` };
const bucket = `alice-${run}`;
const HOUR_MS = 3_600_000;

let t: TestApp;
let db: Db;
let store: Awaited<ReturnType<typeof createS3ObjectStore>>;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  store = await createS3ObjectStore(config, {
    db,
    secrets: createSecrets(randomBytes(32)),
    log: () => undefined,
  });
});
afterAll(async () => {
  await store.deleteBucket(alice, bucket).catch(() => undefined);
  await store.close();
  await t.close();
});

/** An S3 client as a tenant's own tools make one. */
const toolWith = (accessKeyId: string, secretAccessKey: string) =>
  new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

describe("buckets and objects on Swift", () => {
  it("makes the bucket in the organisation's own account, once", async () => {
    await store.createBucket(alice, bucket, { acl: "private", storageClass: "standard" });
    // A retried create finds the bucket it made.
    await store.createBucket(alice, bucket, { acl: "private", storageClass: "standard" });
    expect(await store.stats(alice, bucket)).toEqual({ bytes: 0, objects: 0 });
    const account = await findStoreAccount(db, alice.orgId);
    expect(account?.projectId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("stores, lists by folder, reads back and counts bytes", async () => {
    const hello = await store.put(alice, bucket, "hello.txt", Buffer.from("hello world"), "text/plain");
    expect(hello).toMatchObject({ key: "hello.txt", name: "hello.txt", size: 11, contentType: "text/plain" });
    await store.put(alice, bucket, "docs/", Buffer.alloc(0), "application/x-directory");
    await store.put(alice, bucket, "docs/a.md", Buffer.from("# A"), "text/markdown");
    await store.put(alice, bucket, "docs/deep/b.bin", randomBytes(1000), "application/octet-stream");

    const top = await store.list(alice, bucket, { prefix: "", pageSize: 100 });
    expect(top.folders).toEqual(["docs/"]);
    expect(top.objects.map((o) => o.key)).toEqual(["hello.txt"]);
    expect(top.nextMarker).toBeNull();
    const docs = await store.list(alice, bucket, { prefix: "docs/", pageSize: 100 });
    expect(docs.folders).toEqual(["docs/deep/"]);
    // The folder's own marker object is not listed inside it.
    expect(docs.objects.map((o) => [o.key, o.name, o.size])).toEqual([["docs/a.md", "a.md", 3]]);

    const got = await store.get(alice, bucket, "hello.txt");
    expect(got && (await text(got.body))).toBe("hello world");
    expect(got?.contentType).toBe("text/plain");
    expect(await store.get(alice, bucket, "nothing-here")).toBeNull();
    expect(await store.stats(alice, bucket)).toEqual({ bytes: 11 + 3 + 1000, objects: 4 });
  });

  it("pages through a folder without repeating or losing an entry", async () => {
    for (const name of ["p1", "p2", "p3", "p4", "p5"])
      await store.put(alice, bucket, `pages/${name}`, Buffer.from(name), "text/plain");
    await store.put(alice, bucket, "pages/p3-sub/x", Buffer.from("x"), "text/plain");
    const seen: string[] = [];
    let marker: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await store.list(alice, bucket, { prefix: "pages/", marker, pageSize: 2 });
      seen.push(...page.folders, ...page.objects.map((o) => o.key));
      if (!page.nextMarker) break;
      marker = page.nextMarker;
    }
    expect(seen.sort()).toEqual([
      "pages/p1",
      "pages/p2",
      "pages/p3",
      "pages/p3-sub/",
      "pages/p4",
      "pages/p5",
    ]);
  });

  it("signs a share link anyone can download with", async () => {
    const url = await store.presign(alice, bucket, "hello.txt", 300);
    expect(url).toContain(`/${bucket}/hello.txt`);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("hello world");
    // The same address unsigned is refused while the bucket is private.
    expect((await fetch(url!.split("?")[0]!)).status).not.toBe(200);
  });

  it("lets anyone read a public-read bucket's objects, and no one once private again", async () => {
    const account = await findStoreAccount(db, alice.orgId);
    const publicUrl = `${config.endpoint}/v1/AUTH_${account!.projectId}/${bucket}/hello.txt`;
    expect((await fetch(publicUrl)).status).toBe(401);
    await store.setAcl(alice, bucket, "public-read");
    const open = await fetch(publicUrl);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe("hello world");
    await store.setAcl(alice, bucket, "private");
    expect((await fetch(publicUrl)).status).toBe(401);
  });

  it("counts the bucket's requests from the store's access log", async () => {
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    const until = new Date(hour.getTime() + 2 * HOUR_MS);
    const before = await store.requests(alice, bucket, hour, until);
    expect(before).toBeGreaterThan(0);
    await store.get(alice, bucket, "hello.txt").then((got) => got?.body.resume());
    await store.list(alice, bucket, { prefix: "", pageSize: 10 });
    // UDP arrives when it does: wait (real time, this suite only) for the two lines.
    let after = before;
    for (let i = 0; i < 50 && after < before + 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await store.requests(alice, bucket, hour, until);
    }
    expect(after).toBe(before + 2);
    // Another bucket's hour is its own.
    expect(await store.requests(alice, `other-${run}`, hour, until)).toBe(0);
  });
});

describe("tenants' S3 keys and isolation", () => {
  it("gives the tenant keys its S3 tools work with, until deleted", async () => {
    const key = await store.createKey(alice);
    expect(key.accessKeyId).toMatch(/^[A-Z0-9]{20}$/);
    const tool = toolWith(key.accessKeyId, key.secretAccessKey);
    const listed = await tool.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: "docs/" }));
    expect(listed.Contents?.map((o) => o.Key)).toContain("docs/a.md");
    await tool.send(new PutObjectCommand({ Bucket: bucket, Key: "from-tool.txt", Body: "made by a tool" }));
    const got = await store.get(alice, bucket, "from-tool.txt");
    expect(got && (await text(got.body))).toBe("made by a tool");

    // Another tenant cannot delete it by naming it.
    await store.deleteKey(bob, key.accessKeyId);
    await expect(tool.send(new ListObjectsV2Command({ Bucket: bucket }))).resolves.toBeDefined();
    await store.deleteKey(alice, key.accessKeyId);
    await expect(tool.send(new ListObjectsV2Command({ Bucket: bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
  });

  it("never lets another tenant's keys or calls reach the bucket", async () => {
    const bobKey = await store.createKey(bob);
    const bobTool = toolWith(bobKey.accessKeyId, bobKey.secretAccessKey);
    await expect(bobTool.send(new ListObjectsV2Command({ Bucket: bucket }))).rejects.toBeDefined();
    // Bob's calls go to Bob's own account, where no such bucket is.
    expect(await store.get(bob, bucket, "hello.txt")).toBeNull();
    await expect(store.list(bob, bucket, { prefix: "", pageSize: 10 })).rejects.toBeInstanceOf(
      ObjectStoreError,
    );
    await expect(store.deleteKey(bob, (await findStoreAccount(db, bob.orgId))!.accessKeyId)).rejects.toThrow(
      /console's own/,
    );
  });
});

describe("deleting", () => {
  it("deletes a folder with everything under it, then the bucket with what is left", async () => {
    expect(await store.delete(alice, bucket, ["docs/"])).toBe(3);
    expect(await store.delete(alice, bucket, ["nothing-here"])).toBe(0);
    expect((await store.list(alice, bucket, { prefix: "", pageSize: 100 })).folders).toEqual(["pages/"]);
    await store.deleteBucket(alice, bucket);
    await store.deleteBucket(alice, bucket);
    await expect(store.stats(alice, bucket)).rejects.toBeInstanceOf(ObjectStoreError);
  });
});
