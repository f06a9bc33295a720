// The login host's key, pinned (decision 0012), without a login host to connect to: the operator's
// POST /api/ops/hpc/clusters/{id}/host_key (BA10) takes a pasted fingerprint in `ssh-keygen -lf`
// form (anything else is refused in both languages), records it with an audit row, refuses a
// cluster without a login host, and is not a tenant's. Changing the login host clears the key.
// Reading the key from a real host: hpc-terminal.sshd.test.ts.
import type { HpcCluster } from "@skyledger/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";
import { verifiedTenant } from "./support/orders";

let t: TestApp;
let operator: TestClient;
const FINGERPRINT = "SHA256:rEXhwQQJNNtlj/1vBYwcM4aRoUt9gDXxeAGY8rbHojc";

const fields = (name: string, loginHost: string | null) => ({
  name,
  backend: "simulator",
  restUrl: "simulator",
  parentAccount: "skyledger",
  clusterName: `sim${unique()}`,
  loginHost,
});

async function cluster(loginHost: string | null): Promise<HpcCluster> {
  const res = await operator.request<HpcCluster>("/api/ops/hpc/clusters", {
    method: "POST",
    body: fields(`Keys ${unique()}`, loginHost),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const record = (client: TestClient, id: string, body: unknown, locale = "en-US") =>
  client.request<HpcCluster>(`/api/ops/hpc/clusters/${id}/host_key`, {
    method: "POST",
    body,
    headers: { "accept-language": locale },
  });

beforeAll(async () => {
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(() => t.close());

describe("recording the login host's key", () => {
  it("starts without one, records a pasted fingerprint with an audit row", async () => {
    const c = await cluster("login.example:2222");
    expect(c).toMatchObject({ sshHostKeyFingerprint: null, sshHostKeyRecordedAt: null });
    const res = await record(operator, c.id, { fingerprint: ` ${FINGERPRINT} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      sshHostKeyFingerprint: FINGERPRINT,
      sshHostKeyRecordedAt: t.clock.now().toISOString(),
    });
    const got = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${c.id}`);
    expect(got.body.data.sshHostKeyFingerprint).toBe(FINGERPRINT);
    const rows = await auditRows(t, "hpc.clusterHostKeyRecorded", c.name);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toEqual({
      loginHost: "login.example:2222",
      hostKeyFingerprint: FINGERPRINT,
      hostKeyScanned: false,
    });
  });

  it("refuses what is not a SHA-256 fingerprint, in both languages", async () => {
    const c = await cluster("login.example");
    for (const fingerprint of [
      "MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48",
      "SHA256:tooShort",
      `${FINGERPRINT}=`,
      "",
    ]) {
      const res = await record(operator, c.id, { fingerprint });
      expect(res.status, fingerprint).toBe(400);
      expect(JSON.stringify(res.body)).toContain(
        "A host key fingerprint is SHA256: followed by 43 base64 characters (as ssh-keygen -lf prints it)",
      );
    }
    const zh = await record(operator, c.id, { fingerprint: "SHA256:x" }, "zh-CN");
    expect(JSON.stringify(zh.body)).toContain("主机密钥指纹格式为SHA256:后接43个Base64字符");
    const got = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${c.id}`);
    expect(got.body.data.sshHostKeyFingerprint).toBeNull();
  });

  it("refuses a cluster without a login host, and an unknown cluster", async () => {
    const c = await cluster(null);
    const en = await record(operator, c.id, { fingerprint: FINGERPRINT });
    expect(en.body).toMatchObject({
      code: 27164,
      message: "The cluster has no login host; set one before recording its key",
    });
    const zh = await record(operator, c.id, { fingerprint: null }, "zh-CN");
    expect(zh.body).toMatchObject({
      code: 27164,
      message: "该集群未配置登录节点，请先填写登录节点再登记其主机密钥",
    });
    expect((await record(operator, "nope", { fingerprint: FINGERPRINT })).status).toBe(404);
  });

  it("clears the key when the login host changes, keeps it otherwise", async () => {
    const c = await cluster("login.example");
    await record(operator, c.id, { fingerprint: FINGERPRINT });
    const put = (loginHost: string) =>
      operator.request<HpcCluster>(`/api/ops/hpc/clusters/${c.id}`, {
        method: "PUT",
        body: { ...fields(c.name, loginHost), clusterName: c.clusterName },
      });
    const same = await put("login.example");
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.sshHostKeyFingerprint).toBe(FINGERPRINT);
    const moved = await put("login2.example");
    expect(moved.body.data).toMatchObject({ sshHostKeyFingerprint: null, sshHostKeyRecordedAt: null });
  });

  it("is the operator's: a tenant is refused", async () => {
    const c = await cluster("login.example");
    const { client } = await verifiedTenant(t, operator, "10");
    const res = await record(client, c.id, { fingerprint: FINGERPRINT });
    expect(res.status).toBe(403);
    const got = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${c.id}`);
    expect(got.body.data.sshHostKeyFingerprint).toBeNull();
  });
});
