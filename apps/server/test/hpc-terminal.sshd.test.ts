// The browser terminal of /hpcv1console (issue 14 item 5) against the real sshd that
// scripts/sshd/start.sh runs on 127.0.0.1:2222: an operator gives the cluster a login host and
// installs the service key Skyledger made for it; a member gets a one-time ticket by a signed POST
// and the WebSocket opens a shell as their cluster user (`id -un`, `echo`), with an audit row. A
// ticket works once; another tenant gets no ticket; a login host that refuses SSH, and a cluster
// without one, say so in both languages; closing the platform for maintenance closes the socket
// with the maintenance message; signing out closes the socket. The login host's key is
// pinned (decision 0012): the operator's "fetch the key" records what `ssh-keygen -lf` says of the
// sshd's host key; no ticket is given before it is recorded, and a host showing another key is
// refused with a warning.
import type { HpcCluster, HpcPoolDetail, OrderDetail, TerminalTicket } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  loginHostFingerprint,
  removeLoginUser,
  requireLoginHost,
} from "../../../scripts/sshd/login-host";
import { DEMO_CLUSTER_ID } from "../src/modules/catalog/catalog.seed";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { advance, apply, verifiedTenant } from "./support/orders";
import { openTerminalSocket } from "./support/terminal-socket";

const SSHD = requireLoginHost();
/** What `ssh-keygen -lf` says of the login host's key: what the operator compares. */
const HOST_FINGERPRINT = loginHostFingerprint(SSHD);

let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let poolId: string;
let clusterUser: string;
let login: LoginUser | null = null;

/** Opens the terminal's socket and collects what it says until it closes. */
const openSocket = (ticket: string, language = "en-US") =>
  openTerminalSocket(t, "/api/hpc/terminal", ticket, language);

const mint = (client: TestClient, id: string) =>
  client.request<TerminalTicket>(`/api/hpc/pools/${id}/terminal_tickets`, { method: "POST", body: {} });

/** The operator's action: record the key the host shows (null) or the pasted fingerprint. */
const recordHostKey = (fingerprint: string | null, language = "en-US") =>
  operator.request<HpcCluster>(`/api/ops/hpc/clusters/${DEMO_CLUSTER_ID}/host_key`, {
    method: "POST",
    body: { fingerprint },
    headers: { "accept-language": language },
  });

async function setLoginHost(loginHost: string | null): Promise<HpcCluster> {
  const got = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${DEMO_CLUSTER_ID}`);
  const c = got.body.data;
  const res = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${DEMO_CLUSTER_ID}`, {
    method: "PUT",
    body: {
      name: c.name,
      backend: c.backend,
      restUrl: c.restUrl,
      secretKind: c.secretKind,
      adminUser: c.adminUser,
      parentAccount: c.parentAccount,
      clusterName: c.clusterName,
      loginHost,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  owner = await verifiedTenant(t, operator, "1000");
  const res = await apply(owner.client, {
    productCode: "hpc-shared",
    spec: {},
    name: "term-pool",
    quantity: 1,
    paymentType: "postpaid",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 5);
  const order = (await owner.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`)).body.data;
  poolId = order.resourceIds[0]!;
  const pool = await owner.client.request<HpcPoolDetail>(`/api/hpc/pools/${poolId}`);
  clusterUser = pool.body.data.members[0]!.clusterUser;

  // What the operator does on the login host: the member's Unix user (not locked: "*"), and the
  // cluster's public key in its authorized keys.
  const cluster = await setLoginHost(LOGIN_HOST);
  expect(cluster.sshPublicKey).toMatch(/^ssh-ed25519 \S+/);
  expect(cluster.sshHostKeyFingerprint).toBeNull();
  login = addLoginUser(SSHD, clusterUser, cluster.sshPublicKey!);
});

afterAll(async () => {
  if (login) removeLoginUser(login);
  await t?.close();
});

describe("the login host's key", () => {
  it("gives no ticket while the key is not recorded, telling the tenant to ask the operator", async () => {
    const res = await owner.client.request(`/api/hpc/pools/${poolId}/terminal_tickets`, {
      method: "POST",
      body: {},
      headers: { "accept-language": "zh-CN" },
    });
    expect(res.body).toMatchObject({
      code: 27160,
      message: "该集群登录节点的主机密钥尚未登记，平台不会连接该节点；请联系平台运营人员登记",
    });
  });

  it("records the fingerprint the host shows: the one ssh-keygen -lf reports, with an audit row", async () => {
    expect(HOST_FINGERPRINT).toMatch(/^SHA256:/);
    const res = await recordHostKey(null);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sshHostKeyFingerprint).toBe(HOST_FINGERPRINT);
    expect(res.body.data.sshHostKeyRecordedAt).toBe(t.clock.now().toISOString());
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "hpc.clusterHostKeyRecorded"));
    expect(rows.at(-1)?.detail).toMatchObject({
      loginHost: LOGIN_HOST,
      hostKeyFingerprint: HOST_FINGERPRINT,
      hostKeyScanned: true,
    });
  });

  it("says when the host cannot be reached to read its key", async () => {
    await setLoginHost("127.0.0.1:2299");
    try {
      const res = await recordHostKey(null);
      expect(res.body).toMatchObject({ code: 27163 });
      expect((res.body as { message: string }).message).toMatch(
        /^Could not reach the login host 127\.0\.0\.1:2299 to read its key: .*ECONNREFUSED/,
      );
    } finally {
      await setLoginHost(LOGIN_HOST);
      expect((await recordHostKey(null)).body.data.sshHostKeyFingerprint).toBe(HOST_FINGERPRINT);
    }
  });

  it("refuses the terminal when the host shows another key than the recorded one", async () => {
    const other = `SHA256:${"B".repeat(43)}`;
    expect((await recordHostKey(other)).body.data).toMatchObject({ sshHostKeyFingerprint: other });
    try {
      const ticket = (await mint(owner.client, poolId)).body.data.ticket;
      const term = await openSocket(ticket);
      expect(await term.closed()).toBe(4002);
      expect(term.messages.at(-1)).toMatchObject({
        type: "ended",
        reason: "refused",
        message: `The HPC login host's key has changed (recorded ${other}, shown now ${HOST_FINGERPRINT}): possibly a man-in-the-middle attack, so the connection was refused; ask the platform operator to check`,
      });
    } finally {
      expect((await recordHostKey(HOST_FINGERPRINT)).status).toBe(200);
    }
  });
});

