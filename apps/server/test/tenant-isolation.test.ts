// Tenant isolation, generated from the OpenAPI document: a second tenant's administrator (holding
// every tenant permission code) calls every signed-in endpoint that takes an id with the first
// tenant's ids and is answered 403 or 404, and nothing in the database changes; writes of its own
// objects that name the first tenant's objects are refused the same way; and no list it can read
// mentions anything of the first tenant. A new endpoint with an id fails this file until it is
// given a sample below, so none escapes.
import { createHash } from "node:crypto";
import type { OrderDetail } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfBytes, pngBytes } from "../../../packages/contracts/test/support/file-bytes";
import { users } from "../src/modules/iam/iam.schema";
import { rowsOf } from "../src/platform/db/client";
import { inboxMessages } from "../src/platform/outbox/inbox.schema";
import { signedIn, type TestClient } from "./support/client";
import { createContract } from "./support/contracts";
import { registerTenant, unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { createGroup, createSubUser, orgIdOf, stepUp } from "./support/iam";
import { fundCash, idem, y } from "./support/money";
import { advance, apply, applyBody } from "./support/orders";
import { uploaded } from "./support/uploads";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Operation = { method: Method; path: string; tenantData: boolean };

let t: TestApp;
let operations: Operation[];
let ownerClient: TestClient;
let intruder: TestClient;
let intruderOrg: string;

/** The first tenant's objects, by the kind of id an endpoint takes. */
const victim = {} as {
  orgId: string;
  account: string;
  companyName: string;
  user: { userSid: string; account: string };
  groupId: string;
  groupName: string;
  setId: string;
  setName: string;
  projectId: string;
  projectName: string;
  accessKeyId: string;
  keyPairId: string;
  keyPairName: string;
  vpcId: string;
  vpcName: string;
  subnetId: string;
  subnetName: string;
  routerId: string;
  routerName: string;
  routeId: string;
  fileId: string;
  verificationId: string;
  rechargeNo: string;
  voucher: { id: string; code: string };
  billNo: string;
  downloadId: string;
  orderId: string;
  orderNo: string;
  hostId: string;
  hostName: string;
  alarmRuleId: string;
  alarmRuleName: string;
  alarmId: string;
  volumeId: string;
  volumeName: string;
  floatingIpId: string;
  floatingIpName: string;
  databaseId: string;
  databaseName: string;
  cacheId: string;
  cacheName: string;
  queueId: string;
  queueName: string;
  shareId: string;
  shareName: string;
  shareRuleId: string;
  scalableFileId: string;
  scalableFileName: string;
  bareMetalId: string;
  bareMetalName: string;
  scalableFileRuleId: string;
  bucketId: string;
  bucketName: string;
  obsKeyId: string;
  snapshotId: string;
  snapshotName: string;
  packageId: string;
  poolId: string;
  poolName: string;
  jobId: string;
  jobName: string;
  aiPoolId: string;
  trainingId: string;
  trainingName: string;
  dedicatedId: string;
  dedicatedOrderNo: string;
  securityGroupId: string;
  securityGroupName: string;
  securityRuleId: string;
  ticketId: string;
  ticketNo: string;
  ticketTitle: string;
  invoiceTitleId: string;
  invoiceTitleName: string;
  invoiceAddressId: string;
  invoiceRequestId: string;
  invoiceRequestNo: string;
  contractId: string;
  budgetId: string;
  contractNo: string;
  contractFileId: string;
  messageId: string;
};
/** The intruder's own objects, used where a write names one object of each tenant. */
const own = {} as { userSid: string; groupId: string; projectId: string; securityGroupId: string };

// Rows these tables gain from any signed request (sessions slide, nonces are claimed, refusals
// may be logged) are not changes to the first tenant's data; nor is the server's own generated
// key, which the sandbox gateway's delivery job makes the first time it runs, whenever that is on
// a loaded machine.
const VOLATILE_TABLES = new Set([
  "server_secrets",
  "sessions",
  "request_nonces",
  "audit_logs",
  "verification_codes",
  "outbox_messages",
  "captchas",
  "__drizzle_migrations",
]);

async function fingerprint(): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1" as never,
    ),
  ).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const name of tables) {
    if (VOLATILE_TABLES.has(name)) continue;
    const [row] = rowsOf<{ rows: string | null }>(
      await db.execute(`select string_agg(x::text, '|' order by x::text) as rows from "${name}" x` as never),
    );
    out[name] = createHash("sha256")
      .update(row?.rows ?? "")
      .digest("hex");
  }
  return out;
}

