// Object storage on the simulated object store (issue 16 item 1, decision 0026): the demo's
// `obs-standard` is quoted at zero (usage-rated), bought postpaid through the order path and made
// as a bucket in the store; each bucket-name rule and a name already taken are refused in the
// tenant's language; objects are uploaded (the SHA-256 checked, the size limited), listed by folder
// a page at a time, downloaded byte for byte, deleted a folder at a time and shared by a link that
// stops working when it expires (the clock moved); the access change, deletes and access keys are
// audited, and a change whose audit row fails leaves nothing behind in the store either; a frozen
// bucket is read-only; another tenant gets 404 everywhere; the quota counts buckets; the
// file-service read-only set reads but does not write; the hourly accounting charges a worked
// example once however often it runs, the release charges the last hour and removes the bucket,
// and a bucket its organisation cannot pay for is frozen after the grace period, not charged while
// frozen, and thawed once paid.
import { createHash } from "node:crypto";
import type { ObsAccessKey, ObsAccessKeySecret, ShareLink } from "@skyledger/contracts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { obsUsageLines } from "../src/modules/obs/obs.schema";
import { resources } from "../src/modules/resources/resources.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { simObsBuckets, simObsKeys } from "../src/providers/objectstore/simulated-object-store.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique, uniquePhone } from "./support/flows";
import type { TestApp } from "./support/harness";
import { startTestApp } from "./support/harness";
import { answerStepUps, signedInSubUser } from "./support/iam";
import { cashOf, fundCash, idem, y } from "./support/money";
import {
  bucketOf,
  bucketOrder,
  bucketRow,
  countRequests,
  deleteObjects,
  listBuckets,
  listObjects,
  OBS_BASE,
  orderedBucket,
  putObject,
  storeLargeObject,
} from "./support/obs";
import { advance, apply, unsubscribe, verifiedTenant } from "./support/orders";

const HOUR = 3_600_000;
const GB = 2 ** 30;
const text = (s: string) => new TextEncoder().encode(s);

let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let other: Awaited<ReturnType<typeof verifiedTenant>>;
let bucketId: string;
const bucketName = `photos-${unique().slice(-8)}`;

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "100");
  other = await verifiedTenant(t, operator, "100");
  // Starting the app migrates and seeds its database: over a minute on a loaded machine.
}, 180_000);
afterAll(() => t.close());

/** What the owner's buckets' usage lines charged so far. */
async function orgLineTotal(): Promise<bigint> {
  const lines = await t.database.db.select().from(obsUsageLines).where(eq(obsUsageLines.orgId, owner.orgId));
  return lines.reduce((s, l) => s + l.storageAmount + l.requestAmount, 0n);
}

/** The owner signed in again (the clock moved past the session). */
async function ownerAgain(): Promise<void> {
  owner.client = answerStepUps(t, await signedIn(t.app, t.clock, owner.tenant), owner.tenant.mobile);
}

