import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkStorageScaling,
  checkStorageSize,
  DEFAULT_STORAGE_LIMITS,
  nextFreeSlot,
  type StorageLimits,
  type StorageScaling,
} from "../src/index";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = new Date(Date.UTC(2026, 10, 20, 4, 0));
const ago = (ms: number) => new Date(now.getTime() - ms);
const share: StorageLimits = { ...DEFAULT_STORAGE_LIMITS, stepGb: 10, shrinkable: true };
const scaling = (over: Partial<StorageScaling>): StorageScaling => ({
  currentGb: 100,
  requestedGb: 150,
  usedGb: null,
  earlier: [],
  now,
  limits: DEFAULT_STORAGE_LIMITS,
  ...over,
});
const refusal = (s: Partial<StorageScaling>) => {
  const v = checkStorageScaling(scaling(s));
  return v.ok ? null : v.refusal;
};

describe("worked examples (docs/billing/rules.md §11)", () => {
  it("admits a first expansion of a 100 GB disk to 150 GB", () => {
    expect(checkStorageScaling(scaling({}))).toEqual({ ok: true });
  });

  it("refuses sizes outside 50–500 GB, fractions, non-numbers and off-step sizes", () => {
    const range = { reason: "sizeOutOfRange", min: 50, max: 500, step: 1 };
    expect(refusal({ requestedGb: 501 })).toEqual(range);
    expect(refusal({ requestedGb: 49, currentGb: 60 })).toEqual(range);
    expect(refusal({ requestedGb: 120.5 })).toEqual(range);
    expect(refusal({ requestedGb: "150" })).toEqual(range);
    expect(refusal({ requestedGb: 155, limits: share })).toEqual({ ...range, step: 10 });
    expect(checkStorageSize(0, DEFAULT_STORAGE_LIMITS).ok).toBe(false);
    expect(checkStorageSize(-50, DEFAULT_STORAGE_LIMITS).ok).toBe(false);
    expect(checkStorageSize(50, DEFAULT_STORAGE_LIMITS).ok).toBe(true);
    expect(checkStorageSize(500, share).ok).toBe(true);
  });

  it("refuses the same size", () => {
    expect(refusal({ requestedGb: 100 })).toEqual({ reason: "unchanged" });
  });

  it("refuses a size at or below what is in use, before the no-shrink rule", () => {
    expect(refusal({ usedGb: 150 })).toEqual({ reason: "belowUsed", used: 150 });
    expect(refusal({ requestedGb: 80, usedGb: 90 })).toEqual({ reason: "belowUsed", used: 90 });
    expect(refusal({ requestedGb: 80, usedGb: 90, limits: share })).toEqual({
      reason: "belowUsed",
      used: 90,
    });
  });

  it("refuses to shrink a disk but lets a share shrink above its used capacity", () => {
    expect(refusal({ requestedGb: 80 })).toEqual({ reason: "notLarger", current: 100 });
    expect(refusal({ requestedGb: 80, usedGb: 70, limits: share })).toBeNull();
  });

  it("refuses a step over the maximum, either way", () => {
    expect(refusal({ requestedGb: 301 })).toEqual({ reason: "stepTooLarge", max: 200 });
    expect(refusal({ requestedGb: 300 })).toBeNull();
    expect(refusal({ currentGb: 500, requestedGb: 250, limits: share })).toEqual({
      reason: "stepTooLarge",
      max: 200,
    });
  });

  it("refuses a second scaling within 24 hours, naming when the next is free", () => {
    expect(refusal({ earlier: [ago(10 * HOUR)] })).toEqual({
      reason: "dailyLimit",
      limit: 1,
      next: new Date(now.getTime() + 14 * HOUR),
    });
    expect(refusal({ earlier: [ago(DAY)] })).toBeNull();
  });

  it("refuses a fourth scaling within 7 days, naming when the oldest ages out", () => {
    expect(refusal({ earlier: [ago(6 * DAY), ago(4 * DAY), ago(2 * DAY)] })).toEqual({
      reason: "weeklyLimit",
      limit: 3,
      next: new Date(now.getTime() + DAY),
    });
    expect(refusal({ earlier: [ago(7 * DAY), ago(4 * DAY), ago(2 * DAY)] })).toBeNull();
  });

  it("takes its limits from the caller", () => {
    const loose = { ...DEFAULT_STORAGE_LIMITS, perDay: 2, perWeek: 5, maxStepGb: 400 };
    expect(refusal({ requestedGb: 450, earlier: [ago(HOUR)], limits: loose })).toBeNull();
    expect(refusal({ earlier: [ago(HOUR), ago(2 * HOUR)], limits: loose })?.reason).toBe("dailyLimit");
  });
});

describe("properties", () => {
  const limitsArb = fc.record({
    minGb: fc.constant(50),
    maxGb: fc.constant(500),
    stepGb: fc.constantFrom(1, 10),
    maxStepGb: fc.integer({ min: 1, max: 450 }),
    perDay: fc.integer({ min: 1, max: 3 }),
    perWeek: fc.integer({ min: 1, max: 7 }),
    shrinkable: fc.boolean(),
  });
  const earlierArb = fc
    .array(fc.integer({ min: 1, max: 8 * 24 * 60 }), { maxLength: 8 })
    .map((mins) => mins.map((m) => ago(m * 60_000)));
  const input = fc.record({
    currentGb: fc.integer({ min: 50, max: 500 }),
    requestedGb: fc.integer({ min: 0, max: 700 }),
    usedGb: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    earlier: earlierArb,
    now: fc.constant(now),
    limits: limitsArb,
  });

  it("an admitted change respects every rule", () => {
    fc.assert(
      fc.property(input, (s) => {
        if (!checkStorageScaling(s).ok) return;
        const r = s.requestedGb as number;
        expect(r).toBeGreaterThanOrEqual(50);
        expect(r).toBeLessThanOrEqual(500);
        expect(r % s.limits.stepGb).toBe(0);
        expect(r).not.toBe(s.currentGb);
        if (s.usedGb !== null) expect(r).toBeGreaterThan(s.usedGb);
        if (!s.limits.shrinkable) expect(r).toBeGreaterThan(s.currentGb);
        expect(Math.abs(r - s.currentGb)).toBeLessThanOrEqual(s.limits.maxStepGb);
        const within = (ms: number) => s.earlier.filter((at) => now.getTime() - at.getTime() < ms).length;
        expect(within(DAY)).toBeLessThan(s.limits.perDay);
        expect(within(7 * DAY)).toBeLessThan(s.limits.perWeek);
      }),
    );
  });

  it("a window refusal names a later moment at which the window has room", () => {
    fc.assert(
      fc.property(earlierArb, fc.integer({ min: 1, max: 5 }), (earlier, limit) => {
        const next = nextFreeSlot(earlier, limit, 7 * DAY, now);
        if (next === null) return;
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(nextFreeSlot(earlier, limit, 7 * DAY, next)).toBeNull();
        const justBefore = new Date(next.getTime() - 1);
        expect(nextFreeSlot(earlier, limit, 7 * DAY, justBefore)).not.toBeNull();
      }),
    );
  });

  it("the verdict does not depend on the order the earlier scalings are given in", () => {
    fc.assert(
      fc.property(input, (s) => {
        const reversed = { ...s, earlier: [...s.earlier].reverse() };
        expect(checkStorageScaling(reversed)).toEqual(checkStorageScaling(s));
      }),
    );
  });
});
