// Remote login to a cloud host (`/webssh`, decision 0018) against the real sshd of
// scripts/sshd/start.sh standing in for the simulated host (SIMULATOR_SSH_TARGET): a Unix user with
// a password and an authorized key. Logging in with the password, and with a key pair made by
// Skyledger's key pair page, opens a shell (`whoami`); the first login records the host's key and
// later ones check it; a wrong password or an unauthorised key is refused on the ticket call; a
// host showing another key than the recorded one is refused with both fingerprints; another
// tenant gets 404 and a user without CB01 403; a ticket works once; signing out closes the socket;
// maintenance (read-only too) closes every open one with its message in the ticket's language;
// audit rows record the opening and the end, never the secret.
import type { KeyPairCreated, OrderDetail, WebSshTicket } from "@skyledger/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addLoginUser,
  LOGIN_HOST,
  type LoginUser,
  loginHostFingerprint,
  removeLoginUser,
  requireLoginHost,
  setLoginPassword,
} from "../../../scripts/sshd/login-host";
import { webSshHostKeys } from "../src/modules/webssh/webssh.schema";
import { auditLogs } from "../src/platform/audit/audit.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";
import { openTerminalSocket } from "./support/terminal-socket";

const SSHD = requireLoginHost();
const HOST_FINGERPRINT = loginHostFingerprint(SSHD);
const PASSWORD = "Web-ssh-2026!";

let t: TestApp;
let operator: TestClient;
let owner: Awaited<ReturnType<typeof verifiedTenant>>;
let hostId: string;
let hostName: string;
let user: string;
let login: LoginUser | null = null;

const mint = (client: TestClient, body: Record<string, unknown>, locale: "en-US" | "zh-CN" = "en-US") =>
  client.request<WebSshTicket>(`/api/res/hosts/${hostId}/webssh_tickets`, { method: "POST", body, locale });
const withPassword = (password = PASSWORD) => ({ username: user, method: "password", password });
const openSocket = (ticket: string, language = "en-US") =>
  openTerminalSocket(t, "/api/webssh/terminal", ticket, language);
const auditOf = (action: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.target, hostName)));

beforeAll(async () => {
  t = await startTestApp({ SIMULATOR_SSH_TARGET: LOGIN_HOST });
  operator = await signedIn(t.app, t.clock, DEMO.admin);
  const product = await hostProduct(operator);
  owner = await verifiedTenant(t, operator);
  const res = await apply(owner.client, applyBody(product));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await owner.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  hostId = order.body.data.resourceIds[0]!;
  hostName = (res.body.data as unknown as { name?: string }).name ?? "";
  owner.client = await signedIn(t.app, t.clock, owner.tenant);
  const host = await owner.client.request<{ name: string; status: string }>(`/api/res/hosts/${hostId}`);
  expect(host.body.data.status).toBe("running");
  hostName = host.body.data.name;
  // The stand-in's account: a Unix user with a password; keys are authorised per test.
  user = `ws${hostId.replace(/[^a-z0-9]/g, "").slice(0, 10)}`;
  login = addLoginUser(SSHD, user, "");
  setLoginPassword(user, PASSWORD);
  // Buying the host on a loaded machine may take longer than the suite's hook timeout.
}, 180_000);

afterAll(async () => {
  if (login) removeLoginUser(login);
  await t?.close();
});