describe("buying a bucket", () => {
  it("is quoted at zero: a bucket is charged by its usage", async () => {
    const res = await owner.client.request<{ amount: string }>("/api/billing/inquiry/price", {
      method: "POST",
      body: {
        productCode: "obs-standard",
        spec: { storageClass: "standard" },
        quantity: 1,
        paymentType: "postpaid",
        hours: 1,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amount).toBe("0.00000");
  });

  it("refuses each broken naming rule with its own message, in both languages", async () => {
    const cases: [string, string, string][] = [
      ["ab", "A bucket name has 3 to 63 characters", "桶名称长度须为3到63个字符"],
      [
        "Photos",
        "A bucket name has only lowercase letters, digits, hyphens and dots",
        "桶名称只能包含小写字母、数字、中划线和点",
      ],
      [
        "-photos",
        "A bucket name starts and ends with a lowercase letter or digit",
        "桶名称须以小写字母或数字开头和结尾",
      ],
      [
        "my..photos",
        "A bucket name has no two dots, nor a dot and a hyphen, side by side",
        "桶名称不能有相邻的点，点与中划线也不能相邻",
      ],
      ["192.168.1.10", "A bucket name must not look like an IP address", "桶名称不能是IP地址的形式"],
      [
        "xn--photos",
        "A bucket name must not start with xn-- or sthree- nor end with -s3alias",
        "桶名称不能以 xn-- 或 sthree- 开头，也不能以 -s3alias 结尾",
      ],
    ];
    for (const [name, en, zh] of cases) {
      const res = await apply(owner.client, bucketOrder(name, { name: "bad-name" }));
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toContain(en);
      const zhRes = await owner.client.request("/api/service/apply", {
        method: "POST",
        body: bucketOrder(name, { name: "bad-name" }),
        headers: { ...idem(), "accept-language": "zh-CN" },
      });
      expect(zhRes.body.message, name).toContain(zh);
    }
  });

  it("refuses an order without a class the product offers, or of more than one bucket", async () => {
    const noClass = await apply(owner.client, {
      ...bucketOrder("no-class-here"),
      spec: { bucketName: "no-class-here", acl: "private" },
    });
    expect(noClass.body.code, JSON.stringify(noClass.body)).toBe(29552);
    expect(noClass.body.message).toBe(
      "Give the bucket a name and choose a storage class this product offers and its access",
    );
    const two = await apply(owner.client, bucketOrder("two-at-once", { quantity: 2 }));
    expect(two.body.code, JSON.stringify(two.body)).toBe(29553);
  });

  it("makes the bucket in the store: available, simulated, with its class and access", async () => {
    bucketId = await orderedBucket(t, owner.client, bucketName);
    const [r] = await t.database.db.select().from(resources).where(eq(resources.id, bucketId));
    expect(r).toMatchObject({
      kind: "bucket",
      status: "available",
      paymentType: "postpaid",
      providerRef: `obs:${bucketId}`,
    });
    expect(r!.monthlyPrice).toBe(0n);
    const [stored] = await t.database.db
      .select()
      .from(simObsBuckets)
      .where(eq(simObsBuckets.name, bucketName));
    expect(stored).toMatchObject({ orgId: owner.orgId, acl: "private", storageClass: "standard" });
    const bucket = await bucketOf(owner.client, bucketId);
    expect(bucket).toMatchObject({
      bucketName,
      storageClass: "standard",
      acl: "private",
      location: { simulated: true, region: "simulated" },
      usage: { bytes: 0, objects: 0, chargedThisMonth: "0.00000" },
    });
    const list = await listBuckets(owner.client);
    expect(list.body.data.list.map((b) => b.id)).toEqual([bucketId]);
  });

  it("refuses a name a live bucket has, whoever asks", async () => {
    for (const who of [owner, other]) {
      const res = await apply(who.client, bucketOrder(bucketName));
      expect(res.body.code, JSON.stringify(res.body)).toBe(29551);
      expect(res.body.message).toBe(
        `The bucket name ${bucketName} is taken (bucket names are unique on the whole platform); choose another`,
      );
    }
  });
});

describe("objects", () => {
  it("uploads an object; a body that does not match its SHA-256 or is too large is refused", async () => {
    const bad = await putObject(owner.client, bucketId, "hello.txt", text("hello"), {
      sha256: "0".repeat(64),
    });
    expect(bad.body.code, JSON.stringify(bad.body)).toBe(29557);
    const big = await owner.client.request(`${OBS_BASE}/${bucketId}/objects`, {
      method: "POST",
      query: { key: "big.bin", sha256: "0".repeat(64) },
      body: Buffer.from("x"),
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(100 * 1024 * 1024 + 1),
      },
    });
    expect(big.body.code, JSON.stringify(big.body)).toBe(29558);
    expect(big.body.message).toContain("at most 100 MB");
    const ok = await putObject(owner.client, bucketId, "hello.txt", text("hello world"), {
      contentType: "text/plain",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      key: "hello.txt",
      name: "hello.txt",
      size: 11,
      contentType: "text/plain",
      etag: createHash("md5").update("hello world").digest("hex"),
    });
    expect((await bucketOf(owner.client, bucketId)).usage).toMatchObject({ bytes: 11, objects: 1 });
  });

  it("lists folders and objects under a prefix a page at a time", async () => {
    for (const key of ["docs/a.txt", "docs/b.txt", "docs/sub/c.txt", "z.txt", "a.txt"]) {
      const res = await putObject(owner.client, bucketId, key, text(key));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const folder = await owner.client.request(`${OBS_BASE}/${bucketId}/folders`, {
      method: "POST",
      body: { key: "empty" },
    });
    expect(folder.status, JSON.stringify(folder.body)).toBe(200);
    expect(folder.body.data).toMatchObject({ key: "empty/", size: 0 });

    const page1 = await listObjects(owner.client, bucketId, { pageSize: 2 });
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body.data).toMatchObject({ folders: ["docs/"], nextMarker: "docs/" });
    expect(page1.body.data.objects.map((o) => o.key)).toEqual(["a.txt"]);
    const page2 = await listObjects(owner.client, bucketId, { pageSize: 2, marker: "docs/" });
    expect(page2.body.data).toMatchObject({ folders: ["empty/"], nextMarker: "hello.txt" });
    expect(page2.body.data.objects.map((o) => o.key)).toEqual(["hello.txt"]);
    const page3 = await listObjects(owner.client, bucketId, { pageSize: 2, marker: "hello.txt" });
    expect(page3.body.data).toMatchObject({ folders: [], nextMarker: null });
    expect(page3.body.data.objects.map((o) => o.key)).toEqual(["z.txt"]);

    const docs = await listObjects(owner.client, bucketId, { prefix: "docs/" });
    expect(docs.body.data.folders).toEqual(["docs/sub/"]);
    expect(docs.body.data.objects.map((o) => [o.key, o.name])).toEqual([
      ["docs/a.txt", "a.txt"],
      ["docs/b.txt", "b.txt"],
    ]);
  });

  it("downloads the bytes as they were uploaded", async () => {
    const res = await owner.client.raw(`${OBS_BASE}/${bucketId}/object`, { query: { key: "hello.txt" } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString("utf8")).toBe("hello world");
    expect(res.headers["content-type"]).toContain("text/plain");
    const missing = await owner.client.request(`${OBS_BASE}/${bucketId}/object`, {
      query: { key: "nope.txt" },
    });
    expect(missing.body.code).toBe(29556);
  });

  it("deletes a folder with everything under it, audited", async () => {
    const res = await deleteObjects(owner.client, bucketId, ["docs/"]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.deleted).toBe(3);
    const docs = await listObjects(owner.client, bucketId, { prefix: "docs/" });
    expect(docs.body.data).toMatchObject({ folders: [], objects: [] });
    const top = await listObjects(owner.client, bucketId);
    expect(top.body.data.folders).toEqual(["empty/"]);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "obs.objectsDeleted"), eq(auditLogs.orgId, owner.orgId)));
    expect(audit?.detail).toMatchObject({ count: 3, objectKeys: "docs/" });
  });

  it("shares an object by a link that works without signing in until it expires", async () => {
    const res = await owner.client.request<ShareLink>(`${OBS_BASE}/${bucketId}/share`, {
      method: "POST",
      body: { key: "hello.txt", expiresSeconds: 600 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = new URL(res.body.data.url);
    const path = `${url.pathname}${url.search}`;
    expect(url.pathname.startsWith("/api/obs/shared/")).toBe(true);
    expect(url.searchParams.get("key")).toBe("hello.txt");
    const open = await t.app.inject({ method: "GET", url: path });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.rawPayload.toString("utf8")).toBe("hello world");
    // Another key, or a later expiry, under the same signature is refused.
    const forged = path.replace("key=hello.txt", "key=z.txt");
    expect((await t.app.inject({ method: "GET", url: forged })).statusCode).toBe(404);
    const later = path.replace(/\.(\d+)\./, (_m, s: string) => `.${Number(s) + 3600}.`);
    expect((await t.app.inject({ method: "GET", url: later })).statusCode).toBe(404);
    const tooLong = await owner.client.request(`${OBS_BASE}/${bucketId}/share`, {
      method: "POST",
      body: { key: "hello.txt", expiresSeconds: 8 * 24 * 3600 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain("A share link is valid from one minute to seven days");

    t.clock.advance(601_000);
    const expired = await t.app.inject({ method: "GET", url: path, headers: { "accept-language": "en-US" } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 29559, message: "The share link has expired" });
  });

  it("changes the bucket's access, audited with what it was and is", async () => {
    await ownerAgain();
    const res = await owner.client.request(`${OBS_BASE}/${bucketId}/acl`, {
      method: "PUT",
      body: { acl: "public-read" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await bucketOf(owner.client, bucketId)).acl).toBe("public-read");
    const [stored] = await t.database.db
      .select()
      .from(simObsBuckets)
      .where(eq(simObsBuckets.name, bucketName));
    expect(stored?.acl).toBe("public-read");
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "obs.aclChanged"), eq(auditLogs.orgId, owner.orgId)));
    expect(audit?.detail).toEqual({ bucketAcl: { from: "private", to: "public-read" } });
  });

  it("a frozen bucket is read, never written", async () => {
    await t.database.db.update(resources).set({ status: "frozen" }).where(eq(resources.id, bucketId));
    try {
      const writes = [
        await putObject(owner.client, bucketId, "new.txt", text("new")),
        await owner.client.request(`${OBS_BASE}/${bucketId}/folders`, {
          method: "POST",
          body: { key: "f/" },
        }),
        await deleteObjects(owner.client, bucketId, ["hello.txt"]),
        await owner.client.request(`${OBS_BASE}/${bucketId}/acl`, {
          method: "PUT",
          body: { acl: "private" },
        }),
        await owner.client.request(`${OBS_BASE}/${bucketId}/share`, {
          method: "POST",
          body: { key: "hello.txt", expiresSeconds: 600 },
        }),
      ];
      for (const res of writes) {
        expect(res.body.code, JSON.stringify(res.body)).toBe(29554);
        expect(res.body.message).toContain("The bucket is frozen");
      }
      expect((await listObjects(owner.client, bucketId)).status).toBe(200);
      const read = await owner.client.raw(`${OBS_BASE}/${bucketId}/object`, { query: { key: "hello.txt" } });
      expect(read.statusCode).toBe(200);
      expect((await listObjects(owner.client, bucketId)).body.data.objects.map((o) => o.key)).not.toContain(
        "new.txt",
      );
    } finally {
      await t.database.db.update(resources).set({ status: "available" }).where(eq(resources.id, bucketId));
    }
  });
});

describe("another tenant", () => {
  it("gets 404 for the bucket on every endpoint and changes nothing", async () => {
    const c = other.client;
    answerStepUps(t, c, other.tenant.mobile);
    expect((await listBuckets(c)).body.data.list).toEqual([]);
    const calls = [
      await c.request(`${OBS_BASE}/${bucketId}`),
      await c.request(`${OBS_BASE}/${bucketId}/acl`, { method: "PUT", body: { acl: "private" } }),
      await listObjects(c, bucketId),
      await putObject(c, bucketId, "x.txt", text("x")),
      await c.request(`${OBS_BASE}/${bucketId}/object`, { query: { key: "hello.txt" } }),
      await c.request(`${OBS_BASE}/${bucketId}/folders`, { method: "POST", body: { key: "f/" } }),
      await deleteObjects(c, bucketId, ["hello.txt"]),
      await c.request(`${OBS_BASE}/${bucketId}/share`, {
        method: "POST",
        body: { key: "hello.txt", expiresSeconds: 600 },
      }),
    ];
    for (const res of calls) expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect((await bucketOf(owner.client, bucketId)).acl).toBe("public-read");
    const keys = (await listObjects(owner.client, bucketId)).body.data.objects.map((o) => o.key);
    expect(keys).toEqual(["a.txt", "hello.txt", "z.txt"]);
  });
});

describe("access keys", () => {
  let keyId: string;

  it("answers the secret once; the list shows ids only; deleting is audited", async () => {
    answerStepUps(t, owner.client, owner.tenant.mobile);
    const made = await owner.client.request<ObsAccessKeySecret>("/api/obs/keys", {
      method: "POST",
      body: { description: "backup tool" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.secretAccessKey.length).toBeGreaterThanOrEqual(40);
    expect(made.body.data).toMatchObject({ description: "backup tool", createdBy: owner.tenant.account });
    keyId = made.body.data.accessKeyId;
    const list = await owner.client.request<ObsAccessKey[]>("/api/obs/keys");
    expect(list.body.data.map((k) => k.accessKeyId)).toEqual([keyId]);
    expect(JSON.stringify(list.body)).not.toContain(made.body.data.secretAccessKey);
    const created = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "obs.keyCreated"), eq(auditLogs.target, keyId)));
    expect(created).toHaveLength(1);
    expect(JSON.stringify(created[0]!.detail)).not.toContain(made.body.data.secretAccessKey);

    // Another tenant cannot delete it.
    const foreign = await other.client.request(`/api/obs/keys/${keyId}`, { method: "DELETE" });
    expect(foreign.body.code).toBe(29562);
    const gone = await owner.client.request(`/api/obs/keys/${keyId}`, { method: "DELETE" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await owner.client.request<ObsAccessKey[]>("/api/obs/keys")).body.data).toEqual([]);
    const again = await owner.client.request(`/api/obs/keys/${keyId}`, { method: "DELETE" });
    expect(again.body.code).toBe(29562);
    const deleted = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "obs.keyDeleted"), eq(auditLogs.target, keyId)));
    expect(deleted).toHaveLength(1);
  });

  it("holds at most five keys per organisation", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await owner.client.request("/api/obs/keys", {
        method: "POST",
        body: { description: `k${i}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const sixth = await owner.client.request("/api/obs/keys", { method: "POST", body: {} });
    expect(sixth.body.code).toBe(29561);
    expect((await owner.client.request<ObsAccessKey[]>("/api/obs/keys")).body.data).toHaveLength(5);
  });
});

describe("a change whose audit row cannot be written", () => {
  /** Makes the database refuse the audit rows of `action`; the returned function lifts it. */
  async function refuseAudit(action: string): Promise<() => Promise<void>> {
    t.expectErrorLog(/injected failure before commit/);
    const db = t.database.db;
    await db.execute(
      sql.raw(`create or replace function refuse_obs_audit() returns trigger language plpgsql as $$
        begin raise exception 'injected failure before commit'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_obs_audit before insert on audit_logs for each row
        when (NEW.action = '${action}') execute function refuse_obs_audit()`),
    );
    return async () => {
      await db.execute(sql.raw("drop trigger refuse_obs_audit on audit_logs"));
      await db.execute(sql.raw("drop function refuse_obs_audit()"));
    };
  }

  it("leaves the bucket's access as it was, in our records and in the store", async () => {
    const lift = await refuseAudit("obs.aclChanged");
    try {
      const res = await owner.client.request(`${OBS_BASE}/${bucketId}/acl`, {
        method: "PUT",
        body: { acl: "private" },
      });
      expect(res.status).toBe(500);
    } finally {
      await lift();
    }
    expect((await bucketRow(t, bucketId)).acl).toBe("public-read");
    const [stored] = await t.database.db
      .select()
      .from(simObsBuckets)
      .where(eq(simObsBuckets.name, bucketName));
    expect(stored?.acl).toBe("public-read");
  });

  it("keeps no access key, in our records or in the store", async () => {
    answerStepUps(t, owner.client, owner.tenant.mobile);
    // Room for one more (the organisation holds its five).
    const [first] = (await owner.client.request<ObsAccessKey[]>("/api/obs/keys")).body.data;
    expect(
      (await owner.client.request(`/api/obs/keys/${first!.accessKeyId}`, { method: "DELETE" })).status,
    ).toBe(200);
    const keysBefore = await t.database.db.select().from(simObsKeys).where(eq(simObsKeys.orgId, owner.orgId));
    expect(keysBefore).toHaveLength(4);
    const lift = await refuseAudit("obs.keyCreated");
    try {
      const res = await owner.client.request("/api/obs/keys", {
        method: "POST",
        body: { description: "lost" },
      });
      expect(res.status).toBe(500);
    } finally {
      await lift();
    }
    expect((await owner.client.request<ObsAccessKey[]>("/api/obs/keys")).body.data).toHaveLength(4);
    expect(await t.database.db.select().from(simObsKeys).where(eq(simObsKeys.orgId, owner.orgId))).toEqual(
      keysBefore,
    );
  });
});

describe("quota", () => {
  it("counts buckets against the organisation's bucket limit", async () => {
    operator = await signedIn(t.app, t.clock, DEMO.admin);
    const live = (await listBuckets(owner.client)).body.data.total;
    const set = await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { buckets: live } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const res = await apply(owner.client, bucketOrder(`quota-${unique().slice(-8)}`));
    expect(res.body.code, JSON.stringify(res.body)).toBe(26005);
    expect(res.body.message).toContain(`Object storage buckets in use ${live}, requested 1, limit ${live}`);
    await operator.request("/api/ops/quotas", {
      method: "PUT",
      body: { orgId: owner.orgId, projectId: null, limits: { buckets: null } },
    });
  });
});

describe("permissions", () => {
  it("the file-service read-only set reads buckets and objects but cannot upload, change or hold keys", async () => {
    answerStepUps(t, owner.client, owner.tenant.mobile);
    const project = await owner.client.request<{ projectId: string }>("/api/res/projects", {
      method: "POST",
      body: { name: `Obs${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const projectId = project.body.data.projectId;
    const id = await orderedBucket(t, owner.client, `team-${unique().slice(-8)}`, { projectId });
    expect((await putObject(owner.client, id, "readme.md", text("# team"))).status).toBe(200);
    const reader = await signedInSubUser(t, owner.client, ["builtin:fileServiceReadOnly"]);
    const members = await owner.client.request(`/api/res/projects/${projectId}/members`, {
      method: "POST",
      body: { userSids: [reader.user.userSid] },
    });
    expect(members.status, JSON.stringify(members.body)).toBe(200);

    expect((await listBuckets(reader.client)).body.data.list.map((b) => b.id)).toEqual([id]);
    expect((await bucketOf(reader.client, id)).bucketName).toMatch(/^team-/);
    expect((await listObjects(reader.client, id)).body.data.objects.map((o) => o.key)).toEqual(["readme.md"]);
    const read = await reader.client.raw(`${OBS_BASE}/${id}/object`, { query: { key: "readme.md" } });
    expect(read.rawPayload.toString("utf8")).toBe("# team");
    expect((await putObject(reader.client, id, "x.md", text("x"))).status).toBe(403);
    expect((await deleteObjects(reader.client, id, ["readme.md"])).status).toBe(403);
    expect(
      (await reader.client.request(`${OBS_BASE}/${id}/acl`, { method: "PUT", body: { acl: "public-read" } }))
        .status,
    ).toBe(403);
    expect((await reader.client.request("/api/obs/keys")).status).toBe(403);
    expect(
      (await apply(reader.client, bucketOrder(`reader-${unique().slice(-8)}`, { projectId }))).status,
    ).toBe(403);
  });
});

describe("usage billing", () => {
  it("charges stored bytes by the hour and requests per 10 000, once however often it runs", async () => {
    await ownerAgain();
    const name = `ledger-${unique().slice(-8)}`;
    const id = await orderedBucket(t, owner.client, name);
    const mark = (await bucketRow(t, id)).ratedUntil;
    expect(mark.getTime() % HOUR).toBe(0);
    // 50 GB stored and 25 000 requests in the first hour.
    await storeLargeObject(t, name, "dataset.bin", 50 * GB);
    await countRequests(t, name, mark, 25_000);
    const before = await cashOf(t.database.db, owner.orgId);
    const linesBefore = await orgLineTotal();
    // Two whole hours later (and a minute).
    await advance(t, (mark.getTime() + 2 * HOUR + 60_000 - t.clock.now().getTime()) / 1000);
    // 50 × 0.099 × 2 ÷ 720 = 0.01375 for the bytes, 25 000 × 0.01 ÷ 10 000 = 0.025 for the requests.
    // (The organisation's other bucket is charged its hours too: the cash moves by all the lines.)
    const charged = (await orgLineTotal()) - linesBefore;
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - charged);
    const lines = await t.database.db.select().from(obsUsageLines).where(eq(obsUsageLines.resourceId, id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      hours: 2,
      bytes: BigInt(50 * GB),
      requests: 25_000n,
      storageAmount: y("0.01375"),
      requestAmount: y("0.025"),
    });
    expect(lines[0]!.billNo).not.toBeNull();
    expect((await bucketRow(t, id)).ratedUntil).toEqual(new Date(mark.getTime() + 2 * HOUR));

    // Run again (twice, as two instances would): nothing more is charged for those hours.
    await t.app.services.tick();
    await t.app.services.tick();
    expect(await cashOf(t.database.db, owner.orgId)).toBe(before - charged);
    expect(
      await t.database.db.select().from(obsUsageLines).where(eq(obsUsageLines.resourceId, id)),
    ).toHaveLength(1);
    await ownerAgain();
    expect((await bucketOf(owner.client, id)).usage?.chargedThisMonth).toBe("0.03875");

    // The release charges the hour it is in as a whole one, then empties and deletes the bucket:
    // 50 × 0.099 ÷ 720 = 0.006875 → 0.00688 (half-up).
    t.clock.advance(20 * 60_000);
    const beforeRelease = await cashOf(t.database.db, owner.orgId);
    const res = await unsubscribe(owner.client, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 5);
    expect(await cashOf(t.database.db, owner.orgId)).toBe(beforeRelease - y("0.00688"));
    const all = await t.database.db.select().from(obsUsageLines).where(eq(obsUsageLines.resourceId, id));
    expect(all).toHaveLength(2);
    expect(all.find((l) => l.hours === 1)?.usageEnd).toEqual(new Date(mark.getTime() + 3 * HOUR));
    expect(await t.database.db.select().from(simObsBuckets).where(eq(simObsBuckets.name, name))).toEqual([]);
    expect((await bucketRow(t, id)).droppedAt).not.toBeNull();
    expect((await owner.client.request(`${OBS_BASE}/${id}`)).status).toBe(404);
    // Its name is free again.
    const again = await apply(owner.client, bucketOrder(name));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe("arrears", () => {
  it("a bucket whose usage its organisation cannot pay is frozen after the grace period, read-only and not charged, and thawed once paid", async () => {
    const poor = await verifiedTenant(t, operator, "0.01");
    const name = `poor-${unique().slice(-8)}`;
    const id = await orderedBucket(t, poor.client, name);
    // 1000 GB: 1000 × 0.099 ÷ 720 = 0.1375 an hour, more than the organisation has.
    await storeLargeObject(t, name, "huge.bin", 1000 * GB);
    await advance(t, 3600);
    const [owing] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(owing!.arrearsSince).not.toBeNull();
    expect(owing!.status).toBe("available");

    await advance(t, 25 * 3600);
    const [frozen] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(frozen!.status).toBe("frozen");
    const client = answerStepUps(t, await signedIn(t.app, t.clock, poor.tenant), poor.tenant.mobile);
    const write = await putObject(client, id, "more.txt", text("more"));
    expect(write.body.code, JSON.stringify(write.body)).toBe(29554);
    expect((await listObjects(client, id)).body.data.objects.map((o) => o.key)).toEqual(["huge.bin"]);

    // Frozen hours are not charged: no line adds anything, the mark moves on.
    const charged = async () =>
      (await t.database.db.select().from(obsUsageLines).where(eq(obsUsageLines.resourceId, id))).reduce(
        (s, l) => s + l.storageAmount + l.requestAmount,
        0n,
      );
    const owed = await charged();
    expect(owed).toBeGreaterThan(y("3"));
    const mark = (await bucketRow(t, id)).ratedUntil;
    await advance(t, 3 * 3600);
    expect(await charged()).toBe(owed);
    expect((await bucketRow(t, id)).ratedUntil.getTime()).toBe(mark.getTime() + 3 * HOUR);

    await fundCash(t.database.db, poor.orgId, y("100"), t.clock.now());
    await advance(t, 60);
    const [thawed] = await t.database.db.select().from(resources).where(eq(resources.id, id));
    expect(thawed!.status).toBe("available");
    const again = answerStepUps(t, await signedIn(t.app, t.clock, poor.tenant), poor.tenant.mobile);
    expect((await putObject(again, id, "more.txt", text("more"))).status).toBe(200);
  });
});
