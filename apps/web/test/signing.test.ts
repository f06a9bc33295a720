import { createHash, createHmac } from "node:crypto";
import { canonicalString } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
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