describe("remote login to a host", () => {
  it("logs in with a password, records the host key on first use, and audits open and end without the secret", async () => {
    const ticket = await mint(owner.client, withPassword());
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.data).toMatchObject({
      socketPath: "/api/webssh/terminal",
      username: user,
      address: LOGIN_HOST,
      hostKeyFingerprint: HOST_FINGERPRINT,
      hostKeyFirstSeen: true,
    });
    const [recorded] = await t.database.db
      .select()
      .from(webSshHostKeys)
      .where(eq(webSshHostKeys.resourceId, hostId));
    expect(recorded).toMatchObject({ fingerprint: HOST_FINGERPRINT, address: LOGIN_HOST });

    const term = await openSocket(ticket.body.data.ticket);
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    expect(term.messages.find((m) => m.type === "connected")).toMatchObject({ user, host: LOGIN_HOST });
    term.socket.send(JSON.stringify({ type: "resize", cols: 100, rows: 30 }));
    term.send("whoami; echo web-$((6*7)); stty size\n");
    await term.until(() => /web-42/.test(term.output()) && /30 100/.test(term.output()));
    expect(term.output()).toContain(user);
    const opened = await auditOf("webssh.opened");
    expect(opened.at(-1)).toMatchObject({ actorId: owner.tenant.userSid });
    expect(opened.at(-1)?.detail).toMatchObject({
      loginUser: user,
      authMethod: "password",
      sshAddress: LOGIN_HOST,
      hostKeyFingerprint: HOST_FINGERPRINT,
      hostKeyFirstSeen: true,
    });
    term.send("exit\n");
    expect(await term.closed()).toBe(1000);
    expect(term.messages.at(-1)).toMatchObject({ type: "ended", reason: "shellExited" });
    const ended = await auditOf("webssh.ended");
    expect(ended.at(-1)?.detail).toMatchObject({ loginUser: user, endReason: "shellExited" });
    const everything = JSON.stringify(await t.database.db.select().from(auditLogs), (_, v) =>
      typeof v === "bigint" ? String(v) : v,
    );
    expect(everything).not.toContain(PASSWORD);
  });

  it("logs in with a key pair made on the key pair page, checking the recorded host key", async () => {
    const made = await owner.client.request<KeyPairCreated>("/api/res/keypairs", {
      method: "POST",
      body: { name: `webssh-${user}` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The same user, its key now authorised (`login` still removes the user this file made).
    addLoginUser(SSHD, user, made.body.data.publicKey);
    const ticket = await mint(owner.client, {
      username: user,
      method: "privateKey",
      privateKey: made.body.data.privateKey,
    });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.data).toMatchObject({ hostKeyFingerprint: HOST_FINGERPRINT, hostKeyFirstSeen: false });
    const term = await openSocket(ticket.body.data.ticket);
    term.send("whoami\n");
    await term.until(() => term.output().includes(user));
    expect((await auditOf("webssh.opened")).at(-1)?.detail).toMatchObject({
      authMethod: "privateKey",
      hostKeyFirstSeen: false,
    });
    const everything = JSON.stringify(await t.database.db.select().from(auditLogs), (_, v) =>
      typeof v === "bigint" ? String(v) : v,
    );
    expect(everything).not.toContain("PRIVATE KEY");
    term.socket.close();
    await term.closed();
  });

  it("refuses a wrong password and an unauthorised key on the ticket call, in the caller's language", async () => {
    const wrong = await mint(owner.client, withPassword("not-it"), "zh-CN");
    expect(wrong.body).toMatchObject({ code: 28303, message: "云主机拒绝了登录：用户名、密码或私钥不正确" });
    const stranger = (
      await owner.client.request<KeyPairCreated>("/api/res/keypairs", {
        method: "POST",
        body: { name: `stranger-${user}` },
      })
    ).body.data;
    const refused = await mint(owner.client, {
      username: user,
      method: "privateKey",
      privateKey: stranger.privateKey,
    });
    expect(refused.body).toMatchObject({
      code: 28303,
      message: "The host refused the login: the user, password or private key is not right",
    });
  });

  it("refuses a host that shows another key than the one recorded at the first login, until the tenant forgets it", async () => {
    const other = `SHA256:${"C".repeat(43)}`;
    await t.database.db
      .update(webSshHostKeys)
      .set({ fingerprint: other })
      .where(eq(webSshHostKeys.resourceId, hostId));
    const res = await mint(owner.client, withPassword());
    expect(res.body).toMatchObject({ code: 28307 });
    expect(res.body.message).toBe(
      `The host's key has changed (recorded at the first login: ${other}; shown now: ${HOST_FINGERPRINT}): possibly a man-in-the-middle attack, so the connection was refused; if you know the host was reinstalled, forget the recorded key on the remote login page and log in again`,
    );
    // The tenant knows the host was reinstalled: the recorded key goes, with an audit row.
    const forgot = await owner.client.request(`/api/res/hosts/${hostId}/webssh/host_key`, {
      method: "DELETE",
    });
    expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
    expect((await auditOf("webssh.hostKeyForgotten")).at(-1)?.detail).toMatchObject({
      hostKeyFingerprint: other,
    });
    const again = await mint(owner.client, withPassword());
    expect(again.body.data).toMatchObject({ hostKeyFingerprint: HOST_FINGERPRINT, hostKeyFirstSeen: true });
    const term = await openSocket(again.body.data.ticket);
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    term.socket.close();
    await term.closed();
  });

  it("answers another tenant 404 and a user without the host permission 403", async () => {
    const other = await verifiedTenant(t, operator, "10");
    expect(
      (
        await other.client.request(`/api/res/hosts/${hostId}/webssh_tickets`, {
          method: "POST",
          body: withPassword(),
        })
      ).status,
    ).toBe(404);
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect(
      (
        await reader.request(`/api/res/hosts/${hostId}/webssh_tickets`, {
          method: "POST",
          body: withPassword(),
        })
      ).status,
    ).toBe(403);
  });

  it("spends a ticket once", async () => {
    const ticket = (await mint(owner.client, withPassword())).body.data.ticket;
    const first = await openSocket(ticket);
    await first.until(() => first.messages.some((m) => m.type === "connected"));
    const second = await openSocket(ticket, "zh-CN");
    expect(await second.closed()).toBe(4001);
    expect(second.messages.at(-1)).toMatchObject({
      type: "ended",
      reason: "ticket",
      message: "远程登录的连接凭证无效或已过期，请重新登录",
    });
    first.socket.close();
    await first.closed();
  });

  it("closes the socket when the portal session signs out, with an audit row", async () => {
    const ticket = (await mint(owner.client, withPassword())).body.data.ticket;
    const term = await openSocket(ticket);
    await term.until(() => term.messages.some((m) => m.type === "connected"));
    const out = await owner.client.request("/api/users/logout", { method: "POST", body: {} });
    expect(out.status).toBe(200);
    expect(await term.closed()).toBe(4003);
    expect(term.messages.at(-1)).toMatchObject({
      type: "ended",
      reason: "sessionEnded",
      message: "You signed out or your session expired, so the remote login was disconnected",
    });
    expect((await auditOf("webssh.ended")).at(-1)?.detail).toMatchObject({ endReason: "sessionEnded" });
    owner.client = await signedIn(t.app, t.clock, owner.tenant);
  });

  it("closes every open terminal when the platform goes read-only for maintenance, saying why in each one's language", async () => {
    const en = await openSocket((await mint(owner.client, withPassword())).body.data.ticket);
    const zh = await openSocket(
      (await mint(owner.client, withPassword(), "zh-CN")).body.data.ticket,
      "zh-CN",
    );
    for (const term of [en, zh]) await term.until(() => term.messages.some((m) => m.type === "connected"));
    const endsAt = new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString();
    const shown = `${endsAt.slice(0, 16).replace("T", " ")} UTC`;
    const set = (body: Record<string, unknown>) =>
      operator.request("/api/ops/maintenance", { method: "PUT", body });
    const on = await set({
      mode: "readOnly",
      messageZh: "数据库升级",
      messageEn: "Database upgrade",
      endsAt,
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    try {
      expect(await en.closed()).toBe(4005);
      expect(await zh.closed()).toBe(4005);
      expect(en.messages.at(-1)).toEqual({
        type: "ended",
        reason: "maintenance",
        message: `The platform is in maintenance: Database upgrade (expected to end ${shown}). The terminal was disconnected; connect again once maintenance ends`,
      });
      expect(zh.messages.at(-1)).toMatchObject({
        reason: "maintenance",
        message: `平台维护中：数据库升级（预计结束时间：${shown}）。终端已断开，维护结束后请重新连接`,
      });
      const ended = (await auditOf("webssh.ended")).slice(-2).map((r) => r.detail);
      expect(ended).toEqual([
        expect.objectContaining({ endReason: "maintenance" }),
        expect.objectContaining({ endReason: "maintenance" }),
      ]);
      // A new terminal is refused too: the ticket call answers the maintenance 503.
      const refused = await mint(owner.client, withPassword());
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe(34404);
    } finally {
      expect((await set({ mode: "off" })).status).toBe(200);
    }
    // Service normal again: a terminal opens and stays open.
    const again = await openSocket((await mint(owner.client, withPassword())).body.data.ticket);
    await again.until(() => again.messages.some((m) => m.type === "connected"));
    again.send("echo back-$((6*7))\n");
    await again.until(() => again.output().includes("back-42"));
    again.socket.close();
    await again.closed();
  });
});
