// One language at a time (issue 13): every route of the console's route table, visited as a visitor
// (the public routes), and as a tenant administrator, a tenant sub-user and an operator (each route
// the console lets that user open, and the first it refuses, for its 403 page), in one language per
// spec file (e2e/specs/language-zh-CN.spec.ts and language-en-US.spec.ts, so that the two can run
// in different shards of the browser tests). In zh-CN no visible text may be Latin-only unless what
// it says is an allowed token (a unit, an id, a product or brand name); in en-US no visible text
// may hold Chinese. A native file input (whose "Choose File" the browser writes in its own
// language) also fails. What people typed — names, accounts, remarks, company and file names — is
// shown as written, in either language: the console marks it `data-user-data`
// (apps/web/src/components/user-data.tsx) and the check skips text inside such an element; it also
// skips `<code>`, where the console shows machine text to be copied as it is (a database's host,
// login and connection string), and nothing else. So it passes whatever other specs typed before it (an English remark in the Chinese
// console, a Chinese company name in the English one), in any order.
// The routes are read from apps/web/src/app/router.tsx, so a new page is checked without editing
// this file; a route with an `:id` gets the id of an object the test makes through the API.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, type Request, test } from "@playwright/test";
import { OperatorApi } from "./api";
import { type Locale, openIn, signIn } from "./ui";

const DEMO_ORG = "00000000-0000-4000-8000-000000000001";
const ROLES = {
  tenant: { account: "demotenant", password: "Tenant@2026" },
  // Its password is set afresh by prepare(): another spec may have changed it.
  subUser: { account: "demoreader", password: "" },
  operator: { account: "admin", password: "Admin@2026" },
};
const READER_ID = "00000000-0000-4000-8000-000000000103";
type Role = keyof typeof ROLES;

/** The routes of the route table, in source order (`*` and the error pages' loop excluded). */
function routeTable(): string[] {
  const source = readFileSync(path.resolve(import.meta.dirname, "../../apps/web/src/app/router.tsx"), "utf8");
  return [...source.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]!).filter((p) => p !== "*");
}

/** Routes that need no sign-in; the rest are visited signed in. */
const PUBLIC = new Set([
  "/login",
  "/register",
  "/agreement",
  "/privacyStatement",
  "/retrieve",
  "/retrieve/password",
  "/reset/password",
  "/edit/email",
  "/applyPackage",
  "/apply/:id",
  "/apply/innerservice/:id",
  "/apply/share/:id",
]);

/**
 * Latin words that are allowed inside Chinese text: units, protocol and product names that are
 * written the same in Chinese consoles. Anything else in Latin letters must be data or an id.
 */
const ALLOWED_WORDS = new Set(
  [
    "vCPU",
    "CPU",
    "GPU",
    "GB",
    "GiB",
    "MB",
    "MiB",
    "TB",
    "KB",
    "Mbps",
    "Gbps",
    "IOPS",
    "SSD",
    "HDD",
    "SAS",
    "NFS",
    "CIFS",
    "A100",
    "H100",
    "HPC",
    "AI",
    "IP",
    "IPv4",
    "IPv6",
    "EIP",
    "SSH",
    "RSA",
    "API",
    "ID",
    "SMS",
    "URL",
    "VPC",
    "DNS",
    "DHCP",
    "TCP",
    "UDP",
    "ICMP",
    "CIDR",
    "Docker",
    "Ubuntu",
    "CentOS",
    "Windows",
    "Server",
    "Linux",
    "Slurm",
    "OpenStack",
    "PostgreSQL",
    "MySQL",
    "MariaDB",
    "Redis",
    "RabbitMQ",
    "AMQP",
    "NVIDIA",
    "Skyledger",
    "xlsx",
    "AccessKey",
    "SecretKey",
    "Key",
    "PNG",
    "JPG",
    "JPEG",
    "PDF",
    "Mbit",
    "kbit",
    "SATA",
    "NVMe",
    // The language switch names the other language in that language.
    "English",
  ].map((w) => w.toLowerCase()),
);

/** Ids, codes, numbers, e-mail and network addresses: never translated. */
const ID_LIKE = [
  // The specific ones first: a general pattern below would take a piece of them and leave the rest.
  /SHA256:\S+/g, // a key's fingerprint
  /\bssh-(rsa|ed25519) \S+/g, // a public key
  /\b[A-Z]+(-[A-Z0-9]+)+\b/g, // invitation codes: SKY-DEMO-2026
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, // a UUID
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // an e-mail address
  /\S+\.(xlsx|csv|png|jpe?g|pdf)\b/g, // a file's name
];

