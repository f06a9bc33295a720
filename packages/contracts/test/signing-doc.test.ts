import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalParams, canonicalString, flattenParams } from "../src/signing";

const doc = readFileSync(new URL("../../../docs/api/signing.md", import.meta.url), "utf8");
const SECRET = "demo-secret-please-rotate";
const hmac = (text: string) => createHmac("sha256", SECRET).update(text, "utf8").digest("hex");

const examples = [
  {
    input: {
      method: "GET",
      path: "/api/ops/outbox",
      query: { pageSize: "20", channel: "sms", pageNum: "1" },
      timestamp: "1795312800000",
      nonce: "3f9c2a1e7b6d4c58",
      requestId: "0b7e4d2c-9a51-4c3e-8f60-2d1a7c9e5b34",
    },
    signature: "42629d6bf4f836f9e03e80c2263a777297c6b0a5c1a8cdb98e0bcb7c23f3b6b0",
  },
  {
    input: {
      method: "PUT",
      path: "/api/configs",
      body: {
        entries: [
          { configKey: "system.name", configValue: "星河云 Skyledger" },
          { configKey: "register.enable", configValue: "false" },
        ],
      },
      timestamp: "1795312805123",
      nonce: "a81f03c9d2e44b7f",
      requestId: "5d2e8c1a-3b4f-4a6d-9e70-1c2b3a4d5e6f",
    },
    signature: "4883fab3876dcefe83337bce6a6ddcb9acb11818da16475c2ba04b3627fc64c8",
  },
];

describe("docs/api/signing.md worked examples", () => {
  for (const [i, ex] of examples.entries()) {
    it(`example ${i + 1}: the page shows exactly the canonical string and signature the code computes`, () => {
      const canonical = canonicalString(ex.input);
      expect(doc).toContain(`\`\`\`text\n${canonical}\n\`\`\``);
      expect(hmac(canonical)).toBe(ex.signature);
      expect(doc).toContain(`Signature: \`${ex.signature}\``);
    });
  }
});

describe("canonical parameters", () => {
  it("flattens nested objects and indexes arrays", () => {
    expect(flattenParams({ a: { b: [1, { c: true }] }, d: null, e: undefined })).toEqual([
      ["a.b[0]", "1"],
      ["a.b[1].c", "true"],
      ["d", ""],
    ]);
  });

  it("sorts query and body parameters together and percent-encodes reserved characters", () => {
    expect(canonicalParams({ z: "1", "a b": "x&y" }, { m: "(ok)*!'" })).toBe(
      "a%20b=x%26y&m=%28ok%29%2A%21%27&z=1",
    );
  });

  it("changes the signature when any parameter changes", () => {
    const base = { method: "POST", path: "/api/x", timestamp: "1", nonce: "nonce-123", requestId: "r" };
    expect(hmac(canonicalString({ ...base, body: { amount: "1.00000" } }))).not.toBe(
      hmac(canonicalString({ ...base, body: { amount: "10.0000" } })),
    );
  });
});
