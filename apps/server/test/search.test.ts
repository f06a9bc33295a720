// Every search box matches `%` and `_` literally. Generated from the OpenAPI document: each free-text
// query parameter is either a search (its text reaches LIKE/ILIKE, and must arrive there escaped)
// or an exact match; a new one that is neither fails here until it is classified.
import type { OrderDetail, ResourceDetail } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { DEMO, signedIn, TestClient } from "./support/client";
import { registerTenant } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { DEMO_ORG, fundCash, y } from "./support/money";
import { loadOperations, type Operation, sampleOf, sampleParam } from "./support/openapi";
import { advance, apply, applyBody } from "./support/orders";
import { uploaded } from "./support/uploads";

/** Query parameters whose text is searched for inside a column (LIKE / ILIKE). */
const SEARCH = new Set(["keyword", "recipient", "actor", "target", "tenant", "product"]);
/** Free-text query parameters compared whole (or not given to SQL at all). */
const EXACT = new Set([
  "value",
  "token",
  "orderNo",
  "orgId",
  "batchNo",
  "couponNo",
  "permissionSetId",
  "name",
  "categoryId",
  "productCode",
  "productId",
  "projectId",
  "poolId",
  "hostId",
  "ruleId",
  "types",
  "captchaId",
  "captcha",
  // The console's jobs are the cluster's, filtered in memory: the text never reaches SQL.
  "jobKeyword",
  // Object storage: a listing's prefix and marker, an object's key and content type are given to
  // the object store whole (the simulator compares them with starts_with and =, never LIKE).
  "prefix",
  "marker",
  "key",
  "contentType",
]);

let t: TestApp;
let operations: Operation[];
let admin: TestClient;
let tenant: TestClient;
let adminCodes: Set<string>;
/** Path parameters that must name something real for the operation to search at all. */
const pathValues: Record<string, string> = {};
/** Every parameter list the database driver received, in order. */
const sent: unknown[][] = [];

const isFreeText = (op: Operation, name: string) => {
  const schema = op.query.find((p) => p.name === name)?.schema ?? {};
  return schema.type === "string" && !schema.enum && !schema.pattern && !schema.format;
};

beforeAll(async () => {
  t = await startTestApp();
  operations = await loadOperations(t.app);
  // Both drivers (PGlite, pg's pool) take the parameters as the second argument of query().
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    if (Array.isArray(args[1])) sent.push(args[1]);
    return query(...args);
  };
  admin = await signedIn(t.app, t.clock, DEMO.admin);
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  // A project of the tenant's own, so that its member candidates can be searched.
  const project = await tenant.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: "Search-project", contact: "Searcher", phone: "13900000077" },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(200);
  pathValues.projectId = project.body.data.projectId;
  adminCodes = new Set(
    (await admin.request<{ permissions: string[] }>("/api/users/token")).body.data.permissions,
  );
  await fillEverySearchBox();
});

/**
 * At least one row behind every search box, none of them holding `%`: a search for it that comes
 * back with rows has skipped the helper. Resources, a security group's bound host, an HPC pool, an AI pool's training job, a dedicated pool application and orders (bought by the demo tenant), a key
 * pair, a VPC and a router, an alarm rule, a ticket, an outbox message and a verification waiting for review (both from a new tenant).
 */
