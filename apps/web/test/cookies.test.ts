// The anti-forgery cookie is read on every state-changing call: a mangled one must not break them.
import { describe, expect, it } from "vitest";
import { readCookie } from "../src/lib/cookies";

describe("readCookie", () => {
  it("decodes a cookie's value", () => {
    expect(readCookie("XSRF-TOKEN", "a=1; XSRF-TOKEN=ab%2Dcd; b=2")).toBe("ab-cd");
    expect(readCookie("missing", "a=1")).toBeNull();
  });

  it("returns a value that does not decode as it is, instead of throwing", () => {
    expect(readCookie("XSRF-TOKEN", "XSRF-TOKEN=%E0%A4%A")).toBe("%E0%A4%A");
    expect(readCookie("XSRF-TOKEN", "other=%; XSRF-TOKEN=%")).toBe("%");
  });
});
