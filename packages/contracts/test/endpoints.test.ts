// The endpoint definitions that both sides use: each one is unique, and the money-moving ones
// declare their Idempotency-Key so that the server's route wrapper, not each handler, reads it.
import { describe, expect, it } from "vitest";
import { endpoints } from "../src/endpoints";
import type { Endpoint } from "../src/endpoints/define";

const all = Object.entries(endpoints).flatMap(([domain, defs]) =>
  Object.entries(defs as Record<string, Endpoint>).map(([name, def]) => ({ id: `${domain}.${name}`, def })),
);

describe("endpoint definitions", () => {
  it("define each method and path once", () => {
    const seen = new Map<string, string>();
    for (const { id, def } of all) {
      const key = `${def.method} ${def.path}`;
      expect(seen.get(key), `${key} is defined by ${seen.get(key)} and ${id}`).toBeUndefined();
      seen.set(key, id);
    }
    expect(all.length).toBeGreaterThan(150);
  });

  it("declare the Idempotency-Key exactly where the summary promises it", () => {
    const promised = all.filter(({ def }) => /Idempotency-Key/.test(def.summary)).map(({ id }) => id);
    const declared = all
      .filter(({ def }) => def.access === "user" && def.idempotency !== undefined)
      .map(({ id }) => id);
    expect(declared.sort()).toEqual(promised.sort());
    expect(declared).toContain("finance.startTopUp");
  });
});
