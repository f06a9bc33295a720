import type { Clock } from "../../src/platform/clock";

/** A clock the test moves by hand: time-dependent rules are tested without sleeping. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start = new Date("2026-11-22T02:00:00.000Z")) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