/** The first tenant's id for a path parameter of an endpoint; unknown combinations fail the test. */
function victimParam(path: string, param: string): string {
  const rules: [RegExp, string, () => string][] = [
    [/^\/api\/res\/subuser\//, "id", () => victim.user.userSid],
    [/^\/api\/res\/user_group\//, "id", () => victim.groupId],
    [/^\/api\/res\/user_group\//, "userSid", () => victim.user.userSid],
    [/^\/api\/res\/polices\//, "id", () => victim.setId],
    [/^\/api\/res\/projects\//, "projectId", () => victim.projectId],
    [/^\/api\/res\/projects\//, "userSid", () => victim.user.userSid],
    [/^\/api\/users\/accesskey\//, "id", () => victim.accessKeyId],
    [/^\/api\/res\/keypairs\//, "id", () => victim.keyPairId],
    [/^\/api\/res\/vpcs\//, "id", () => victim.vpcId],
    [/^\/api\/res\/subnets\//, "id", () => victim.subnetId],
    [/^\/api\/res\/routers\//, "id", () => victim.routerId],
    [/^\/api\/res\/routers\//, "subnetId", () => victim.subnetId],
    [/^\/api\/res\/routers\//, "routeId", () => victim.routeId],
    [/^\/api\/files\//, "id", () => victim.fileId],
    [/^\/api\/users\/getAuthCompanyInfoById\//, "id", () => victim.verificationId],
    [/^\/api\/online_recharge\//, "rechargeNo", () => victim.rechargeNo],
    [/^\/api\/cashCoupon\/deductRecord\//, "id", () => victim.voucher.id],
    [/^\/api\/bills\/listBillDetails\//, "billNo", () => victim.billNo],
    [/^\/api\/download\/file\//, "id", () => victim.downloadId],
    [/^\/api\/orders\//, "id", () => victim.orderId],
    [/^\/api\/res\/hosts\//, "id", () => victim.hostId],
    [/^\/api\/res\/alarm_rules\//, "id", () => victim.alarmRuleId],
    [/^\/api\/res\/alarms\//, "id", () => victim.alarmId],
    [/^\/api\/service\/unsubscribe\//, "id", () => victim.hostId],
    [/^\/api\/renew\//, "id", () => victim.hostId],
    [/^\/api\/res\/volumes\//, "id", () => victim.volumeId],
    [/^\/api\/res\/floatingips\//, "id", () => victim.floatingIpId],
    [/^\/api\/res\/rds\//, "id", () => victim.databaseId],
    [/^\/api\/res\/dcs\//, "id", () => victim.cacheId],
    [/^\/api\/res\/dms\//, "id", () => victim.queueId],
    [/^\/api\/res\/shares\//, "id", () => victim.shareId],
    [/^\/api\/res\/shares\//, "ruleId", () => victim.shareRuleId],
    [/^\/api\/res\/scalable-files\//, "id", () => victim.scalableFileId],
    [/^\/api\/res\/scalable-files\//, "ruleId", () => victim.scalableFileRuleId],
    [/^\/api\/res\/obs\//, "id", () => victim.bucketId],
    [/^\/api\/res\/baremetal\//, "id", () => victim.bareMetalId],
    [/^\/api\/obs\/keys\//, "accessKeyId", () => victim.obsKeyId],
    [/^\/api\/res\/snapshots\//, "id", () => victim.snapshotId],
    [/^\/api\/bag\//, "id", () => victim.packageId],
    [/^\/api\/hpc\/pools\//, "id", () => victim.poolId],
    [/^\/api\/hpc\/pools\//, "userId", () => victim.user.userSid],
    [/^\/api\/hpc\/console\/pools\//, "id", () => victim.poolId],
    [/^\/api\/hpc\/console\/pools\//, "jobId", () => victim.jobId],
    [/^\/api\/modelarts\/jobs\//, "id", () => victim.trainingId],
    [/^\/api\/res\/security-groups\//, "id", () => victim.securityGroupId],
    [/^\/api\/res\/security-groups\//, "ruleId", () => victim.securityRuleId],
    [/^\/api\/res\/security-groups\//, "hostId", () => victim.hostId],
    [/^\/api\/tickets\//, "id", () => victim.ticketId],
    [/^\/api\/invoices\/titles\//, "id", () => victim.invoiceTitleId],
    [/^\/api\/invoices\/addresses\//, "id", () => victim.invoiceAddressId],
    [/^\/api\/invoices\/requests\//, "id", () => victim.invoiceRequestId],
    [/^\/api\/contracts\//, "id", () => victim.contractId],
    [/^\/api\/budgets\//, "id", () => victim.budgetId],
    [/^\/api\/messages\//, "id", () => victim.messageId],
  ];
  const rule = rules.find(([pattern, name]) => pattern.test(path) && name === param);
  if (!rule) throw new Error(`${path}: no sample of the first tenant for the path parameter "${param}"`);
  return rule[2]();
}

const SSH_RULE = {
  direction: "inbound",
  protocol: "tcp",
  portStart: 22,
  portEnd: 22,
  priority: 1,
  remoteType: "cidr",
  remoteCidr: "0.0.0.0/0",
  remoteGroupId: null,
};

/** A body that passes validation, so that the refusal tested is the ownership check, not the schema. */
function validBody(op: Operation): unknown {
  const key = `${op.method} ${op.path}`;
  const bodies: Record<string, unknown> = {
    "PUT /api/res/subuser/{id}": {
      realName: "Mallory",
      email: `m${unique()}@x.example`,
      mobile: uniquePhone(),
    },
    "PUT /api/res/subuser/{id}/groups": { groupIds: [own.groupId], confirmLastGroup: true },
    "POST /api/res/subuser/{id}/polices": { permissionSetId: "builtin:iamAdmin" },
    "PUT /api/res/user_group/{id}": { name: `Hijack${unique()}`, description: "", parentId: null },
    "POST /api/res/user_group/{id}/members": { userIds: [own.userSid] },
    "PUT /api/res/user_group/{id}/polices": { permissionSetIds: ["builtin:tenantAdmin"] },
    "PUT /api/res/polices/{id}": { name: `Hijack${unique()}`, codes: ["CA"], shared: false },
    "PUT /api/res/projects/{projectId}": {
      name: `Hijack${unique()}`,
      contact: "Mallory",
      phone: uniquePhone(),
    },
    "POST /api/res/projects/{projectId}/members": { userSids: [own.userSid] },
    "POST /api/res/hosts/{id}/action": { action: "stop" },
    "POST /api/res/baremetal/{id}/action": { action: "stop" },
    "PUT /api/res/hosts/{id}/name": { name: "hijacked" },
    "POST /api/res/hosts/{id}/webssh_tickets": { username: "root", method: "password", password: "x" },
    "PUT /api/res/alarm_rules/{id}": alarmRule({ target: "all", hostId: null }),
    "PUT /api/res/alarm_rules/{id}/enabled": { enabled: false },
    "PUT /api/renew/{id}/auto": { autoRenew: true },
    "PUT /api/bag/{id}/autoRenew": { autoRenew: true },
    "POST /api/res/volumes/{id}/attach": { hostId: victim.hostId },
    "POST /api/res/floatingips/{id}/bind": { hostId: victim.hostId },
    "POST /api/hpc/pools/{id}/members": { userId: own.userSid },
    "POST /api/hpc/console/pools/{id}/jobs": {
      name: "intruder",
      partition: "cpu",
      cpus: 1,
      gpus: 0,
      timeLimitMinutes: 5,
      script: "#!/bin/bash\necho hi\n",
    },
    "PUT /api/hpc/pools/{id}/packages_only": { packagesOnly: true },
    "POST /api/res/security-groups/{id}/rules": SSH_RULE,
    "POST /api/res/shares/{id}/rules": { cidr: "10.66.0.0/16", access: "rw", priority: 1 },
    "PUT /api/res/shares/{id}/rules/{ruleId}": { cidr: "10.66.0.0/16", access: "rw", priority: 1 },
    "POST /api/res/scalable-files/{id}/rules": { cidr: "10.66.0.0/16", access: "rw", priority: 1 },
    "PUT /api/res/scalable-files/{id}/rules/{ruleId}": { cidr: "10.66.0.0/16", access: "rw", priority: 1 },
    "POST /api/res/security-groups/{id}/hosts": { hostId: victim.hostId },
    "PUT /api/res/hosts/{id}/security-groups": { securityGroupIds: [own.securityGroupId] },
    "PUT /api/res/vpcs/{id}": { name: "hijacked", description: "" },
    "PUT /api/invoices/titles/{id}": { type: "personal", name: "hijacked" },
    "PUT /api/invoices/addresses/{id}": { recipient: "hijacked", phone: "13800000009", address: "x" },
    "POST /api/res/vpcs/{id}/subnets": { name: "hijacked", cidr: "10.99.9.0/24" },
    "PUT /api/res/subnets/{id}": { name: "hijacked", dhcp: false, dnsServers: [] },
    "POST /api/res/routers/{id}/interfaces": { subnetId: victim.subnetId },
    "POST /api/res/routers/{id}/routes": { destination: "172.20.0.0/16", nexthop: "10.99.1.9" },
    "PUT /api/res/obs/{id}/acl": { acl: "public-read" },
    "POST /api/res/obs/{id}/folders": { key: "intruder/" },
    "POST /api/res/obs/{id}/objects/delete": { keys: ["victim.txt"] },
    "POST /api/res/obs/{id}/share": { key: "victim.txt", expiresSeconds: 600 },
    "POST /api/tickets/{id}/messages": { content: "intruder" },
    "POST /api/tickets/{id}/rating": { rating: 1 },
    "PUT /api/budgets/{id}": { amount: "1" },
  };
  return bodies[key] ?? {};
}

/** An alarm rule on the first tenant's host, valid for the server's schema. */
function alarmRule(patch: Record<string, unknown> = {}) {
  return {
    name: `Alarm${unique()}`,
    target: "host",
    hostId: victim.hostId,
    metric: "diskReadKBps",
    comparison: "gte",
    threshold: 0,
    durationMinutes: 1,
    severity: "urgent",
    notifyEmail: true,
    enabled: true,
    ...patch,
  };
}

/** The query an endpoint needs to pass validation (an object's key, an upload's checksum). */
function queryFor(op: Operation): Record<string, string> | undefined {
  const queries: Record<string, Record<string, string>> = {
    "GET /api/res/obs/{id}/object": { key: "victim.txt" },
    "POST /api/res/obs/{id}/objects": { key: "intruder.txt", sha256: "0".repeat(64) },
  };
  return queries[`${op.method} ${op.path}`];
}

function urlFor(op: Operation): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(victimParam(op.path, name)));
}

async function call(
  client: TestClient,
  method: Method,
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  const res = await client.raw(url, {
    method,
    ...(method === "GET" ? {} : { body: body ?? {} }),
    ...(query ? { query } : {}),
  });
  const json = String(res.headers["content-type"] ?? "").includes("application/json");
  return { status: res.statusCode, text: res.body, code: json ? (res.json() as { code: number }).code : 0 };
}

// Endpoints whose path parameter is not an object of anyone's (the step-up channel type).
const notAnObject = (op: Operation) => op.path.includes("/2FA/state/");

// The spec's own "does not exist" messages answer some lookups (HTTP 400 with the business code);
// for another tenant's object they are as good as a 404.
const NOT_FOUND_BUSINESS_CODES = new Set([23001]);

// Lists that need a query parameter to answer at all.
const LIST_QUERIES: Record<string, Record<string, string>> = {
  "/api/configs/user/configType": { configType: "display" },
  "/api/res/subuser/exists": { field: "account", value: "nobody-here" },
};

/** Everything that would betray the first tenant if it showed up in the intruder's answers. */
function victimMarkers(): string[] {
  return [
    victim.orgId,
    victim.account,
    victim.companyName,
    victim.user.userSid,
    victim.user.account,
    victim.groupId,
    victim.groupName,
    victim.setId,
    victim.setName,
    victim.projectId,
    victim.projectName,
    victim.accessKeyId,
    victim.keyPairId,
    victim.keyPairName,
    victim.vpcId,
    victim.vpcName,
    victim.subnetId,
    victim.subnetName,
    victim.routerId,
    victim.routerName,
    victim.routeId,
    victim.fileId,
    victim.verificationId,
    victim.rechargeNo,
    victim.voucher.id,
    victim.voucher.code,
    victim.billNo,
    victim.downloadId,
    victim.orderId,
    victim.orderNo,
    victim.dedicatedId,
    victim.dedicatedOrderNo,
    victim.hostId,
    victim.hostName,
    victim.alarmRuleId,
    victim.alarmRuleName,
    victim.alarmId,
    victim.volumeId,
    victim.volumeName,
    victim.floatingIpId,
    victim.floatingIpName,
    victim.databaseId,
    victim.databaseName,
    victim.cacheId,
    victim.cacheName,
    victim.queueId,
    victim.queueName,
    victim.shareId,
    victim.shareName,
    victim.shareRuleId,
    victim.scalableFileId,
    victim.scalableFileName,
    victim.scalableFileRuleId,
    victim.bareMetalId,
    victim.bareMetalName,
    victim.bucketId,
    victim.bucketName,
    victim.obsKeyId,
    victim.snapshotId,
    victim.snapshotName,
    victim.packageId,
    victim.poolId,
    victim.poolName,
    victim.jobName,
    victim.aiPoolId,
    victim.trainingId,
    victim.trainingName,
    victim.securityGroupId,
    victim.securityGroupName,
    victim.securityRuleId,
    victim.ticketId,
    victim.ticketNo,
    victim.ticketTitle,
    victim.invoiceTitleId,
    victim.invoiceTitleName,
    victim.invoiceAddressId,
    victim.invoiceRequestId,
    victim.invoiceRequestNo,
    victim.contractId,
    victim.contractNo,
    victim.contractFileId,
    victim.budgetId,
  ];
}

beforeAll(async () => {
  t = await startTestApp({ PAYMENT_SANDBOX: "true" });
  const operator = await signedIn(t.app, t.clock, { account: "admin", password: "Admin@2026" });

  // The first tenant, with one object of every kind an endpoint can name.
  const victimTenant = await registerTenant(t, operator);
  ownerClient = await signedIn(t.app, t.clock, victimTenant);
  await stepUp(t, ownerClient, victimTenant.mobile);
  victim.orgId = await orgIdOf(t, victimTenant.userSid);
  victim.account = victimTenant.account;
  victim.companyName = victimTenant.companyName;
  victim.setName = `VictimSet${unique()}`;
  const set = await ownerClient.request<{ id: string }>("/api/res/polices", {
    method: "POST",
    body: { name: victim.setName, description: "", codes: ["CA", "CC03"], shared: true },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  victim.setId = set.body.data.id;
  victim.groupName = `VictimGroup${unique()}`;
  victim.groupId = await createGroup(ownerClient, [victim.setId], victim.groupName);
  victim.user = await createSubUser(ownerClient, [victim.groupId]);
  victim.projectName = `VictimProject${unique()}`;
  const project = await ownerClient.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: victim.projectName, description: "", contact: "Alice", phone: uniquePhone() },
  });
  expect(project.status, JSON.stringify(project.body)).toBe(200);
  victim.projectId = project.body.data.projectId;
  await ownerClient.request(`/api/res/projects/${victim.projectId}/members`, {
    method: "POST",
    body: { userSids: [victim.user.userSid] },
  });
  const key = await ownerClient.request<{ accessKeyId: string }>("/api/users/accesskey", {
    method: "POST",
    body: {},
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  victim.accessKeyId = key.body.data.accessKeyId;
  victim.keyPairName = `victim-kp-${unique()}`;
  const keyPair = await ownerClient.request<{ id: string }>("/api/res/keypairs", {
    method: "POST",
    body: { name: victim.keyPairName, projectId: victim.projectId },
  });
  expect(keyPair.status, JSON.stringify(keyPair.body)).toBe(200);
  victim.keyPairId = keyPair.body.data.id;
  // A shared VPC (seen by every project of its organisation, no other) with a subnet, a router
  // joining it and a static route.
  victim.vpcName = `victim-vpc-${unique().slice(-6)}`;
  const vpc = await ownerClient.request<{ id: string }>("/api/res/vpcs", {
    method: "POST",
    body: { name: victim.vpcName, description: "", cidr: "10.99.0.0/16", shared: true },
  });
  expect(vpc.status, JSON.stringify(vpc.body)).toBe(200);
  victim.vpcId = vpc.body.data.id;
  victim.subnetName = `victim-sn-${unique().slice(-6)}`;
  const subnet = await ownerClient.request<{ id: string }>(`/api/res/vpcs/${victim.vpcId}/subnets`, {
    method: "POST",
    body: { name: victim.subnetName, cidr: "10.99.1.0/24" },
  });
  expect(subnet.status, JSON.stringify(subnet.body)).toBe(200);
  victim.subnetId = subnet.body.data.id;
  victim.routerName = `victim-rt-${unique().slice(-6)}`;
  const router = await ownerClient.request<{ id: string }>("/api/res/routers", {
    method: "POST",
    body: { name: victim.routerName, vpcId: victim.vpcId, subnetIds: [victim.subnetId] },
  });
  expect(router.status, JSON.stringify(router.body)).toBe(200);
  victim.routerId = router.body.data.id;
  const route = await ownerClient.request(`/api/res/routers/${victim.routerId}/routes`, {
    method: "POST",
    body: { destination: "192.168.99.0/24", nexthop: "10.99.1.9" },
  });
  expect(route.status, JSON.stringify(route.body)).toBe(200);
  const routerDetail = await ownerClient.request<{ routes: { id: string }[] }>(
    `/api/res/routers/${victim.routerId}`,
  );
  victim.routeId = routerDetail.body.data.routes[0]!.id;
  victim.fileId = await uploaded(ownerClient, "idPhoto", "portrait.png", pngBytes());
  const submitted = await ownerClient.request<{ id: string }>("/api/users/submitAuth", {
    method: "POST",
    body: {
      realName: "王小明",
      idNumber: "11010519491231002X",
      portraitFileId: victim.fileId,
      emblemFileId: await uploaded(ownerClient, "idPhoto", "emblem.png", pngBytes()),
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  victim.verificationId = submitted.body.data.id;
  const topUp = await ownerClient.request<{ rechargeNo: string }>("/api/online_recharge/create", {
    method: "POST",
    body: { amount: "10", channel: "sandbox" },
    headers: idem(),
  });
  expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
  victim.rechargeNo = topUp.body.data.rechargeNo;
  const now = t.clock.now().getTime();
  const vouchers = await operator.request<{ vouchers: { id: string; code: string }[] }>(
    "/api/ops/cash_vouchers",
    {
      method: "POST",
      body: {
        kind: "deduction",
        faceValue: "30",
        count: 1,
        orgId: victim.orgId,
        validFrom: new Date(now - 3_600_000).toISOString(),
        validUntil: new Date(now + 86_400_000).toISOString(),
      },
    },
  );
  expect(vouchers.status, JSON.stringify(vouchers.body)).toBe(200);
  victim.voucher = vouchers.body.data.vouchers[0]!;
  const adjusted = await operator.request("/api/ops/adjustments", {
    method: "POST",
    body: { orgId: victim.orgId, amount: "5", reason: "Isolation test money" },
    headers: idem(),
  });
  expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
  const bills = await ownerClient.request<{ list: { billNo: string; billingCycle: string }[] }>("/api/bills");
  victim.billNo = bills.body.data.list[0]!.billNo;
  const cycle = bills.body.data.list[0]!.billingCycle;
  const exported = await ownerClient.request<{ id: string }>("/api/bills/asynExportBills", {
    method: "POST",
    body: { startCycle: cycle, endCycle: cycle },
  });
  expect(exported.status, JSON.stringify(exported.body)).toBe(200);
  victim.downloadId = exported.body.data.id;
  await t.app.finance.idle();
  // A running host bought through an order (the tenant verified, as an approved review leaves it).
  await t.database.db
    .update(users)
    .set({ certificationStatus: "authSucceed" })
    .where(eq(users.id, victimTenant.userSid));
  await fundCash(t.database.db, victim.orgId, y("500"), t.clock.now());
  victim.hostName = `victim-host-${unique().slice(-6)}`;
  const bought = await apply(
    ownerClient,
    applyBody("ecs-standard", { name: victim.hostName, projectId: victim.projectId }),
  );
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  victim.orderId = bought.body.data.id;
  victim.orderNo = bought.body.data.orderNo;
  await advance(t, 45);
  victim.hostId = (await ownerClient.request<OrderDetail>(`/api/orders/${victim.orderId}`)).body.data
    .resourceIds[0]!;
  // The order's completion notice in the owner's message centre.
  const [notice] = await t.database.db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(eq(inboxMessages.userId, victimTenant.userSid));
  victim.messageId = notice!.id;
  // A ticket about the host and its order.
  victim.ticketTitle = `VictimTicket${unique()}`;
  const ticket = await ownerClient.request<{ id: string; ticketNo: string }>("/api/tickets", {
    method: "POST",
    body: {
      title: victim.ticketTitle,
      category: "technical",
      resourceId: victim.hostId,
      orderId: victim.orderId,
      content: "The host is slow",
    },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  victim.ticketId = ticket.body.data.id;
  victim.ticketNo = ticket.body.data.ticketNo;
  // An invoice title, a mailing address and an invoice request for part of the host's order.
  victim.invoiceTitleName = `VictimTitle${unique()}`;
  const title = await ownerClient.request<{ id: string }>("/api/invoices/titles", {
    method: "POST",
    body: { type: "personal", name: victim.invoiceTitleName },
  });
  expect(title.status, JSON.stringify(title.body)).toBe(200);
  victim.invoiceTitleId = title.body.data.id;
  const address = await ownerClient.request<{ id: string }>("/api/invoices/addresses", {
    method: "POST",
    body: { recipient: "Victim", phone: uniquePhone(), address: "Victim street 1" },
  });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  victim.invoiceAddressId = address.body.data.id;
  const invoice = await ownerClient.request<{ id: string; requestNo: string }>("/api/invoices/requests", {
    method: "POST",
    body: {
      titleId: victim.invoiceTitleId,
      medium: "paper",
      addressId: victim.invoiceAddressId,
      amount: "0.01",
    },
    headers: idem(),
  });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(200);
  victim.invoiceRequestId = invoice.body.data.id;
  victim.invoiceRequestNo = invoice.body.data.requestNo;
  const issued = await operator.request(`/api/ops/invoices/${victim.invoiceRequestId}/issue`, {
    method: "POST",
    body: {
      pdfFileId: await uploaded(operator, "invoicePdf", "invoice.pdf", pdfBytes()),
      invoiceNumber: "00012345",
      trackingNumber: "SF0000000001",
    },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  // A contract the billing operator made for the first tenant, with its signed PDF.
  const contract = await createContract(t, operator, victim.orgId);
  victim.contractId = contract.id;
  victim.contractNo = contract.contractNo;
  victim.contractFileId = contract.file!.id;
  // A monthly budget of the first tenant's project.
  const budget = await ownerClient.request<{ id: string }>("/api/budgets", {
    method: "POST",
    body: { projectId: victim.projectId, amount: "500" },
  });
  expect(budget.status, JSON.stringify(budget.body)).toBe(200);
  victim.budgetId = budget.body.data.id;
  // An alarm rule on the host that holds all the time (disk reads are never below 0): it fires
  // once the host has a minute of figures, in the steps the purchases below run.
  victim.alarmRuleName = `VictimAlarm${unique()}`;
  const rule = await ownerClient.request<{ id: string }>("/api/res/alarm_rules", {
    method: "POST",
    body: alarmRule({ name: victim.alarmRuleName }),
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  victim.alarmRuleId = rule.body.data.id;
  // A disk and an elastic IP bought the same way, and a snapshot of the host.
  await fundCash(t.database.db, victim.orgId, y("500"), t.clock.now());
  const buyOne = async (body: Record<string, unknown>) => {
    const res = await apply(ownerClient, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(t, 15);
    return (await ownerClient.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data
      .resourceIds[0]!;
  };
  victim.volumeName = `victim-disk-${unique().slice(-6)}`;
  victim.volumeId = await buyOne(
    applyBody("evs-disk", { spec: { diskType: "ssd", sizeGb: 50 }, name: victim.volumeName }),
  );
  victim.floatingIpName = `victim-eip-${unique().slice(-6)}`;
  victim.floatingIpId = await buyOne(
    applyBody("eip", { spec: { bandwidthMbps: 1 }, name: victim.floatingIpName }),
  );
  victim.databaseName = `victim-db-${unique().slice(-6)}`;
  victim.databaseId = await buyOne({
    productCode: "rds-standard",
    spec: { engine: "postgresql", flavorId: "s2m4", sizeGb: 20 },
    name: victim.databaseName,
    quantity: 1,
    paymentType: "postpaid",
  });
  victim.cacheName = `victim-dcs-${unique().slice(-6)}`;
  victim.cacheId = await buyOne({
    productCode: "dcs-redis",
    spec: { memoryGb: 1 },
    name: victim.cacheName,
    quantity: 1,
    paymentType: "postpaid",
  });
  victim.queueName = `victim-dms-${unique().slice(-6)}`;
  victim.queueId = await buyOne({
    productCode: "dms-rabbitmq",
    spec: { flavorId: "small" },
    name: victim.queueName,
    quantity: 1,
    paymentType: "postpaid",
  });
  // A file share and an elastic file, each with an access rule.
  const fileRule = async (base: string, id: string) => {
    const res = await ownerClient.request<{ id: string }>(`${base}/${id}/rules`, {
      method: "POST",
      body: { cidr: "192.168.10.0/24", access: "ro", priority: 5 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  victim.shareName = `victim-sfs-${unique().slice(-6)}`;
  victim.shareId = await buyOne({
    productCode: "sfs-share",
    spec: { protocol: "NFS", sizeGb: 50 },
    name: victim.shareName,
    quantity: 1,
    paymentType: "postpaid",
  });
  victim.shareRuleId = await fileRule("/api/res/shares", victim.shareId);
  victim.scalableFileName = `victim-turbo-${unique().slice(-6)}`;
  victim.scalableFileId = await buyOne({
    productCode: "sfs-turbo",
    spec: { protocol: "NFS", sizeGb: 50 },
    name: victim.scalableFileName,
    quantity: 1,
    paymentType: "postpaid",
  });
  victim.scalableFileRuleId = await fileRule("/api/res/scalable-files", victim.scalableFileId);
  // A bare-metal server by the hour (its first day must be covered); still being made is enough here.
  await fundCash(t.database.db, victim.orgId, y("100"), t.clock.now());
  victim.bareMetalName = `victim-bms-${unique().slice(-6)}`;
  victim.bareMetalId = await buyOne({
    productCode: "bms-standard",
    spec: { flavorId: "bms-c32", imageId: "ubuntu-22.04" },
    name: victim.bareMetalName,
    quantity: 1,
    paymentType: "postpaid",
  });
  // A bucket with an object, and an S3 access key of the organisation.
  victim.bucketName = `victim-obs-${unique().slice(-6)}`;
  victim.bucketId = await buyOne({
    productCode: "obs-standard",
    spec: { bucketName: victim.bucketName, storageClass: "standard", acl: "private" },
    name: victim.bucketName,
    quantity: 1,
    paymentType: "postpaid",
  });
  const victimObject = Buffer.from("victim's object");
  const put = await ownerClient.request(`/api/res/obs/${victim.bucketId}/objects`, {
    method: "POST",
    query: { key: "victim.txt", sha256: createHash("sha256").update(victimObject).digest("hex") },
    body: victimObject,
    headers: { "content-type": "application/octet-stream" },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const obsKey = await ownerClient.request<{ accessKeyId: string }>("/api/obs/keys", {
    method: "POST",
    body: { description: "victim's tool" },
  });
  expect(obsKey.status, JSON.stringify(obsKey.body)).toBe(200);
  victim.obsKeyId = obsKey.body.data.accessKeyId;
  victim.snapshotName = `victim-snap-${unique().slice(-6)}`;
  const snapshot = await ownerClient.request<{ id: string }>("/api/res/snapshots", {
    method: "POST",
    body: { hostId: victim.hostId, name: victim.snapshotName },
  });
  expect(snapshot.status, JSON.stringify(snapshot.body)).toBe(200);
  victim.snapshotId = snapshot.body.data.id;
  await advance(t, 25);
  // A security group with a rule, bound to the host.
  victim.securityGroupName = `victim-sg-${unique().slice(-6)}`;
  const sg = await ownerClient.request<{ id: string }>("/api/res/security-groups", {
    method: "POST",
    body: { name: victim.securityGroupName, description: "" },
  });
  expect(sg.status, JSON.stringify(sg.body)).toBe(200);
  victim.securityGroupId = sg.body.data.id;
  const sgRule = await ownerClient.request<{ id: string }>(
    `/api/res/security-groups/${victim.securityGroupId}/rules`,
    {
      method: "POST",
      body: SSH_RULE,
    },
  );
  expect(sgRule.status, JSON.stringify(sgRule.body)).toBe(200);
  victim.securityRuleId = sgRule.body.data.id;
  const sgBound = await ownerClient.request(`/api/res/security-groups/${victim.securityGroupId}/hosts`, {
    method: "POST",
    body: { hostId: victim.hostId },
  });
  expect(sgBound.status, JSON.stringify(sgBound.body)).toBe(200);
  // A shared HPC pool on the demo's simulated cluster (postpaid: its jobs are billed).
  victim.poolName = `victim-pool-${unique().slice(-6)}`;
  victim.poolId = await buyOne(
    applyBody("hpc-shared", {
      spec: {},
      name: victim.poolName,
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  );
  // A job of the pool's owner, submitted in the console (it runs for an hour).
  victim.jobName = `victim-job-${unique().slice(-6)}`;
  const job = await ownerClient.request<{ jobId: string }>(`/api/hpc/console/pools/${victim.poolId}/jobs`, {
    method: "POST",
    body: {
      name: victim.jobName,
      partition: "cpu",
      cpus: 1,
      gpus: 0,
      timeLimitMinutes: 60,
      script: "#!/bin/bash\necho victim\n",
    },
  });
  expect(job.status, JSON.stringify(job.body)).toBe(200);
  victim.jobId = job.body.data.jobId;
  // An AI shared pool and a training job of the AI development platform on it.
  victim.aiPoolId = await buyOne(
    applyBody("ai-shared", {
      spec: {},
      name: `victim-ai-${unique().slice(-6)}`,
      paymentType: "postpaid",
      periodMonths: undefined,
    }),
  );
  // Training jobs need the organisation's AI development platform.
  await buyOne(applyBody("ai-platform", { spec: {}, paymentType: "postpaid", periodMonths: undefined }));
  victim.trainingName = `victim-train-${unique().slice(-6)}`;
  const training = await ownerClient.request<{ id: string }>("/api/modelarts/jobs", {
    method: "POST",
    body: {
      poolId: victim.aiPoolId,
      source: "yaml",
      yaml: `name: ${victim.trainingName}\nenvironment: cuda/12.1\ncommand: python train.py\ngpus: 1\ncpus: 2\nmemoryGb: 8\ntimeLimitMinutes: 6000\n`,
    },
  });
  expect(training.status, JSON.stringify(training.body)).toBe(200);
  victim.trainingId = training.body.data.id;
  // A dedicated pool application waiting for an operator (/mgt/innerservice).
  await fundCash(t.database.db, victim.orgId, y("7000"), t.clock.now());
  const dedicated = await apply(ownerClient, {
    productCode: "hpc-dedicated",
    spec: { units: 1 },
    name: `victim-dedicated-${unique().slice(-6)}`,
    quantity: 1,
    paymentType: "prepaid",
    periodMonths: 1,
  });
  expect(dedicated.status, JSON.stringify(dedicated.body)).toBe(200);
  victim.dedicatedId = dedicated.body.data.id;
  victim.dedicatedOrderNo = dedicated.body.data.orderNo;
  // A resource package of the disk's dimension, bought from a listed offer.
  const offerCode = `iso-pkg-${unique().slice(-6)}`;
  const offer = await operator.request<{ id: string }>("/api/ops/bag/offers", {
    method: "POST",
    body: {
      code: offerCode,
      nameZh: "隔离测试包",
      nameEn: "Isolation package",
      kind: "resource",
      productCode: "evs-disk",
      dimension: "diskType:ssd",
      unitHours: 3600,
      validityMonths: 1,
      price: "1",
    },
  });
  expect(offer.status, JSON.stringify(offer.body)).toBe(200);
  await operator.request(`/api/ops/bag/offers/${offer.body.data.id}/listing`, {
    method: "PUT",
    body: { listingState: "listed" },
  });
  const pkg = await ownerClient.request<{ id: string }>("/api/bag/buy", {
    method: "POST",
    body: { offerCode },
    headers: idem(),
  });
  expect(pkg.status, JSON.stringify(pkg.body)).toBe(200);
  victim.packageId = pkg.body.data.id;
  const fired = await ownerClient.request<{ list: { id: string }[] }>("/api/res/alarms", {
    query: { ruleId: victim.alarmRuleId },
  });
  victim.alarmId = fired.body.data.list[0]!.id;

  // The intruder: another tenant's administrator, past step-up, with objects of its own.
  const intruderTenant = await registerTenant(t, operator);
  intruder = await signedIn(t.app, t.clock, intruderTenant);
  await stepUp(t, intruder, intruderTenant.mobile);
  intruderOrg = await orgIdOf(t, intruderTenant.userSid);
  own.groupId = await createGroup(intruder, ["builtin:costCentreReadOnly"]);
  own.userSid = (await createSubUser(intruder, [own.groupId])).userSid;
  const ownProject = await intruder.request<{ projectId: string }>("/api/res/projects", {
    method: "POST",
    body: { name: `Own${unique()}`, description: "", contact: "Mallory", phone: uniquePhone() },
  });
  own.projectId = ownProject.body.data.projectId;
  const ownSg = await intruder.request<{ id: string }>("/api/res/security-groups", {
    method: "POST",
    body: { name: `own-sg-${unique().slice(-6)}`, description: "" },
  });
  expect(ownSg.status, JSON.stringify(ownSg.body)).toBe(200);
  own.securityGroupId = ownSg.body.data.id;

  const doc = (await t.app.inject({ method: "GET", url: "/docs/json" })).json() as {
    paths: Record<string, Record<string, { description?: string }>>;
  };
  operations = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const description = op.description ?? "";
      // Operator endpoints are refused to every tenant by the permission matrix (permissions.test).
      const forTenants = /^(Any signed-in user|Permission codes \(any of\): (?!B)[A-Z])/.test(description);
      if (!forTenants || path.startsWith("/api/ops/")) continue;
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        tenantData: !/^Permission codes \(any of\): B/.test(description),
      });
    }
  }
}, 120_000);
afterAll(() => t.close());

describe("the first tenant's own objects", () => {
  it("are readable by their owner, so the refusals below are about ownership", async () => {
    const reads = operations.filter((op) => op.method === "GET" && op.path.includes("{") && !notAnObject(op));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const op of reads) {
      const res = await call(ownerClient, "GET", urlFor(op), undefined, queryFor(op));
      expect(res.status, `${op.path} → ${res.text.slice(0, 200)}`).toBe(200);
    }
  });
});

describe("another tenant's administrator", () => {
  it("gets 403 or 404 on every endpoint naming the first tenant's objects, and nothing changes", async () => {
    const withIds = operations.filter((op) => op.path.includes("{") && !notAnObject(op));
    expect(withIds.length).toBeGreaterThanOrEqual(30);
    const before = await fingerprint();
    for (const op of withIds) {
      const query = op.path === "/api/res/subuser/{id}/polices" && op.method === "DELETE";
      const res = await call(
        intruder,
        op.method,
        urlFor(op),
        validBody(op),
        query ? { permissionSetId: victim.setId } : queryFor(op),
      );
      const refused =
        res.status === 403 ||
        res.status === 404 ||
        (res.status === 400 && NOT_FOUND_BUSINESS_CODES.has(res.code));
      expect(refused, `${op.method} ${op.path} → ${res.status} ${res.text.slice(0, 200)}`).toBe(true);
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("cannot pull the first tenant's objects into its own", async () => {
    const attempts: [Method, string, unknown][] = [
      // The intruder's own security group: the first tenant's host bound to it, or its group named.
      ["POST", `/api/res/security-groups/${own.securityGroupId}/hosts`, { hostId: victim.hostId }],
      [
        "POST",
        `/api/res/security-groups/${own.securityGroupId}/rules`,
        { ...SSH_RULE, remoteType: "group", remoteCidr: null, remoteGroupId: victim.securityGroupId },
      ],
      ["POST", "/api/res/snapshots", { hostId: victim.hostId, name: `stolen-${unique().slice(-6)}` }],
      // A budget of its own on the first tenant's project.
      ["POST", "/api/budgets", { projectId: victim.projectId, amount: "10" }],
      // An alarm rule of its own on the first tenant's host.
      ["POST", "/api/res/alarm_rules", alarmRule()],
      // Configuration changes name the resource in the body: the first tenant's disk and IP.
      ["POST", "/api/billing/inquiry/modify", { resourceId: victim.volumeId, spec: { sizeGb: 60 } }],
      ["POST", "/api/service/resize_resource", { resourceId: victim.volumeId, spec: { sizeGb: 60 } }],
      [
        "POST",
        "/api/billing/inquiry/modify",
        { resourceId: victim.floatingIpId, spec: { bandwidthMbps: 2 } },
      ],
      ["POST", "/api/service/resize_resource", { resourceId: victim.hostId, spec: { flavorId: "c4m8" } }],
      ["PUT", `/api/res/subuser/${own.userSid}/groups`, { groupIds: [victim.groupId] }],
      ["POST", `/api/res/subuser/${own.userSid}/polices`, { permissionSetId: victim.setId }],
      ["PUT", `/api/res/user_group/${own.groupId}/polices`, { permissionSetIds: [victim.setId] }],
      ["POST", `/api/res/user_group/${own.groupId}/members`, { userIds: [victim.user.userSid] }],
      ["POST", `/api/res/projects/${own.projectId}/members`, { userSids: [victim.user.userSid] }],
      [
        "POST",
        "/api/res/user_group",
        { name: `Child${unique()}`, parentId: victim.groupId, permissionSetIds: [] },
      ],
      ["POST", "/api/res/user_group", { name: `Sets${unique()}`, permissionSetIds: [victim.setId] }],
      // A host of its own bought into the first tenant's VPC, subnet and security group.
      [
        "POST",
        "/api/service/apply",
        {
          productCode: "ecs-standard",
          spec: {
            flavorId: "c2m4",
            imageId: "ubuntu-22.04",
            network: {
              vpcId: victim.vpcId,
              subnetId: victim.subnetId,
              securityGroupIds: [victim.securityGroupId],
            },
          },
          name: `stolen-${unique().slice(-6)}`,
          quantity: 1,
          paymentType: "postpaid",
        },
      ],
      // A ticket of its own linked to the first tenant's host or order.
      ["POST", "/api/tickets", { title: "mine", category: "other", content: "x", resourceId: victim.hostId }],
      ["POST", "/api/tickets", { title: "mine", category: "other", content: "x", orderId: victim.orderId }],
      // A router of its own in the first tenant's VPC, joining the first tenant's subnet.
      [
        "POST",
        "/api/res/routers",
        { name: `stolen-${unique().slice(-6)}`, vpcId: victim.vpcId, subnetIds: [victim.subnetId] },
      ],
      [
        "POST",
        "/api/res/subuser",
        {
          account: `x${unique()}`,
          realName: "Mallory",
          email: `x${unique()}@x.example`,
          mobile: uniquePhone(),
          groupIds: [victim.groupId],
          passwordMode: "generated",
        },
      ],
      [
        "POST",
        "/api/users/submitAuth",
        {
          realName: "王小明",
          idNumber: "11010519491231002X",
          portraitFileId: victim.fileId,
          emblemFileId: victim.fileId,
        },
      ],
    ];
    const before = await fingerprint();
    for (const [method, url, body] of attempts) {
      const res = await call(intruder, method, url, body);
      expect([400, 403, 404], `${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`).toContain(
        res.status,
      );
    }
    const redeem = await intruder.request("/api/cashCoupons/redeem", {
      method: "POST",
      body: { code: victim.voucher.code },
      headers: idem(),
    });
    expect(redeem.status, JSON.stringify(redeem.body)).toBe(400);
    expect(await fingerprint()).toEqual(before);
  });

  it("cannot read the quota of the first tenant's project (an id in the query)", async () => {
    const res = await call(intruder, "GET", "/api/res/quota", undefined, { projectId: victim.projectId });
    expect(res.status, res.text.slice(0, 200)).toBe(404);
    expect(res.text.includes(victim.projectName)).toBe(false);
    const owner = await call(ownerClient, "GET", "/api/res/quota", undefined, {
      projectId: victim.projectId,
    });
    expect(owner.status, owner.text.slice(0, 200)).toBe(200);
  });

  it("reads lists that never mention the first tenant", async () => {
    const lists = operations.filter(
      (op) => op.method === "GET" && !op.path.includes("{") && op.tenantData && !op.path.endsWith("/logout"),
    );
    expect(lists.length).toBeGreaterThanOrEqual(15);
    const markers = victimMarkers();
    for (const op of lists) {
      const res = await call(intruder, "GET", op.path, undefined, LIST_QUERIES[op.path]);
      expect(res.status, `${op.path} → ${res.text.slice(0, 200)}`).toBe(200);
      for (const marker of markers) {
        expect(res.text.includes(marker), `${op.path} mentions ${marker}`).toBe(false);
      }
    }
    // The same lists, read by the owner, do show what the intruder must not see.
    const ownerUsers = await call(ownerClient, "GET", "/api/res/subuser");
    expect(ownerUsers.text).toContain(victim.user.account);
    expect(intruderOrg).not.toBe(victim.orgId);
  });
});
