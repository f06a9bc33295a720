// Remote login to a cloud host (`/webssh`, decision 0018) where no SSH server is needed: the
// simulated host without SIMULATOR_SSH_TARGET says it has no SSH server (both languages, no
// ticket); another tenant's host is 404 and a user without CB01 403; the form's rules (login user,
// a password or a key) are the server's; a malformed or encrypted key is refused before any
// connection; an address nobody answers at says so; a stopped host is refused; the socket refuses
// a ticket nobody minted. The logins themselves run against the real sshd: webssh.sshd.test.ts.
import type { OrderDetail, WebSshTarget } from "@skyledger/contracts";
import ssh2 from "ssh2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { startTestApp, type TestApp } from "./support/harness";
import { advance, apply, applyBody, hostProduct, verifiedTenant } from "./support/orders";

type Tenant = Awaited<ReturnType<typeof verifiedTenant>>;

/** A tenant with one running host on the simulator. */
async function tenantWithHost(t: TestApp) {
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  const product = await hostProduct(operator);
  const owner = await verifiedTenant(t, operator);
  const res = await apply(owner.client, applyBody(product));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await advance(t, 45);
  const order = await owner.client.request<OrderDetail>(`/api/orders/${res.body.data.id}`);
  const hostId = order.body.data.resourceIds[0]!;
  owner.client = await signedIn(t.app, t.clock, owner.tenant);
  return { operator, owner, hostId };
}

const login = (
  client: TestClient,
  hostId: string,
  body: Record<string, unknown>,
  locale: "en-US" | "zh-CN" = "en-US",
) => client.request<unknown>(`/api/res/hosts/${hostId}/webssh_tickets`, { method: "POST", body, locale });

describe("a simulated host without SIMULATOR_SSH_TARGET", () => {
  let t: TestApp;
  let owner: Tenant;
  let hostId: string;
  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, hostId } = await tenantWithHost(t));
  });
  afterAll(() => t.close());

  it("says in both languages that the host is simulated and has no SSH server, and gives no ticket", async () => {
    const en = await owner.client.request<WebSshTarget>(`/api/res/hosts/${hostId}/webssh`);
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body.data).toMatchObject({ hostId, status: "running", simulated: true, address: null });
    expect(en.body.data.unavailable).toBe(
      "This host is simulated: there is no machine behind it, so there is no SSH server to log in to",
    );
    const zh = await owner.client.request<WebSshTarget>(`/api/res/hosts/${hostId}/webssh`, {
      locale: "zh-CN",
    });
    expect(zh.body.data.unavailable).toBe(
      "这是一台模拟的云主机，背后没有真实的机器，也就没有可登录的SSH服务",
    );
    const refused = await login(owner.client, hostId, {
      username: "root",
      method: "password",
      password: "x",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(28301);
  });

  it("answers 404 to another tenant and 403 to a user without the host permission", async () => {
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    const other = await verifiedTenant(t, operator);
    expect((await other.client.request(`/api/res/hosts/${hostId}/webssh`)).status).toBe(404);
    const body = { username: "root", method: "password", password: "x" };
    expect((await login(other.client, hostId, body)).status).toBe(404);
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    expect((await reader.request(`/api/res/hosts/${hostId}/webssh`)).status).toBe(403);
    expect((await login(reader, hostId, body)).status).toBe(403);
    const forget = `/api/res/hosts/${hostId}/webssh/host_key`;
    expect((await other.client.request(forget, { method: "DELETE" })).status).toBe(404);
    expect((await reader.request(forget, { method: "DELETE" })).status).toBe(403);
    expect((await owner.client.request(forget, { method: "DELETE" })).status).toBe(200);
  });
});

