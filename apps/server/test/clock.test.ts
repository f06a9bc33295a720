// The moved clock of a sandbox installation (CLOCK_START_AT): it reads the given instant at
// start-up and then keeps pace with the real clock, so that an hour's boundary comes when expected.
import { describe, expect, it } from "vitest";
import { clockStartingAt } from "../src/platform/clock";

describe("a clock starting at a given instant", () => {
  it("reads the instant at start-up and then runs at real speed", () => {
    let real = Date.parse("2026-11-28T03:10:00.000Z");
    const clock = clockStartingAt(new Date("2026-11-28T00:59:30.000Z"), () => real);
    expect(clock.now().toISOString()).toBe("2026-11-28T00:59:30.000Z");
    real += 45_250;
    expect(clock.now().toISOString()).toBe("2026-11-28T01:00:15.250Z");
  });

  it("may start days away from the real clock, across a month's end", () => {
    let real = Date.parse("2026-11-28T03:10:00.000Z");
    const clock = clockStartingAt(new Date("2026-11-30T23:59:59.000Z"), () => real);
    real += 2_000;
    expect(clock.now().toISOString()).toBe("2026-12-01T00:00:01.000Z");
  });
});
