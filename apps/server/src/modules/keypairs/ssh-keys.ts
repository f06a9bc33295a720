// The OpenSSH public key format (RFC 4253 §6.6, RFC 5656, RFC 8709): building the `ssh-rsa` blob of
// a generated key, checking an imported line, and the `SHA256:` fingerprint `ssh-keygen -l` prints.
import { createHash, generateKeyPairSync } from "node:crypto";
import { KEY_PAIR_TYPES, type KeyPairType } from "@skyledger/contracts";
import { DomainError } from "../../platform/http/errors";

const RSA_BITS = 3072;

function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An unsigned big-endian integer as an SSH mpint: no leading zeros, a zero byte if the top bit is set. */
function mpint(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length && unsigned[start] === 0) start++;
  const digits = unsigned.subarray(start);
  return sshString(digits.length > 0 && digits[0]! & 0x80 ? Buffer.concat([Buffer.of(0), digits]) : digits);
}

export function fingerprintOf(blob: Buffer): string {
  return `SHA256:${createHash("sha256").update(blob).digest("base64").replace(/=+$/, "")}`;
}

export type ParsedPublicKey = { keyType: KeyPairType; blob: Buffer; line: string };

/** A new RSA key: its PKCS#1 PEM private key (which OpenSSH reads) and its public line. */
export function generateRsaKeyPair(): { privateKey: string; publicKey: ParsedPublicKey } {
  const pair = generateKeyPairSync("rsa", { modulusLength: RSA_BITS, publicExponent: 0x10001 });
  const jwk = pair.publicKey.export({ format: "jwk" });
  const blob = Buffer.concat([
    sshString(Buffer.from("ssh-rsa")),
    mpint(Buffer.from(jwk.e!, "base64url")),
    mpint(Buffer.from(jwk.n!, "base64url")),
  ]);
  return {
    privateKey: pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    publicKey: { keyType: "ssh-rsa", blob, line: `ssh-rsa ${blob.toString("base64")}` },
  };
}

/** Reads the length-prefixed fields of a blob; any overrun is an invalid key. */
class BlobReader {
  private offset = 0;
  constructor(private readonly blob: Buffer) {}
  field(): Buffer {
    if (this.offset + 4 > this.blob.length) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
    const length = this.blob.readUInt32BE(this.offset);
    const start = this.offset + 4;
    if (start + length > this.blob.length) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
    this.offset = start + length;
    return this.blob.subarray(start, start + length);
  }
  get done(): boolean {
    return this.offset === this.blob.length;
  }
}

function checkKeyBody(keyType: KeyPairType, reader: BlobReader): void {
  const valid = (() => {
    if (keyType === "ssh-rsa") {
      const e = reader.field();
      const n = reader.field();
      return e.length > 0 && n.length >= 128 && (n[0]! & 0x80) === 0;
    }
    if (keyType === "ssh-ed25519") return reader.field().length === 32;
    const curve = reader.field().toString("latin1");
    const point = reader.field();
    return curve === "nistp256" && point.length === 65 && point[0] === 0x04;
  })();
  if (!valid || !reader.done) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
}

/**
 * One OpenSSH public key line: a known type, a base64 blob that parses as that type's key and
 * names that same type inside. The comment is dropped: the key pair's name replaces it.
 */
export function parsePublicKeyLine(text: string): ParsedPublicKey {
  const trimmed = text.trim();
  const [declared, encoded] = trimmed.split(/\s+/);
  if (!declared || !encoded || /[\r\n]/.test(trimmed)) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
  if (!(KEY_PAIR_TYPES as readonly string[]).includes(declared))
    throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
  const keyType = declared as KeyPairType;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
  const blob = Buffer.from(encoded, "base64");
  // Node ignores what it cannot decode; a blob that does not re-encode to the same text was not base64.
  if (blob.toString("base64").replace(/=+$/, "") !== encoded.replace(/=+$/, "")) {
    throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
  }
  const reader = new BlobReader(blob);
  const embedded = reader.field().toString("latin1");
  if (embedded !== keyType) {
    const printable = /^[a-z0-9@.-]{1,64}$/.test(embedded);
    if (!printable) throw new DomainError("KEY_PAIR_PUBLIC_KEY_INVALID");
    throw new DomainError("KEY_PAIR_TYPE_MISMATCH", { actual: embedded, declared: keyType });
  }
  checkKeyBody(keyType, reader);
  return { keyType, blob, line: `${keyType} ${blob.toString("base64")}` };
}
