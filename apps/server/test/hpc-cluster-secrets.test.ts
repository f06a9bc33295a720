// A cluster's secrets at rest (decision 0013): the JWT signing key and the SSH service key are
// stored sealed, never as typed, and never answered; the cluster still works with them (its health
// is read with tokens signed from the opened key); values stored before sealing are sealed at the
// next start; a start with another SECRETS_KEY stops with a message naming it and changes nothing.
// The cluster is a stand-in slurmrestd that accepts only tokens signed with the registered key.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { HpcCluster } from "@skyledger/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { hpcClusters } from "../src/modules/hpc/hpc.schema";
import { isSealed, SecretsKeyError } from "../src/platform/secrets";
import { generateServiceKey } from "../src/providers/hpc/ssh-login";
import { DEMO, signedIn, type TestClient } from "./support/client";
import { unique } from "./support/flows";
import { startTestApp, type TestApp } from "./support/harness";

let t: TestApp;
let operator: TestClient;
let slurm: Server;
let restUrl: string;
/** The cluster's jwt_hs256.key, as the operator pastes it (base64). */
const signingKey = randomBytes(32).toString("base64");
/** The users whose tokens the stand-in accepted, in order. */
const accepted: string[] = [];

/** Whether `token` is an HS256 JWT signed with the cluster's key for `user`. */
function validToken(token: string, user: string): boolean {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return false;
  const expected = createHmac("sha256", Buffer.from(signingKey, "base64"))
    .update(`${header}.${payload}`)
    .digest("base64url");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sun?: string };
  return expected === signature && claims.sun === user;
}

const ANSWERS: Record<string, unknown> = {
  "/slurm/v0.0.38/ping": { pings: [{ ping: "UP" }] },
  "/slurmdb/v0.0.38/diag": { statistics: {} },
  "/slurm/v0.0.38/partitions": { partitions: [{ name: "cpu", total_nodes: 1, total_cpus: 8, state: "UP" }] },
  "/slurm/v0.0.38/nodes": { nodes: [{ name: "n1", cpus: 8 }] },
  "/slurm/v0.0.38/jobs": { jobs: [] },
};

const register = (body: Record<string, unknown>) =>
  operator.request<HpcCluster>("/api/ops/hpc/clusters", { method: "POST", body });

const storedRow = async (id: string) => {
  const [row] = await t.database.db.select().from(hpcClusters).where(eq(hpcClusters.id, id));
  return row!;
};

/** Starts another server on this file's database, as a restart would (`config` changed as given). */
async function restart(config = t.config) {
  const app = await buildApp({ database: t.database, clock: t.clock, config, logger: false });
  await app.close();
}

/** A cluster row as it was stored before sealing existed: everything in plaintext. */
async function legacyCluster(id: string, secret: string, privateKey: string) {
  const now = t.clock.now();
  await t.database.db.insert(hpcClusters).values({
    id,
    name: `Legacy ${unique()}`,
    backend: "slurm",
    restUrl,
    secretKind: "signingKey",
    secret,
    adminUser: "slurm",
    parentAccount: "skyledger",
    clusterName: "legacy",
    sshPrivateKey: privateKey,
    sshPublicKey: null,
    createdAt: now,
    updatedAt: now,
  });
}

beforeAll(async () => {
  slurm = createServer((req, res) => {
    const user = String(req.headers["x-slurm-user-name"] ?? "");
    const token = String(req.headers["x-slurm-user-token"] ?? "");
    const path = (req.url ?? "").split("?")[0]!;
    if (!validToken(token, user)) {
      res.writeHead(401).end();
      return;
    }
    accepted.push(user);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ANSWERS[path] ?? {}));
  });
  await new Promise<void>((resolve) => slurm.listen(0, "127.0.0.1", resolve));
  restUrl = `http://127.0.0.1:${(slurm.address() as AddressInfo).port}`;
  t = await startTestApp();
  operator = await signedIn(t.app, t.clock, DEMO.admin);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => slurm.close(resolve));
});

