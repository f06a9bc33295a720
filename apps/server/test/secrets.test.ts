// Secrets sealed at rest (platform/secrets.ts, decision 0013): AES-256-GCM in a versioned text, a
// changed byte or another key refused rather than opened as something else, and the key taken from
// SECRETS_KEY or made once in DATA_DIR (mode 0600) and reused.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/platform/config";
import {
  createSecrets,
  isSealed,
  loadSecretsKey,
  SECRETS_KEY_FILE,
  SealedSecretError,
  SecretsKeyError,
} from "../src/platform/secrets";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "skyledger-secrets-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PEM =
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n";

/** `sealed` with one base64 part (1 iv, 2 tag, 3 ciphertext) changed in its first byte. */
function tampered(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split(":");
  const bytes = Buffer.from(parts[part]!, "base64");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString("base64");
  return parts.join(":");
}

describe("sealing", () => {
  const secrets = createSecrets(randomBytes(32));

  it("signs per purpose: the MAC checks for its own text and purpose only, and not under another key", () => {
    const mac = secrets.sign("obs.share", "bucket|key|123");
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.verify("obs.share", "bucket|key|123", mac)).toBe(true);
    expect(secrets.verify("obs.share", "bucket|key|124", mac)).toBe(false);
    expect(secrets.verify("other", "bucket|key|123", mac)).toBe(false);
    expect(secrets.verify("obs.share", "bucket|key|123", mac.slice(1))).toBe(false);
    expect(createSecrets(randomBytes(32)).verify("obs.share", "bucket|key|123", mac)).toBe(false);
  });

  it("opens what it sealed, and the sealed text shows nothing of it", () => {
    for (const plain of ["", "s3cr3t", "密钥 with ünïcode", PEM, "x".repeat(10_000)]) {
      const sealed = secrets.seal(plain);
      expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/=]*$/);
      if (plain) expect(sealed).not.toContain(plain.slice(0, 8));
      expect(isSealed(sealed)).toBe(true);
      expect(secrets.open(sealed)).toBe(plain);
    }
  });

  it("seals one text differently each time (a fresh IV), both opening to it", () => {
    const a = secrets.seal("same");
    const b = secrets.seal("same");
    expect(a).not.toBe(b);
    expect([secrets.open(a), secrets.open(b)]).toEqual(["same", "same"]);
  });

  it("refuses a changed ciphertext, tag or IV, and another version's label", () => {
    const sealed = secrets.seal("signing key");
    for (const part of [1, 2, 3] as const) {
      expect(() => secrets.open(tampered(sealed, part))).toThrow(SealedSecretError);
    }
    expect(() => secrets.open(sealed.replace(/^v1:/, "v2:"))).toThrow(SealedSecretError);
    expect(() => secrets.open(`${sealed}AAAA`)).toThrow(SealedSecretError);
  });

  it("refuses what another key sealed, and plaintext", () => {
    const other = createSecrets(randomBytes(32));
    expect(() => other.open(secrets.seal("signing key"))).toThrow(SealedSecretError);
    expect(() => secrets.open("signing key")).toThrow(SealedSecretError);
  });

  it("tells values stored before sealing from sealed ones", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.e30.x";
    for (const plain of ["", jwt, randomBytes(32).toString("base64"), PEM, "v1:abc:def:ghi"]) {
      expect(isSealed(plain)).toBe(false);
    }
  });

  it("takes only a 32-byte key", () => {
    expect(() => createSecrets(randomBytes(16))).toThrow(SecretsKeyError);
  });
});

describe("the installation's key", () => {
  it("is SECRETS_KEY when set, and then no key file is made", () => {
    const dir = tempDir();
    const key = randomBytes(32);
    const config = loadConfig({ SECRETS_KEY: key.toString("base64"), DATA_DIR: dir });
    expect(config.secretsKey?.equals(key)).toBe(true);
    expect(loadSecretsKey(config).equals(key)).toBe(true);
    expect(() => statSync(path.join(dir, SECRETS_KEY_FILE))).toThrow();
  });

  it("is otherwise made once in DATA_DIR, readable by its owner only, and reused", () => {
    const dir = path.join(tempDir(), "not-yet-made");
    const first = loadSecretsKey({ secretsKey: undefined, dataDir: dir });
    const file = path.join(dir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toHaveLength(32);
    const again = loadSecretsKey({ secretsKey: undefined, dataDir: dir });
    expect(again.equals(first)).toBe(true);
    // What one start sealed, the next opens.
    expect(createSecrets(again).open(createSecrets(first).seal("kept"))).toBe("kept");
  });

  it("stops the start on a damaged key file, naming SECRETS_KEY", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SECRETS_KEY_FILE), "not a key\n", { mode: 0o600 });
    expect(() => loadSecretsKey({ secretsKey: undefined, dataDir: dir })).toThrow(/SECRETS_KEY/);
  });

  it("stops the server at start-up with one line naming SECRETS_KEY, no stack trace", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, SECRETS_KEY_FILE), "damaged\n", { mode: 0o600 });
    const run = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: "0",
        SEED_DEMO: "false",
        DATABASE_URL: "",
        SECRETS_KEY: "",
      },
      encoding: "utf8",
      // A fresh tsx start of the server, on two cores the CI run shares with everything else.
      timeout: 180_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Skyledger failed to start: .*secrets\.key does not hold a key.*SECRETS_KEY/m,
    );
    expect(run.stderr).not.toContain("    at ");
  }, 240_000);

  it("refuses a SECRETS_KEY that is not 32 bytes of base64, without repeating it", () => {
    for (const bad of [
      "too-short",
      randomBytes(16).toString("base64"),
      `${randomBytes(32).toString("hex")}`,
    ]) {
      let error: unknown;
      try {
        loadConfig({ SECRETS_KEY: bad });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SECRETS_KEY: expected 32 bytes in base64/);
      expect(problems[0]).not.toContain(bad);
    }
  });
});