/** Document numbers and codes of the seed data. */
const CODE_LIKE = [
  /\b[A-Z]{2,5}[-_]?\d[\w-]*\b/g, // document numbers: ORD2026…, CPB…, CV-XXXX-…
  /\b[A-Z0-9]{4}(-[A-Z0-9]{4}){2,}\b/g, // voucher codes
  /\b(?:[a-z]+-)+[a-z0-9]+\b/g, // kebab-case codes: product and image codes of the seed data
  /\b[a-z]+\d+[a-z\d]*\b/g, // flavour ids such as c2m4
];

/** In en-US: the language switch names Chinese in Chinese. */
const ALLOWED_CJK = new Set(["中文"]);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

type Finding = { route: string; role: string; text: string };

/** What a person sees on the page: visible text nodes and placeholders, and native file inputs. */
async function visibleTexts(page: Page): Promise<{ texts: string[]; fileInputs: number }> {
  return page.evaluate(() => {
    const isShown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0;
    };
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, noscript, code, [data-user-data]")) continue;
      if (isShown(parent)) texts.push(text);
    }
    const inputs = document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]");
    for (const input of Array.from(inputs)) {
      if (input.placeholder && isShown(input)) texts.push(input.placeholder);
    }
    const fileInputs = Array.from(document.querySelectorAll("input[type=file]")).filter(isShown).length;
    return { texts, fileInputs };
  });
}

/** The text with everything that may stay in Latin letters removed. */
function withoutAllowed(text: string): string {
  let rest = text;
  for (const pattern of [...ID_LIKE, ...CODE_LIKE]) rest = rest.replace(pattern, " ");
  return rest
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 1 && !ALLOWED_WORDS.has(word.toLowerCase()))
    .join(" ");
}

function findingsOf(locale: Locale, seen: { texts: string[]; fileInputs: number }): string[] {
  const wrong = new Set<string>();
  for (const text of seen.texts) {
    if (locale === "zh-CN" && !CJK.test(text) && withoutAllowed(text)) wrong.add(text);
    if (locale === "en-US" && CJK.test(text) && !ALLOWED_CJK.has(text)) wrong.add(text);
  }
  if (seen.fileInputs > 0)
    wrong.add(`(${seen.fileInputs} native file input(s): the browser's own "Choose File")`);
  return [...wrong];
}

/** Requests the page has sent and not yet seen answered (see `watchRequests`). */
const inFlight = new WeakMap<Page, Set<Request>>();

function watchRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on("request", (r) => pending.add(r));
  page.on("requestfinished", (r) => pending.delete(r));
  page.on("requestfailed", (r) => pending.delete(r));
}

/**
 * Moves the single-page app to a route without reloading it, then waits until it has settled: no
 * request in flight, no spinner, and the same text twice in a row (a lazily loaded page keeps the
 * previous one on screen until its code has arrived).
 */
const POLL_MS = 100;
const MAX_POLLS = 120;
/** Polls in a row that must find the page unchanged and idle. */
const STEADY_POLLS = 2;

async function visit(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, route);
  const pending = inFlight.get(page)!;
  let last = "";
  let steady = 0;
  for (let i = 0; i < MAX_POLLS && steady < STEADY_POLLS; i += 1) {
    await page.waitForTimeout(POLL_MS);
    const now = await page.evaluate(
      () =>
        `${document.querySelectorAll(".ant-spin-spinning, .ant-skeleton").length}|${document.body.innerText}`,
    );
    steady = pending.size === 0 && now === last && now.startsWith("0|") ? steady + 1 : 0;
    last = now;
  }
  // A page that never settles costs every visit the whole wait: say what kept it busy.
  if (steady < STEADY_POLLS) {
    const open = [...pending].map((r) => `${r.method()} ${r.url()}`).join(", ");
    console.warn(`${route} did not settle in ${MAX_POLLS} polls; requests still open: ${open || "none"}`);
  }
}

async function signedInApi(baseURL: string, who: { account: string; password: string }) {
  const api = new OperatorApi(baseURL);
  await api.login(who.account, who.password);
  return api;
}

type Listed<T> = { list: T[] };

/**
 * Gives the demo's sub-user a password of this run's own, as an operator and the user would: a
 * reset to a temporary password (read from the outbox), then the first sign-in's new password.
 */
