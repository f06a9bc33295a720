// SSH key pairs (CB0117): a created pair answers its private key once and keeps the matching public
// key; imports accept the three OpenSSH types and refuse garbage or a mismatched type with the
// message; fingerprints equal `ssh-keygen -l`'s; names follow the resource-name rule and are unique
// per organisation; another tenant sees nothing; a user without CB0117 is refused.
import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import {
  ERRORS,
  errorText,
  type KeyPairCreated,
  type KeyPairDetail,
  type KeyPairRecord,
  type Page,
} from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyPairs } from "../src/modules/keypairs/keypairs.schema";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { registerTenant, unique, uniquePhone } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";
import { auditRows } from "./support/iam";

let t: TestApp;
let tenant: TestClient;
let other: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  tenant = await signedIn(t.app, t.clock, DEMO.tenant);
  const operator = await signedIn(t.app, t.clock, DEMO.admin);
  other = await signedIn(t.app, t.clock, await registerTenant(t, operator));
});
afterAll(() => t.close());

// SSH wire-format fields, written independently of the server's encoder.
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}
const expectedFingerprint = (blob: Buffer) =>
  `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;

/** A fresh ed25519 public key as an OpenSSH line: the last 32 bytes of its SPKI DER are the key. */
function ed25519Line(comment = "me@laptop"): { line: string; blob: Buffer } {
  const der = generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "der" });
  const blob = Buffer.concat([
    sshString(Buffer.from("ssh-ed25519")),
    sshString(der.subarray(der.length - 32)),
  ]);
  return { line: `ssh-ed25519 ${blob.toString("base64")} ${comment}`, blob };
}

/** The `ssh-rsa` blob of an RSA public key, from its JWK: e and n as mpints. */
function rsaBlob(publicKeyPem: string): Buffer {
  const jwk = createPublicKey(publicKeyPem).export({ format: "jwk" });
  const mp = (b64: string) => {
    const bytes = Buffer.from(b64, "base64url");
    return sshString(bytes[0]! & 0x80 ? Buffer.concat([Buffer.of(0), bytes]) : bytes);
  };
  return Buffer.concat([sshString(Buffer.from("ssh-rsa")), mp(jwk.e!), mp(jwk.n!)]);
}

async function create(client: TestClient, name: string, projectId: string | null = null) {
  return client.request<KeyPairCreated>("/api/res/keypairs", { method: "POST", body: { name, projectId } });
}

async function importKey(client: TestClient, name: string, publicKey: string) {
  return client.request<KeyPairDetail>("/api/res/keypairs/import", {
    method: "POST",
    body: { name, publicKey },
  });
}

describe("creating a key pair", () => {
  it("answers a PKCS#1 private key whose public half is the stored public key, once", async () => {
    const name = `kp-${unique()}`;
    const res = await create(tenant, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.data;
    expect(created.privateKey).toMatch(
      /^-----BEGIN RSA PRIVATE KEY-----\n[\s\S]+\n-----END RSA PRIVATE KEY-----\n?$/,
    );
    expect(created.keyType).toBe("ssh-rsa");

    const derived = createPublicKey(created.privateKey);
    expect(derived.asymmetricKeyDetails?.modulusLength).toBe(3072);
    const blob = rsaBlob(derived.export({ type: "spki", format: "pem" }).toString());
    expect(created.publicKey).toBe(`ssh-rsa ${blob.toString("base64")}`);
    expect(created.fingerprint).toBe(expectedFingerprint(blob));

    const [stored] = await t.database.db.select().from(keyPairs).where(eq(keyPairs.id, created.id));
    expect(stored?.publicKey).toBe(created.publicKey);
    expect(JSON.stringify(stored)).not.toContain("PRIVATE");

    const detail = await tenant.request<KeyPairDetail>(`/api/res/keypairs/${created.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      name,
      publicKey: created.publicKey,
      fingerprint: created.fingerprint,
    });
    expect(detail.body.data).not.toHaveProperty("privateKey");
    expect(await auditRows(t, "keypair.created", created.id)).toHaveLength(1);
  });

  it("belongs to a project of the caller's organisation, never another's", async () => {
    const project = await tenant.request<{ projectId: string; name: string }>("/api/res/projects", {
      method: "POST",
      body: { name: `Keys${unique()}`, description: "", contact: "Alice", phone: uniquePhone() },
    });
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    const ok = await create(tenant, `p-${unique()}`, project.body.data.projectId);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({
      projectId: project.body.data.projectId,
      projectName: project.body.data.name,
    });

    const refused = await create(other, `p-${unique()}`, project.body.data.projectId);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(ERRORS.KEY_PAIR_PROJECT_INVALID.code);
  });
});

