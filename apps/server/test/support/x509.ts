// A self-signed X.509 certificate for an RSA key pair, DER-encoded by hand (node:crypto parses
// certificates but does not make them). Stands in for a gateway's verification certificate.
import { type KeyObject, sign } from "node:crypto";

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => der(0x31, Buffer.concat(parts));
const integer = (value: number) => der(0x02, Buffer.from([value]));
const nul = () => Buffer.from([0x05, 0x00]);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, "utf8"));
const utcTime = (text: string) => der(0x17, Buffer.from(text, "ascii"));
const bitString = (bytes: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), bytes]));

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const bytes = [a * 40 + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

const SHA256_WITH_RSA = seq(oid("1.2.840.113549.1.1.11"), nul());

export function selfSignedCertificate(
  keys: { publicKey: KeyObject; privateKey: KeyObject },
  cn: string,
): string {
  const name = seq(set(seq(oid("2.5.4.3"), utf8(cn))));
  const tbs = seq(
    der(0xa0, integer(2)),
    integer(1),
    SHA256_WITH_RSA,
    name,
    seq(utcTime("250101000000Z"), utcTime("350101000000Z")),
    name,
    keys.publicKey.export({ type: "spki", format: "der" }),
  );
  const certificate = seq(tbs, SHA256_WITH_RSA, bitString(sign("sha256", tbs, keys.privateKey)));
  const body = certificate
    .toString("base64")
    .match(/.{1,64}/g)!
    .join("\n");
  return `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;
}
