// All code reads time from a Clock so that tests can move time instead of waiting.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60_000);
}