describe("the HPC terminal", () => {
  it("never returns the private key, only the public one", async () => {
    const got = await operator.request<Record<string, unknown>>(`/api/ops/hpc/clusters/${DEMO_CLUSTER_ID}`);
    expect(JSON.stringify(got.body)).not.toContain("PRIVATE KEY");
    expect(got.body.data.sshPublicKey).toMatch(/^ssh-ed25519 /);
  });

  it("opens a shell on the login host as the member's cluster user, with an audit row", async () => {
    const ticket = await mint(owner.client, poolId);
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.data).toMatchObject({
      clusterUser,
      loginHost: LOGIN_HOST,
      socketPath: "/api/hpc/terminal",
    });
    const term = await openSocket(ticket.body.data.ticket);
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    term.socket.send(JSON.stringify({ type: "resize", cols: 120, rows: 40 }));
    term.send("id -un; echo sky-$((6*7)); stty size\n");
    await term.until(() => /sky-42/.test(term.output()) && /40 120/.test(term.output()));
    expect(term.output()).toContain(clusterUser);
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "hpc.terminalOpened"));
    expect(rows.at(-1)).toMatchObject({ actorId: owner.tenant.userSid, target: "term-pool" });
    expect(rows.at(-1)?.detail).toMatchObject({ clusterUser, loginHost: LOGIN_HOST });
    term.send("exit\n");
    expect(await term.closed()).toBe(1000);
  });

  it("spends a ticket once", async () => {
    const ticket = (await mint(owner.client, poolId)).body.data.ticket;
    const first = await openSocket(ticket);
    await first.until(() => first.messages.some((m) => m.type === "connected"));
    const second = await openSocket(ticket, "zh-CN");
    expect(await second.closed()).toBe(4001);
    expect(second.messages.at(-1)).toMatchObject({
      type: "ended",
      reason: "ticket",
      message: "终端连接凭证无效或已过期，请重新连接",
    });
    first.socket.close();
  });

  it("gives no ticket for another tenant's pool", async () => {
    const other = await verifiedTenant(t, operator, "10");
    const res = await mint(other.client, poolId);
    expect(res.status).toBe(404);
  });

  it("says when the login host refuses SSH, in the caller's language", async () => {
    // Another login host clears the recorded key; the operator pastes one for it.
    expect((await setLoginHost("127.0.0.1:2299")).sshHostKeyFingerprint).toBeNull();
    await recordHostKey(HOST_FINGERPRINT);
    try {
      const ticket = (await mint(owner.client, poolId)).body.data.ticket;
      const term = await openSocket(ticket);
      expect(await term.closed()).toBe(4002);
      expect(term.messages.at(-1)?.message).toMatch(
        /^The login host refused the SSH connection: .*ECONNREFUSED/,
      );
    } finally {
      await setLoginHost(LOGIN_HOST);
      await recordHostKey(HOST_FINGERPRINT);
    }
  });

  it("refuses a ticket when the cluster has no login host", async () => {
    await setLoginHost(null);
    try {
      const res = await owner.client.request(`/api/hpc/pools/${poolId}/terminal_tickets`, {
        method: "POST",
        body: {},
        headers: { "accept-language": "zh-CN" },
      });
      expect(res.body).toMatchObject({
        code: 27140,
        message: "该资源池所在的集群未配置登录节点，无法打开终端",
      });
    } finally {
      await setLoginHost(LOGIN_HOST);
      await recordHostKey(HOST_FINGERPRINT);
    }
  });

  it("closes the socket when the platform is closed for maintenance, with its message", async () => {
    const ticket = await owner.client.request<TerminalTicket>(`/api/hpc/pools/${poolId}/terminal_tickets`, {
      method: "POST",
      body: {},
      locale: "zh-CN",
    });
    const term = await openSocket(ticket.body.data.ticket, "zh-CN");
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    const endsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const set = (body: Record<string, unknown>) =>
      operator.request("/api/ops/maintenance", { method: "PUT", body });
    expect(
      (await set({ mode: "closed", messageZh: "集群升级", messageEn: "Cluster upgrade", endsAt })).status,
    ).toBe(200);
    try {
      expect(await term.closed()).toBe(4005);
      expect(term.messages.at(-1)).toMatchObject({ type: "ended", reason: "maintenance" });
      expect(term.messages.at(-1)?.message).toMatch(
        /^平台维护中：集群升级（预计结束时间：.+ UTC）。终端已断开/,
      );
      expect((await mint(owner.client, poolId)).status).toBe(503);
    } finally {
      expect((await set({ mode: "off" })).status).toBe(200);
    }
  });

  it("closes the socket when the portal session signs out", async () => {
    const ticket = (await mint(owner.client, poolId)).body.data.ticket;
    const term = await openSocket(ticket);
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    const out = await owner.client.request("/api/users/logout", { method: "POST", body: {} });
    expect(out.status).toBe(200);
    expect(await term.closed()).toBe(4003);
    expect(term.messages.at(-1)).toMatchObject({ type: "ended", reason: "sessionEnded" });
  });
});