describe("a registered cluster's secrets", () => {
  let id: string;

  it("are stored sealed, open to what was registered, and are never answered", async () => {
    const res = await register({
      name: `Sealed ${unique()}`,
      backend: "slurm",
      restUrl,
      secretKind: "signingKey",
      secret: signingKey,
      adminUser: "slurm",
      parentAccount: "skyledger",
      clusterName: "linux",
      loginHost: "login.example:22",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The health check before saving signed its tokens with the key as typed.
    expect(res.body.data.health).toMatchObject({ controller: true, accounting: true, error: null });
    expect(accepted).toContain("slurm");
    id = res.body.data.id;

    const row = await storedRow(id);
    expect(isSealed(row.secret)).toBe(true);
    expect(row.secret).not.toContain(signingKey);
    expect(t.secrets.open(row.secret)).toBe(signingKey);
    expect(isSealed(row.sshPrivateKey!)).toBe(true);
    expect(row.sshPrivateKey).not.toContain("PRIVATE KEY");
    expect(t.secrets.open(row.sshPrivateKey!)).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----/);
    expect(JSON.stringify(res.body)).not.toContain(signingKey);
    expect(JSON.stringify(res.body)).not.toContain("PRIVATE KEY");
  });

  it("still work once stored: the health is read with tokens signed from the opened key", async () => {
    accepted.length = 0;
    const res = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${id}`);
    expect(res.body.data.health).toMatchObject({ controller: true, accounting: true, error: null });
    expect(res.body.data.health.partitions.map((p) => p.name)).toEqual(["cpu"]);
    expect(accepted.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toContain(signingKey);
  });

  it("keep working across a restart with the same key, sealed as they were", async () => {
    const before = await storedRow(id);
    await restart();
    const after = await storedRow(id);
    expect(after.secret).toBe(before.secret);
    expect(after.sshPrivateKey).toBe(before.sshPrivateKey);
    const res = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${id}`);
    expect(res.body.data.health.error).toBeNull();
  });
});

describe("secrets stored before sealing", () => {
  it("are sealed at the next start, and the cluster works with them", async () => {
    const legacyId = `legacy-${unique()}`;
    const privateKey = generateServiceKey("legacy").privateKey;
    await legacyCluster(legacyId, signingKey, privateKey);
    // A plaintext key is refused where a connection is made, never used as typed.
    const unsealed = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${legacyId}`);
    expect(unsealed.body.data.health.error).toMatch(/does not open/);

    await restart();
    const row = await storedRow(legacyId);
    expect(isSealed(row.secret)).toBe(true);
    expect(t.secrets.open(row.secret)).toBe(signingKey);
    expect(t.secrets.open(row.sshPrivateKey!)).toBe(privateKey);
    const res = await operator.request<HpcCluster>(`/api/ops/hpc/clusters/${legacyId}`);
    expect(res.body.data.health).toMatchObject({ controller: true, error: null });
  });

  it("stop a start with another SECRETS_KEY, naming it, and nothing is changed", async () => {
    const legacyId = `legacy-${unique()}`;
    await legacyCluster(legacyId, "plain-token", generateServiceKey("legacy").privateKey);
    const sealedBefore = (await t.database.db.select().from(hpcClusters)).filter((r) => isSealed(r.secret));
    expect(sealedBefore.length).toBeGreaterThan(0);

    const other = { ...t.config, secretsKey: randomBytes(32) };
    const failed = restart(other);
    await expect(failed).rejects.toBeInstanceOf(SecretsKeyError);
    await expect(failed).rejects.toThrow(/SECRETS_KEY/);
    // One transaction: the plaintext row was not sealed with the wrong key, the others are as they were.
    expect((await storedRow(legacyId)).secret).toBe("plain-token");
    for (const row of sealedBefore) expect((await storedRow(row.id)).secret).toBe(row.secret);
  });
});
