// All code reads time from a Clock so that tests can move time instead of waiting.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that reads `start` now and then runs at real speed (CLOCK_START_AT): a sandbox
 * installation can show, within a minute, what happens at an hour or a day boundary — the hourly
 * charge of a job, a renewal — without waiting for it or changing the machine's clock.
 */
export function clockStartingAt(start: Date, real: () => number = Date.now): Clock {
  const offsetMs = start.getTime() - real();
  return { now: () => new Date(real() + offsetMs) };
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
