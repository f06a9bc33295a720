// The plan change dialog's body (features/services/plan-change.ts): null while nothing differs or
// the choice is not one the product sells; a database keeps what is not changed.
import type { SpecSchema } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
import { planChangeSpec } from "../src/features/services/plan-change";

const rds: SpecSchema = {
  kind: "rds",
  engines: ["postgresql"],
  classes: [
    { id: "s2m4", name: "General 2", vcpu: 2, memoryGb: 4 },
    { id: "s4m8", name: "General 4", vcpu: 4, memoryGb: 8 },
  ],
  minGb: 20,
  maxGb: 500,
};
const cache: SpecSchema = { kind: "cache", memoryGb: [1, 2, 4] };
const queue: SpecSchema = {
  kind: "queue",
  plans: [
    { id: "small", name: "Small", maxQueues: 100, maxConnections: 50 },
    { id: "large", name: "Large", maxQueues: 2000, maxConnections: 1000 },
  ],
};

describe("a plan change's spec", () => {
  it("a database: the class, the storage or both, keeping what is unchanged", () => {
    const now = { flavorId: "s2m4", sizeGb: 40 };
    expect(planChangeSpec("rds", rds, now, now)).toBeNull();
    expect(planChangeSpec("rds", rds, now, { flavorId: "s4m8", sizeGb: 40 })).toEqual({
      flavorId: "s4m8",
      sizeGb: 40,
    });
    expect(planChangeSpec("rds", rds, now, { flavorId: "s2m4", sizeGb: 60 })).toEqual({
      flavorId: "s2m4",
      sizeGb: 60,
    });
    expect(planChangeSpec("rds", rds, now, { flavorId: "s8m16", sizeGb: 40 })).toBeNull();
    // The storage field cleared: the current storage stays.
    expect(planChangeSpec("rds", rds, now, { flavorId: "s4m8", sizeGb: null })).toEqual({
      flavorId: "s4m8",
      sizeGb: 40,
    });
  });

  it("a cache instance: another memory plan the product sells", () => {
    expect(planChangeSpec("cache", cache, { memoryGb: 1 }, { memoryGb: 4 })).toEqual({ memoryGb: 4 });
    expect(planChangeSpec("cache", cache, { memoryGb: 1 }, { memoryGb: 1 })).toBeNull();
    expect(planChangeSpec("cache", cache, { memoryGb: 1 }, { memoryGb: 16 })).toBeNull();
  });

  it("a message queue: another plan the product sells", () => {
    expect(planChangeSpec("queue", queue, { flavorId: "small" }, { flavorId: "large" })).toEqual({
      flavorId: "large",
    });
    expect(planChangeSpec("queue", queue, { flavorId: "small" }, { flavorId: "small" })).toBeNull();
    expect(planChangeSpec("queue", queue, { flavorId: "small" }, { flavorId: "medium" })).toBeNull();
  });

  it("nothing while the product is unknown or of another kind", () => {
    expect(planChangeSpec("queue", undefined, { flavorId: "small" }, { flavorId: "large" })).toBeNull();
    expect(planChangeSpec("cache", queue, { memoryGb: 1 }, { memoryGb: 2 })).toBeNull();
  });
});