describe("a simulated host whose stand-in does not answer", () => {
  let t: TestApp;
  let owner: Tenant;
  let hostId: string;
  // Port 1 on loopback: nothing listens there, so a connection is refused at once.
  const target = "127.0.0.1:1";
  beforeAll(async () => {
    t = await startTestApp({ SIMULATOR_SSH_TARGET: target });
    ({ owner, hostId } = await tenantWithHost(t));
  });
  afterAll(() => t.close());

  it("shows the stand-in's address", async () => {
    const got = await owner.client.request<WebSshTarget>(`/api/res/hosts/${hostId}/webssh`);
    expect(got.body.data).toMatchObject({ simulated: true, address: target, unavailable: null });
  });

  it("keeps the form's rules: a login user Linux accepts, and a password or a key", async () => {
    const bad = await login(owner.client, hostId, { username: "Root!", method: "password", password: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      "The login user starts with a lowercase letter or underscore and has at most 32 lowercase letters, digits, underscores and hyphens",
    );
    const noPassword = await login(owner.client, hostId, { username: "root", method: "password" });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("This field is required");
    const noKey = await login(owner.client, hostId, {
      username: "root",
      method: "privateKey",
      privateKey: " ",
    });
    expect(noKey.status).toBe(400);
  });

  it("refuses a malformed key, and an encrypted one without its passphrase, before connecting", async () => {
    const garbage = await login(owner.client, hostId, {
      username: "root",
      method: "privateKey",
      privateKey: "-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----",
    });
    expect(garbage.body.code).toBe(28304);
    expect(garbage.body.message).toBe(
      "The private key could not be read; give the content of an OpenSSH or PEM private key file",
    );
    const locked = ssh2.utils.generateKeyPairSync("ed25519", {
      passphrase: "s3cret",
      cipher: "aes256-cbc",
      rounds: 2,
    });
    const without = await login(
      owner.client,
      hostId,
      { username: "root", method: "privateKey", privateKey: locked.private },
      "zh-CN",
    );
    expect(without.body.code).toBe(28305);
    expect(without.body.message).toBe("该私钥已加密，请填写正确的私钥密码");
    const wrong = await login(owner.client, hostId, {
      username: "root",
      method: "privateKey",
      privateKey: locked.private,
      passphrase: "nope",
    });
    expect(wrong.body.code).toBe(28305);
  });

  it("says the address could not be reached, with what the network said", async () => {
    const res = await login(owner.client, hostId, { username: "root", method: "password", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(28306);
    expect(res.body.message).toMatch(/^Could not reach the host at 127\.0\.0\.1:1: .*ECONNREFUSED/);
  });

  it("refuses a socket whose ticket nobody minted, in the socket's language", async () => {
    const messages: { type: string; reason?: string; message?: string }[] = [];
    const closed = new Promise<number>((resolve) => {
      void t.app.injectWS(
        "/api/webssh/terminal?ticket=made-up",
        { headers: { "accept-language": "zh-CN" } },
        {
          onInit: (ws: WebSocket) => {
            ws.on("message", (raw) => messages.push(JSON.parse(raw.toString())));
            ws.on("close", (code) => resolve(code));
          },
        },
      );
    });
    expect(await closed).toBe(4001);
    expect(messages).toEqual([
      { type: "ended", reason: "ticket", message: "远程登录的连接凭证无效或已过期，请重新登录" },
    ]);
  });

  it("refuses a host that is not running", async () => {
    const stopped = await owner.client.request(`/api/res/hosts/${hostId}/action`, {
      method: "POST",
      body: { action: "stop" },
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await advance(t, 60);
    owner.client = await signedIn(t.app, t.clock, owner.tenant);
    const got = await owner.client.request<WebSshTarget>(`/api/res/hosts/${hostId}/webssh`);
    expect(got.body.data).toMatchObject({ status: "stopped", address: null });
    expect(got.body.data.unavailable).toBe("The host is Stopped; only a running host can be logged in to");
    const res = await login(owner.client, hostId, { username: "root", method: "password", password: "x" });
    expect(res.body.code).toBe(28300);
  });
});
