import { createHash, createHmac } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../src/lib/file-digest";
import { hmacSha256Fallback, sha256 } from "../src/lib/sha256";
import { hmacSha256Hex, signRequest } from "../src/lib/signing";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("request signing", () => {
  it("HMAC-SHA256 of a known input equals node:crypto's", async () => {
    const secret = "s3cr3t-from-login";
    const message = canonicalString({
      method: "put",
      path: "/api/users/password",
      query: { lang: "zh-CN" },
      body: { oldPassword: "Old#1234", newPassword: "新密码#1a", list: [1, { b: true }] },
      timestamp: "1700000000000",
      nonce: "abcdefghijklmnopqrstuvwx",
      requestId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    });
    const expected = createHmac("sha256", secret).update(message).digest("hex");
    await expect(hmacSha256Hex(secret, message)).resolves.toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signRequest signs the contracts' canonical string", async () => {
    const input = {
      method: "GET",
      path: "/api/ops/users",
      query: { keyword: "张三", pageNum: 1 },
      timestamp: "1",
      nonce: "n".repeat(16),
      requestId: "r",
    };
    const expected = createHmac("sha256", "k").update(canonicalString(input)).digest("hex");
    await expect(signRequest("k", input)).resolves.toBe(expected);
  });

  it("the fallback for browsers without WebCrypto gives the same digests", () => {
    const inputs = ["", "abc", "x".repeat(55), "y".repeat(56), "z".repeat(64), "中文与emoji 🙂".repeat(20)];
    for (const input of inputs) {
      expect(hex(sha256(utf8(input)))).toBe(createHash("sha256").update(input).digest("hex"));
    }
    for (const key of ["k", "a".repeat(64), "b".repeat(100)]) {
      expect(hex(hmacSha256Fallback(utf8(key), utf8("message")))).toBe(
        createHmac("sha256", key).update("message").digest("hex"),
      );
    }
  });
});

// Fixed vectors (RFC 4231 test cases 1 and 2, FIPS 180-2 "abc") pin the bytes both paths produce.
const RFC4231 = [
  {
    key: new Uint8Array(20).fill(0x0b),
    message: "Hi There",
    mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
  },
  {
    key: utf8("Jefe"),
    message: "what do ya want for nothing?",
    mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
  },
];
const SHA256_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

describe("without WebCrypto (crypto.subtle hidden outside secure contexts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the @noble/hashes fallback gives the fixed vectors", () => {
    for (const v of RFC4231) expect(hex(hmacSha256Fallback(v.key, utf8(v.message)))).toBe(v.mac);
    expect(hex(sha256(utf8("abc")))).toBe(SHA256_ABC);
  });

  it("signs and digests byte-identically to WebCrypto", async () => {
    const secret = "s3cr3t-from-login";
    const input = {
      method: "POST",
      path: "/api/res/projects",
      query: { lang: "en-US" },
      body: { name: "项目 🙂", amount: "12.50" },
      timestamp: "1700000000000",
      nonce: "abcdefghijklmnopqrstuvwx",
      requestId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    };
    const withSubtle = await signRequest(secret, input);
    const bytes = utf8("abc");
    expect(await sha256Hex(bytes)).toBe(SHA256_ABC);
    vi.stubGlobal("crypto", {});
    expect(globalThis.crypto.subtle).toBeUndefined();
    await expect(signRequest(secret, input)).resolves.toBe(withSubtle);
    await expect(hmacSha256Hex("Jefe", RFC4231[1]!.message)).resolves.toBe(RFC4231[1]!.mac);
    await expect(sha256Hex(bytes)).resolves.toBe(SHA256_ABC);
  });
});