describe("importing a public key", () => {
  it("accepts an ed25519 line and computes the fingerprint", async () => {
    const { line, blob } = ed25519Line();
    const name = `ed-${unique()}`;
    const res = await importKey(tenant, name, line);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name,
      keyType: "ssh-ed25519",
      publicKey: `ssh-ed25519 ${blob.toString("base64")}`,
      fingerprint: expectedFingerprint(blob),
    });
    expect(res.body.data).not.toHaveProperty("privateKey");
    expect(await auditRows(t, "keypair.imported", res.body.data.id)).toHaveLength(1);
  });

  it("accepts an ecdsa-sha2-nistp256 line", async () => {
    const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ format: "jwk" });
    const point = Buffer.concat([
      Buffer.of(4),
      Buffer.from(jwk.x!, "base64url"),
      Buffer.from(jwk.y!, "base64url"),
    ]);
    const blob = Buffer.concat([
      sshString(Buffer.from("ecdsa-sha2-nistp256")),
      sshString(Buffer.from("nistp256")),
      sshString(point),
    ]);
    const res = await importKey(tenant, `ec-${unique()}`, `ecdsa-sha2-nistp256 ${blob.toString("base64")}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fingerprint).toBe(expectedFingerprint(blob));
  });

  it("refuses a line whose blob names another type, with the message", async () => {
    const { blob } = ed25519Line();
    const res = await importKey(tenant, `mm-${unique()}`, `ssh-rsa ${blob.toString("base64")}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ERRORS.KEY_PAIR_TYPE_MISMATCH.code);
    expect(res.body.message).toBe(
      errorText("KEY_PAIR_TYPE_MISMATCH", "en-US", { actual: "ssh-ed25519", declared: "ssh-rsa" }),
    );
  });

  it("refuses garbage, unknown types and truncated blobs, with the message", async () => {
    const { blob } = ed25519Line();
    const bad = [
      "hello world",
      "ssh-ed25519 not*base64",
      `ssh-dss ${blob.toString("base64")}`,
      `ssh-ed25519 ${blob.subarray(0, blob.length - 3).toString("base64")}`,
      `ssh-ed25519 ${Buffer.concat([blob, Buffer.of(0)]).toString("base64")}`,
      `ssh-ed25519 ${blob.toString("base64")}\nssh-ed25519 ${blob.toString("base64")}`,
    ];
    const before = (await tenant.request<Page<KeyPairRecord>>("/api/res/keypairs")).body.data.total;
    for (const line of bad) {
      const res = await importKey(tenant, `g-${unique()}`, line);
      expect(res.status, line).toBe(400);
      expect(res.body.code, line).toBe(ERRORS.KEY_PAIR_PUBLIC_KEY_INVALID.code);
      expect(res.body.message).toBe(errorText("KEY_PAIR_PUBLIC_KEY_INVALID", "en-US"));
    }
    expect((await tenant.request<Page<KeyPairRecord>>("/api/res/keypairs")).body.data.total).toBe(before);
  });
});

describe("names", () => {
  it("follow the resource-name rule", async () => {
    for (const name of ["ends-with-hyphen-", "a".repeat(25), "has space", "under_score", ""]) {
      const res = await create(tenant, name);
      expect(res.status, name).toBe(400);
    }
    for (const name of ["密钥-1", "a".repeat(24)]) {
      const res = await importKey(tenant, name, ed25519Line().line);
      expect(res.status, `${name} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("are unique per organisation, whatever the case, but free across organisations", async () => {
    const name = `dup-${unique()}`;
    expect((await create(tenant, name)).status).toBe(200);
    const again = await importKey(tenant, name.toUpperCase(), ed25519Line().line);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(ERRORS.NAME_EXISTS.code);
    expect((await importKey(other, name, ed25519Line().line)).status).toBe(200);
  });
});

describe("the list and deletion", () => {
  it("pages the organisation's pairs and filters by name", async () => {
    const name = `list-${unique()}`;
    await importKey(tenant, name, ed25519Line().line);
    const res = await tenant.request<Page<KeyPairRecord>>("/api/res/keypairs", {
      query: { pageNum: "1", pageSize: "2", keyword: name },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 2 });
    expect(res.body.data.list[0]).toMatchObject({ name, keyType: "ssh-ed25519" });
    expect(res.body.data.list[0]).not.toHaveProperty("publicKey");
  });

  it("deletes a pair, audited", async () => {
    const made = (await importKey(tenant, `del-${unique()}`, ed25519Line().line)).body.data;
    const res = await tenant.request(`/api/res/keypairs/${made.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await tenant.request(`/api/res/keypairs/${made.id}`)).status).toBe(404);
    expect(await auditRows(t, "keypair.deleted", made.id)).toHaveLength(1);
  });
});

describe("another tenant", () => {
  it("gets 404 on the detail and the deletion, and lists none of the first tenant's pairs", async () => {
    const fresh = await registerTenant(t, await signedIn(t.app, t.clock, DEMO.admin));
    const stranger = await signedIn(t.app, t.clock, fresh);
    const made = (await create(tenant, `mine-${unique()}`)).body.data;
    expect((await stranger.request(`/api/res/keypairs/${made.id}`)).status).toBe(404);
    expect((await stranger.request(`/api/res/keypairs/${made.id}`, { method: "DELETE" })).status).toBe(404);
    const list = await stranger.request<Page<KeyPairRecord>>("/api/res/keypairs");
    expect(list.body.data).toMatchObject({ total: 0, list: [] });
    expect((await tenant.request(`/api/res/keypairs/${made.id}`)).status).toBe(200);
  });
});

describe("permissions", () => {
  it("refuse a user without CB0117 with 403 and leave nothing behind", async () => {
    const reader = await signedIn(t.app, t.clock, DEMO.reader);
    const name = `rd-${unique()}`;
    expect((await reader.request("/api/res/keypairs")).status).toBe(403);
    expect((await create(reader, name)).status).toBe(403);
    expect((await importKey(reader, name, ed25519Line().line)).status).toBe(403);
    const made = (await create(tenant, `x-${unique()}`)).body.data;
    expect((await reader.request(`/api/res/keypairs/${made.id}`)).status).toBe(403);
    expect((await reader.request(`/api/res/keypairs/${made.id}`, { method: "DELETE" })).status).toBe(403);
    const rows = await t.database.db.select().from(keyPairs).where(eq(keyPairs.name, name));
    expect(rows).toHaveLength(0);
  });

  it("refuse a platform operator, who has no organisation", async () => {
    const operator = await signedIn(t.app, t.clock, DEMO.admin);
    expect((await operator.request("/api/res/keypairs")).status).toBe(403);
  });
});
