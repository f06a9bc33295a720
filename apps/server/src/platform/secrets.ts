// Secrets kept in the database (a cluster's signing key, its SSH private key, …) are sealed with
// AES-256-GCM under one key of the installation (decision 0013): a copy of the database or a backup
// alone does not give them away, and a changed byte is refused instead of read as another secret.
// The sealed text is versioned, `v1:<iv>:<tag>:<ciphertext>` in base64, so a later format or key
// can be told apart from this one. Any domain may keep its secrets this way.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Where the embedded installation keeps its generated key when SECRETS_KEY is not set. */
export const SECRETS_KEY_FILE = "secrets.key";

const B64 = "[A-Za-z0-9+/]*={0,2}";
const SEALED = new RegExp(`^${VERSION}:(${B64}):(${B64}):(${B64})$`);

/**
 * The installation's key cannot open what the database holds, or cannot be read: start-up stops
 * with this message, which names SECRETS_KEY, instead of serving with secrets it cannot use.
 */
export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretsKeyError";
  }
}

/** A sealed value that does not open under this key (another key, or a changed byte). */
export class SealedSecretError extends Error {
  constructor() {
    super("the sealed secret does not open with this key (another key, or it was changed)");
    this.name = "SealedSecretError";
  }
}

export type Secrets = {
  /** The sealed form of `plain`; a fresh IV each time, so sealing one text twice differs. */
  seal(plain: string): string;
  /** The text `sealed` was made from; throws SealedSecretError when it does not open. */
  open(sealed: string): string;
  /**
   * A MAC of `text` for `purpose` (HMAC-SHA256, hex) under a key derived from the installation's
   * key: links the server hands out (object share links) carry it, and any instance checks it.
   */
  sign(purpose: string, text: string): string;
  /** Whether `mac` is sign(purpose, text), compared in constant time. */
  verify(purpose: string, text: string, mac: string): boolean;
};

/** Whether `text` is in the sealed format (anything else is a value stored before sealing). */
export const isSealed = (text: string): boolean => {
  const m = SEALED.exec(text);
  return (
    m !== null &&
    Buffer.from(m[1]!, "base64").length === IV_BYTES &&
    Buffer.from(m[2]!, "base64").length === TAG_BYTES
  );
};

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== KEY_BYTES) throw new SecretsKeyError(`SECRETS_KEY must be ${KEY_BYTES} bytes`);
  // The version is authenticated too: a v1 text relabelled as another version does not open.
  const aad = Buffer.from(VERSION);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ct].map((b) => b.toString("base64"));
      return `${VERSION}:${parts.join(":")}`;
    },
    open(sealed) {
      const m = SEALED.exec(sealed);
      if (!m || !isSealed(sealed)) throw new SealedSecretError();
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(m[1]!, "base64"));
        decipher.setAAD(aad);
        decipher.setAuthTag(Buffer.from(m[2]!, "base64"));
        return Buffer.concat([decipher.update(Buffer.from(m[3]!, "base64")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new SealedSecretError();
      }
    },
    sign: (purpose, text) => macOf(key, purpose, text),
    verify(purpose, text, mac) {
      const expected = Buffer.from(macOf(key, purpose, text));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

// One derived key per purpose: a MAC made for one kind of link never checks as another's, and the
// sealing key itself is never used as a MAC key.
function macOf(key: Buffer, purpose: string, text: string): string {
  const derived = createHmac("sha256", key).update(`skyledger-mac:${purpose}`).digest();
  return createHmac("sha256", derived).update(text, "utf8").digest("hex");
}

/** SECRETS_KEY's text as the key: base64 of exactly 32 bytes, or undefined. */
export function parseSecretsKey(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  const key = Buffer.from(text, "base64");
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * The installation's key: SECRETS_KEY when set; otherwise the key in DATA_DIR/secrets.key, made
 * once (32 random bytes, mode 0600) and read on every later start. Instances that share a database
 * must share the key, so they set SECRETS_KEY (docs/operations).
 */
export function loadSecretsKey(config: { secretsKey: Buffer | undefined; dataDir: string }): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, SECRETS_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting on one directory, the second reads the first one's key.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const key = parseSecretsKey(readFileSync(file, "utf8").trim());
  if (!key)
    throw new SecretsKeyError(
      `${file} does not hold a key (base64 of 32 bytes): restore it from a backup, or set SECRETS_KEY to the key the database's secrets were sealed with`,
    );
  return key;
}
