// SHA-256 and HMAC-SHA256 from @noble/hashes for the rare browser without WebCrypto (plain http on
// a LAN address hides `crypto.subtle`); signing.ts and file-digest.ts load this module only there.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

export { sha256 };

export const hmacSha256Fallback = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  hmac(sha256, key, message);
