// SHA-256 of an upload's bytes as hex: WebCrypto where the browser offers it,
// @noble/hashes (sha256.ts) elsewhere (plain http on a LAN address hides crypto.subtle).
function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    const { sha256 } = await import("./sha256");
    return toHex(sha256(bytes));
  }
  return toHex(new Uint8Array(await subtle.digest("SHA-256", bytes as BufferSource)));
}
