// HMAC-SHA256 request signatures over the shared canonical form of @skyledger/contracts.
// WebCrypto is preferred; browsers hide `crypto.subtle` outside secure contexts (plain http on a
// LAN address), so @noble/hashes (sha256.ts) keeps signed calls working there too.
import { canonicalString, type SigningInput } from "@skyledger/contracts";

const encoder = new TextEncoder();

function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    const { hmacSha256Fallback } = await import("./sha256");
    return toHex(hmacSha256Fallback(encoder.encode(secret), encoder.encode(message)));
  }
  const key = await subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await subtle.sign("HMAC", key, encoder.encode(message));
  return toHex(new Uint8Array(signature));
}

export function signRequest(secret: string, input: SigningInput): Promise<string> {
  return hmacSha256Hex(secret, canonicalString(input));
}