async function freshReaderPassword(baseURL: string, ops: OperatorApi): Promise<string> {
  // The operator's step-up code: an earlier spec may have had one sent to the same phone less than
  // a minute ago, which the server refuses (20011) until the minute is over.
  await expect
    .poll(
      () =>
        ops.stepUp("13800000001").then(
          () => "verified",
          (error: Error) => (error.message.includes(": 20011 ") ? "too soon" : Promise.reject(error)),
        ),
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBe("verified");
  await ops.call("POST", `/api/ops/users/${READER_ID}/reset_password`, { body: {} });
  const sms = await ops.call<{ list: { body: string }[] }>("GET", "/api/ops/outbox", {
    query: { channel: "sms", recipient: "13800000003", pageNum: "1", pageSize: "1" },
  });
  const temporary = /Temporary password: (\S+) —/.exec(sms.list[0]?.body ?? "")?.[1];
  if (!temporary) throw new Error("no temporary password in the outbox");
  const reader = new OperatorApi(baseURL);
  await reader.login(ROLES.subUser.account, temporary);
  const password = `Lg@${randomUUID().slice(0, 6)}7`; // upper, lower, digit, sign; 8 to 12 characters
  await reader.call("POST", "/api/users/first_login", {
    body: { newPassword: password, confirmPassword: password },
  });
  return password;
}

/** Objects for every `:id` route, made or found through the API. */
async function prepare(baseURL: string): Promise<Record<string, string>> {
  const ops = await signedInApi(baseURL, ROLES.operator);
  ROLES.subUser.password = await freshReaderPassword(baseURL, ops);
  // A host, a disk, an elastic IP, a database, a cache, a message queue, a file share (50 GB, 17.5)
  // and an elastic file (50 GB, 25) for a month each, whatever earlier specs left; and a bare-metal
  // server by the hour (its first day, 2,600 ÷ 720 × 24 = 86.67, must be covered to start it).
  await ops.manualRecharge(DEMO_ORG, "2310", "E2E language check");
  const tenant = await signedInApi(baseURL, ROLES.tenant);
  const suffix = Date.now() % 100_000;
  const hostName = `lang-host-${suffix}`;
  const buy = async (productCode: string, name: string, spec: Record<string, unknown>, postpaid = false) => {
    const payment = postpaid ? { paymentType: "postpaid" } : { paymentType: "prepaid", periodMonths: 1 };
    const order = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
      body: { productCode, spec, name, quantity: 1, ...payment },
      headers: { "idempotency-key": `e2e-${randomUUID()}` },
    });
    await expect
      .poll(async () => (await tenant.call<{ status: string }>("GET", `/api/orders/${order.id}`)).status, {
        timeout: 60_000,
      })
      .toBe("completed");
    return order;
  };
  const diskName = `lang-disk-${suffix}`;
  const ipName = `lang-ip-${suffix}`;
  const rdsName = `lang-rds-${suffix}`;
  const cacheName = `lang-dcs-${suffix}`;
  const queueName = `lang-dms-${suffix}`;
  const shareName = `lang-share-${suffix}`;
  const elasticName = `lang-sfs-${suffix}`;
  const bmsName = `lang-bms-${suffix}`;
  const [order] = await Promise.all([
    buy("ecs-standard", hostName, { flavorId: "c2m4", imageId: "ubuntu-22.04" }),
    buy("evs-disk", diskName, { diskType: "ssd", sizeGb: 50 }),
    buy("eip", ipName, { bandwidthMbps: 1 }),
    buy("rds-standard", rdsName, { engine: "postgresql", flavorId: "s2m4", sizeGb: 20 }),
    buy("dcs-redis", cacheName, { memoryGb: 1 }),
    buy("dms-rabbitmq", queueName, { flavorId: "small" }),
    buy("sfs-share", shareName, { protocol: "CIFS", sizeGb: 50 }),
    buy("sfs-turbo", elasticName, { protocol: "NFS", sizeGb: 50 }),
    buy("bms-standard", bmsName, { flavorId: "bms-c32", imageId: "ubuntu-22.04" }, true),
  ]);
  // A bucket (postpaid by use: nothing charged when bought) of the listed object storage product.
  const bucketName = `lang-obs-${suffix}`;
  const onSale = await tenant.call<
    Listed<{ code: string; spec: { kind: string; storageClasses?: string[] } }>
  >("GET", "/api/billing/products", { query: { pageSize: "200" } });
  const bucketProduct = onSale.list.find((p) => p.spec.kind === "bucket");
  if (!bucketProduct) throw new Error("the demo has no object storage product on sale");
  const bucketOrder = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: {
      productCode: bucketProduct.code,
      spec: { bucketName, storageClass: bucketProduct.spec.storageClasses?.[0], acl: "private" },
      name: bucketName,
      quantity: 1,
      paymentType: "postpaid",
    },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  await expect
    .poll(
      async () => (await tenant.call<{ status: string }>("GET", `/api/orders/${bucketOrder.id}`)).status,
      {
        timeout: 60_000,
      },
    )
    .toBe("completed");
  const buckets = await tenant.call<Listed<{ id: string; bucketName: string | null }>>(
    "GET",
    "/api/res/obs",
    {
      query: { keyword: bucketName, pageSize: "50" },
    },
  );
  const bucket = buckets.list.find((b) => b.bucketName === bucketName);
  if (!bucket) throw new Error(`the bucket ${bucketName} was not listed`);
  // A ticket about the host (the tenant's detail page and the operators' desk), and an invoice
  // request for a cent of what the purchases above paid in cash.
  const ticket = await tenant.call<{ id: string }>("POST", "/api/tickets", {
    body: { title: `lang-ticket-${suffix}`, category: "technical", content: "E2E language check" },
  });
  // The operator answers it (and so takes it) and the tenant replies: the reply is a notice in the
  // operator's own message centre (/sys/msgs/:id).
  await ops.call("POST", `/api/ops/tickets/${ticket.id}/messages`, { body: { content: "Looking into it" } });
  await tenant.call("POST", `/api/tickets/${ticket.id}/messages`, { body: { content: "Thank you" } });
  const title = await tenant.call<{ id: string }>("POST", "/api/invoices/titles", {
    body: { type: "personal", name: `lang-title-${suffix}` },
  });
  const invoice = await tenant.call<{ id: string }>("POST", "/api/invoices/requests", {
    body: { titleId: title.id, medium: "electronic", amount: "0.01" },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  // A contract of the demo tenant with its signed PDF: no discount and no credit, so that prices and
  // money in other specs stay as they are.
  const contractFileId = await ops.upload(
    "contractFile",
    "contract.pdf",
    Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  );
  const now = Date.now();
  const contract = await ops.call<{ id: string }>("POST", "/api/ops/contracts", {
    body: {
      orgId: DEMO_ORG,
      name: `lang-contract-${suffix}`,
      contractNo: `LANG-${suffix}-${randomUUID().slice(0, 8)}`,
      amount: "1000",
      creditLimit: "0",
      signedOn: new Date(now).toISOString().slice(0, 10),
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 365 * 86_400_000).toISOString(),
      discounts: [],
      fileId: contractFileId,
    },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  // A message of the tenant's centre: the purchases above each left an order notice there.
  const inbox = await tenant.call<Listed<{ id: string }>>("GET", "/api/messages", {
    query: { pageSize: "1" },
  });
  const message = inbox.list[0];
  if (!message) throw new Error("the demo tenant's message centre is empty after its purchases");
  // The operator's own centre: the tenant's reply to the ticket above.
  const opsInbox = await ops.call<Listed<{ id: string }>>("GET", "/api/messages", {
    query: { pageSize: "1" },
  });
  const opsMessage = opsInbox.list[0];
  if (!opsMessage) throw new Error("the operator's message centre is empty after a ticket was opened");
  // The demo's HPC shared pool: its public landing, its order form and a pool ordered from it.
  const products = await ops.call<Listed<{ id: string; code: string }>>("GET", "/api/ops/catalog/products", {
    query: { keyword: "hpc-shared", pageSize: "50" },
  });
  const hpcProduct = products.list.find((p) => p.code === "hpc-shared");
  if (!hpcProduct) throw new Error("the demo has no hpc-shared product");
  // The AI dedicated pool's public landing (`/apply/innerservice/:id`).
  const dedicatedProducts = await ops.call<Listed<{ id: string; code: string }>>(
    "GET",
    "/api/ops/catalog/products",
    { query: { keyword: "ai-dedicated", pageSize: "50" } },
  );
  const dedicatedProduct = dedicatedProducts.list.find((p) => p.code === "ai-dedicated");
  if (!dedicatedProduct) throw new Error("the demo has no ai-dedicated product");
  // The elastic file service's public application page (`/apply/share/:id`).
  const turboProducts = await ops.call<Listed<{ id: string; code: string }>>(
    "GET",
    "/api/ops/catalog/products",
    {
      query: { keyword: "sfs-turbo", pageSize: "50" },
    },
  );
  const turboProduct = turboProducts.list.find((p) => p.code === "sfs-turbo");
  if (!turboProduct) throw new Error("the demo has no sfs-turbo product");
  const poolName = `lang-pool-${suffix}`;
  const poolOrder = await tenant.call<{ id: string }>("POST", "/api/service/apply", {
    body: { productCode: "hpc-shared", spec: {}, name: poolName, quantity: 1, paymentType: "postpaid" },
    headers: { "idempotency-key": `e2e-${randomUUID()}` },
  });
  await expect
    .poll(async () => (await tenant.call<{ status: string }>("GET", `/api/orders/${poolOrder.id}`)).status, {
      timeout: 60_000,
    })
    .toBe("completed");
  const pools = await tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/hpc/pools", {
    query: { pageSize: "50" },
  });
  const pool = pools.list.find((p) => p.name === poolName);
  if (!pool) throw new Error("the ordered HPC pool is not listed");
  const keyPairName = `lang-key-${suffix}`;
  const keyPair = await tenant.call<{ id: string }>("POST", "/api/res/keypairs", {
    body: { name: keyPairName },
  });
  // The network pages' objects: a VPC with a subnet, a router in it, and a security group.
  const vpc = await tenant.call<{ id: string }>("POST", "/api/res/vpcs", {
    body: { name: `lang-vpc-${suffix}`, cidr: "10.0.0.0/16" },
  });
  const subnet = await tenant.call<{ id: string }>("POST", `/api/res/vpcs/${vpc.id}/subnets`, {
    body: { name: `lang-subnet-${suffix}`, cidr: "10.0.1.0/24" },
  });
  const router = await tenant.call<{ id: string }>("POST", "/api/res/routers", {
    body: { name: `lang-router-${suffix}`, vpcId: vpc.id },
  });
  const securityGroup = await tenant.call<{ id: string }>("POST", "/api/res/security-groups", {
    body: { name: `lang-sg-${suffix}`, description: "" },
  });
  const [hosts, disks, ips, users, groups, databases, caches, queues, shares, elastics, servers] =
    await Promise.all([
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/hosts", {
        query: { pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/volumes", {
        query: { pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/floatingips", {
        query: { pageSize: "50" },
      }),
      tenant.call<Listed<{ userSid: string; account: string; realName: string | null }>>(
        "GET",
        "/api/res/subuser",
        { query: { pageSize: "50" } },
      ),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/user_group", {
        query: { pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/rds", { query: { pageSize: "50" } }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/dcs", {
        query: { keyword: cacheName, pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/dms", {
        query: { keyword: queueName, pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/shares", {
        query: { keyword: shareName, pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/scalable-files", {
        query: { keyword: elasticName, pageSize: "50" },
      }),
      tenant.call<Listed<{ id: string; name: string }>>("GET", "/api/res/baremetal", {
        query: { keyword: bmsName, pageSize: "50" },
      }),
    ]);
  const host = hosts.list.find((h) => h.name === hostName);
  const disk = disks.list.find((d) => d.name === diskName);
  const ip = ips.list.find((i) => i.name === ipName);
  const database = databases.list.find((d) => d.name === rdsName);
  const cache = caches.list.find((c) => c.name === cacheName);
  const queue = queues.list.find((q) => q.name === queueName);
  const share = shares.list.find((s) => s.name === shareName);
  const elastic = elastics.list.find((s) => s.name === elasticName);
  const bareMetal = servers.list.find((s) => s.name === bmsName);
  if (
    !host ||
    !disk ||
    !ip ||
    !database ||
    !cache ||
    !queue ||
    !share ||
    !elastic ||
    !bareMetal ||
    !users.list[0] ||
    !groups.list[0]
  ) {
    throw new Error(
      "the demo lacks a host, a disk, an elastic IP, a database, a cache, a message queue, a file share, an elastic file, a bare-metal server, a sub-user or a group",
    );
  }
  const ids = {
    "/mgt/userdetail/:id": users.list[0].userSid,
    "/mgt/usergroupdetail/:id": groups.list[0].id,
    "/mgt/ssh/deatil/:id": keyPair.id,
    "/mgt/host/:id/detail": host.id,
    "/mgt/host/monitor/overview/:id": host.id,
    "/mgt/blockstorage/:id/detail": disk.id,
    "/mgt/floatip/:id/detail": ip.id,
    "/mgt/rds/:id/detail": database.id,
    "/mgt/dcs/:id/detail": cache.id,
    "/mgt/dms/:id/detail": queue.id,
    "/mgt/share/:id/detail": share.id,
    "/mgt/scalableFile/:id/detail": elastic.id,
    "/mgt/baremetalserver/:id/detail": bareMetal.id,
    "/mgt/obs/detail/:id": bucket.id,
    "/mgt/orders/:id": order.id,
    "/sys/orders/:id": order.id,
    "/apply/:id": hpcProduct.id,
    "/apply/innerservice/:id": dedicatedProduct.id,
    "/apply/share/:id": turboProduct.id,
    "/mgt/hpc/apply/:id": hpcProduct.id,
    "/mgt/hpc/:id": pool.id,
    "/mgt/vpc/detail/:id": vpc.id,
    "/mgt/vpc/subnet/:id": subnet.id,
    "/mgt/route/detail/:id": router.id,
    "/mgt/security_group/rule/:id": securityGroup.id,
    "/mgt/security_group/instance/:id": securityGroup.id,
    "/mgt/workorder/details/:id": ticket.id,
    "/mgt/workorders/detail/:id": ticket.id,
    "/mgt/invoice/:id": invoice.id,
    "/mgt/contracts/detail/:id": contract.id,
    "/mgt/msgs/:id": message.id,
    "/sys/msgs/:id": opsMessage.id,
    // The demo tenant's page: its name and people are marked as their data, the rest is the console's.
    "/sys/tenants/:id": DEMO_ORG,
  };
  return ids;
}

function concrete(route: string, ids: Record<string, string>): string {
  if (!route.includes(":")) return route;
  const id = ids[route];
  if (!id) throw new Error(`no object for ${route}: add one to prepare()`);
  return route.replace(/:\w+/, id);
}

/** A signed-in page and the route patterns the console lets this user open. */
type Signed = { page: Page; routes: Set<string> };

async function pageIn(browser: Browser, locale: Locale, role: Role | null): Promise<Signed> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  watchRequests(page);
  await openIn(page, locale, "/login");
  if (!role) return { page, routes: new Set() };
  // The console reads the user's routes from /api/users/token once signed in; its guard shows the
  // 403 page on any other route.
  const current = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/users/token" && r.request().method() === "GET" && r.ok(),
  );
  await signIn(page, ROLES[role].account, ROLES[role].password);
  const body = (await (await current).json()) as { data: { routes: string[] } };
  return { page, routes: new Set(body.data.routes) };
}

/**
 * The routes to visit as a signed-in user: those the guard lets them open, and the first it refuses
 * (its 403 page is the same on every refused route, so one visit checks its words).
 */
function routesFor(all: string[], allowed: Set<string>): string[] {
  const signedIn = all.filter((r) => !PUBLIC.has(r) && r !== "/firstLogin");
  const refused = signedIn.find((r) => !allowed.has(r));
  return signedIn.filter((r) => allowed.has(r) || r === refused);
}

/** Declares, in the calling spec file, the test that visits every route in `locale`. */
export function everyRouteSpeaksOnly(locale: Locale): void {
  let ids: Record<string, string>;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(240_000);
    ids = await prepare(baseURL!);
  });

  test(`every route speaks only ${locale}`, async ({ browser }) => {
    // Every route for four roles: 2–3 minutes alone, but in CI it shares the two cores with the
    // PostgreSQL and Slurm suites and has taken over fifteen.
    test.setTimeout(1_500_000);
    const routes = routeTable();
    const findings: Finding[] = [];
    const check = async (page: Page, route: string, role: string) => {
      await visit(page, concrete(route, ids));
      for (const text of findingsOf(locale, await visibleTexts(page))) {
        findings.push({ route, role, text });
      }
    };
    const visitor = await pageIn(browser, locale, null);
    for (const route of routes.filter((r) => PUBLIC.has(r))) await check(visitor.page, route, "visitor");
    await visitor.page.context().close();
    for (const role of Object.keys(ROLES) as Role[]) {
      const { page, routes: allowed } = await pageIn(browser, locale, role);
      // The routes come from the console's own answer; none at all would mean it was misread.
      expect(allowed.size, `${role} may open some routes`).toBeGreaterThan(0);
      for (const route of routesFor(routes, allowed)) await check(page, route, role);
      await page.context().close();
    }
    const report = findings.map((f) => `${f.role} ${f.route}: ${JSON.stringify(f.text)}`).join("\n");
    expect(findings, `texts not in ${locale}:\n${report}`).toEqual([]);
  });
}