async function fillEverySearchBox() {
  await fundCash(t.database.db, DEMO_ORG, y("5000"), t.clock.now());
  const ordered: string[] = [];
  for (const body of [
    applyBody("ecs-standard", { name: "search-host" }),
    applyBody("evs-disk", { spec: { diskType: "ssd", sizeGb: 100 }, name: "search-disk" }),
    applyBody("eip", { spec: { bandwidthMbps: 1 }, name: "search-eip" }),
    // The demo's shared HPC pool on the simulated cluster: its jobs are billed, the pool is not.
    applyBody("hpc-shared", {
      spec: {},
      name: "search-pool",
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
    // An AI pool, for a training job of the AI development platform (enabled last).
    applyBody("ai-shared", {
      spec: {},
      name: "search-ai",
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
    applyBody("ai-platform", {
      spec: {},
      name: "search-ai-platform",
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
    // A database (/mgt/rds), after the pools whose places in `ordered` the code below reads.
    applyBody("rds-standard", {
      spec: { engine: "postgresql", flavorId: "s2m4", sizeGb: 20 },
      name: "search-rds",
    }),
    // A cache instance (/mgt/dcs) and a message-queue instance (/mgt/dms), last, so that the places
    // above stay.
    applyBody("dcs-redis", { spec: { memoryGb: 1 }, name: "search-dcs" }),
    applyBody("dms-rabbitmq", { spec: { flavorId: "small" }, name: "search-dms" }),
    // A file share and an elastic file (/mgt/share, /mgt/scalableFile), after the cache.
    applyBody("sfs-share", { spec: { protocol: "NFS", sizeGb: 50 }, name: "search-sfs" }),
    applyBody("sfs-turbo", { spec: { protocol: "NFS", sizeGb: 50 }, name: "search-turbo" }),
    // A bucket (/mgt/obs), postpaid only, after the file services.
    applyBody("obs-standard", {
      spec: { bucketName: "search-obs", storageClass: "standard", acl: "private" },
      name: "search-obs",
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
    // A bare-metal server (/mgt/baremetalserver) by the hour, last.
    applyBody("bms-standard", {
      spec: { flavorId: "bms-c32", imageId: "ubuntu-22.04" },
      name: "search-bms",
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  ]) {
    const res = await apply(tenant, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ordered.push(res.body.data.id);
  }
  // A dedicated pool application waiting for an operator (/mgt/innerservice, both lists).
  await fundCash(t.database.db, DEMO_ORG, y("7000"), t.clock.now());
  const dedicated = await apply(tenant, {
    productCode: "hpc-dedicated",
    spec: { units: 1 },
    name: "search-dedicated",
    quantity: 1,
    paymentType: "prepaid",
    periodMonths: 1,
  });
  expect(dedicated.status, JSON.stringify(dedicated.body)).toBe(200);
  await advance(t, 60);
  const host = await tenant.request<OrderDetail>(`/api/orders/${ordered[0]}`);
  expect(host.body.data.status).toBe("completed");
  const aiPool = await tenant.request<OrderDetail>(`/api/orders/${ordered[4]}`);
  const training = await tenant.request("/api/modelarts/jobs", {
    method: "POST",
    body: {
      poolId: aiPool.body.data.resourceIds[0],
      source: "yaml",
      yaml: "name: search-training\nenvironment: cuda/12.1\ncommand: python train.py\ngpus: 1\ncpus: 2\nmemoryGb: 8\ntimeLimitMinutes: 600\n",
    },
  });
  expect(training.status, JSON.stringify(training.body)).toBe(200);
  const snapshot = await tenant.request<ResourceDetail>("/api/res/snapshots", {
    method: "POST",
    body: { hostId: host.body.data.resourceIds[0], name: "search-snapshot" },
  });
  expect(snapshot.status, JSON.stringify(snapshot.body)).toBe(200);
  await advance(t, 60);
  // A security group with the host bound to it: the group's hosts are searched by name.
  const group = await tenant.request<{ id: string }>("/api/res/security-groups", {
    method: "POST",
    body: { name: "search-sg", description: "" },
  });
  expect(group.status, JSON.stringify(group.body)).toBe(200);
  pathValues.id = group.body.data.id;
  const bound = await tenant.request(`/api/res/security-groups/${group.body.data.id}/hosts`, {
    method: "POST",
    body: { hostId: host.body.data.resourceIds[0] },
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  const keyPair = await tenant.request("/api/res/keypairs", { method: "POST", body: { name: "searchkey" } });
  expect(keyPair.status, JSON.stringify(keyPair.body)).toBe(200);
  const vpc = await tenant.request<{ id: string }>("/api/res/vpcs", {
    method: "POST",
    body: { name: "search-vpc", cidr: "10.0.0.0/16" },
  });
  expect(vpc.status, JSON.stringify(vpc.body)).toBe(200);
  const router = await tenant.request("/api/res/routers", {
    method: "POST",
    body: { name: "search-router", vpcId: vpc.body.data.id },
  });
  expect(router.status, JSON.stringify(router.body)).toBe(200);
  // An alarm rule on the host: the rules are searched by name.
  const rule = await tenant.request("/api/res/alarm_rules", {
    method: "POST",
    body: {
      name: "search-alarm",
      target: "host",
      hostId: host.body.data.resourceIds[0],
      metric: "cpuPercent",
      comparison: "gt",
      threshold: 90,
      durationMinutes: 5,
      severity: "important",
    },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  // A ticket: the tenant's list and the operators' queue are searched by text and by tenant.
  const ticket = await tenant.request("/api/tickets", {
    method: "POST",
    body: { title: "search-ticket", category: "technical", content: "search" },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  // Signing up sends an SMS code (the outbox); the new tenant then asks to be verified.
  const newcomer = new TestClient(t.app, t.clock);
  const account = await registerTenant(t, newcomer);
  await newcomer.login(account.account, account.password);
  const submitted = await newcomer.request("/api/users/submitAuth", {
    method: "POST",
    body: {
      realName: "张三",
      idNumber: "11010519491231002X",
      portraitFileId: await uploaded(newcomer, "idPhoto", "portrait.jpg", jpegBytes()),
      emblemFileId: await uploaded(newcomer, "idPhoto", "emblem.png", pngBytes()),
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}
afterAll(() => t.close());

const searches = () =>
  operations.flatMap((op) => op.query.filter((p) => SEARCH.has(p.name)).map((p) => ({ op, name: p.name })));

/** Who calls a search operation, at which URL, with which required query parameters. */
function target(op: Operation) {
  const caller =
    op.access.kind === "codes" && !op.access.tenantOnly && op.access.codes.some((c) => adminCodes.has(c))
      ? admin
      : tenant;
  const url = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
    encodeURIComponent(pathValues[param] ?? sampleParam(op.params.find((p) => p.name === param)!)),
  );
  const required = Object.fromEntries(
    op.query.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema))]),
  );
  return { caller, url, required };
}

/** The rows of a list answer: a page's `list`, or the array itself. */
const rowsOf = (data: unknown): unknown[] =>
  Array.isArray(data) ? data : ((data as { list?: unknown[] } | null)?.list ?? []);

describe("query parameters", () => {
  it("are each classified as a search or an exact match", () => {
    const unclassified = operations.flatMap((op) =>
      op.query
        .filter((p) => isFreeText(op, p.name) && !SEARCH.has(p.name) && !EXACT.has(p.name))
        .map((p) => `${op.method} ${op.path}: ${p.name}`),
    );
    expect(unclassified).toEqual([]);
    expect(searches().length).toBeGreaterThanOrEqual(22);
  });
});

describe("every search parameter", () => {
  it("reaches LIKE with `%`, `_` and `\\` escaped, so they match literally", async () => {
    const problems: string[] = [];
    for (const { op, name } of searches()) {
      const { caller, url, required } = target(op);
      const before = sent.length;
      const res = await caller.request(url, { query: { ...required, [name]: "a%b_c\\d" } });
      const label = `${op.method} ${op.path} ${name}`;
      if (res.status !== 200) {
        problems.push(`${label} ${url}: answered ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      const texts = sent
        .slice(before)
        .flat()
        .filter((v): v is string => typeof v === "string");
      if (!texts.some((v) => v.includes("a\\%b\\_c\\\\d")))
        problems.push(`${label}: no escaped pattern reached SQL`);
      if (texts.some((v) => v.includes("a%b_c"))) problems.push(`${label}: the text reached SQL unescaped`);
    }
    expect(problems).toEqual([]);
  });
});

describe("a search for `%` or `_`", () => {
  it("finds only rows holding that character, not every row", async () => {
    // Lists the seed fills: sign-in left audit rows, the demo users and organisations exist.
    for (const [client, url, name] of [
      [admin, "/api/ops/users", "keyword"],
      [admin, "/api/ops/orgs", "keyword"],
      [tenant, "/api/audit_logs", "actor"],
      [tenant, "/api/res/user_group", "keyword"],
    ] as const) {
      const all = await client.request<{ total: number }>(url);
      expect(all.body.data.total, url).toBeGreaterThan(0);
      for (const text of ["%", "_", "%_%"]) {
        const found = await client.request<{ total: number }>(url, { query: { [name]: text } });
        expect(found.body.data.total, `${url} ${name}=${text}`).toBe(0);
      }
    }
  });
});

describe("every search box, searched for `%` or for `_`", () => {
  it("returns only rows holding that character", async () => {
    const problems: string[] = [];
    const populated: string[] = [];
    for (const { op, name } of searches()) {
      const { caller, url, required } = target(op);
      const label = `${op.method} ${op.path} ${name}`;
      const all = await caller.request(url, { query: required });
      if (rowsOf(all.body.data).length > 0) populated.push(label);
      for (const text of ["%", "_"]) {
        const res = await caller.request(url, { query: { ...required, [name]: text } });
        if (res.status !== 200) {
          problems.push(`${label}=${text}: answered ${res.status}`);
          continue;
        }
        // A site that skips the helper sends a bare wildcard and gets every row back.
        const rows = rowsOf(res.body.data);
        const without = rows.filter((row) => !JSON.stringify(row).includes(text));
        if (without.length > 0)
          problems.push(`${label}=${text}: ${without.length} of ${rows.length} rows lack it`);
      }
    }
    expect(problems).toEqual([]);
    // Every box had rows to find: none of the checks above passed on an empty list.
    expect(searches().map(({ op, name }) => `${op.method} ${op.path} ${name}`)).toEqual(populated);
  });
});
