import { BillingError } from "./errors";

export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

// An instant is a JS Date or epoch milliseconds; both name a point on the UTC time line.
export type Instant = Date | number;

// Wall-clock reading in a business time zone; month is 1–12.
export type LocalDateTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached !== undefined) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    // h23 avoids the "24:00" midnight some ICU versions print with hour12: false.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    throw new BillingError("INVALID_TIME_ZONE", `unknown IANA time zone "${timeZone}"`);
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

export function toEpochMs(instant: Instant): number {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new BillingError("INVALID_ARGUMENT", "invalid instant");
  return ms;
}

export function toLocal(instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): LocalDateTime {
  const ms = toEpochMs(instant);
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  // Zone offsets are whole seconds, so the millisecond is the same everywhere.
  return {
    year: fields.era === "BC" ? 1 - yearOfEra : yearOfEra,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

// Reads the local fields as if they were UTC; the difference to the real instant is the zone offset.
function wallClockAsUtc(local: LocalDateTime): number {
  const date = new Date(0);
  date.setUTCFullYear(local.year, local.month - 1, local.day);
  date.setUTCHours(local.hour, local.minute, local.second, local.millisecond);
  return date.getTime();
}

function offsetAt(ms: number, timeZone: string): number {
  return wallClockAsUtc(toLocal(ms, timeZone)) - ms;
}

// Wall clock → instant. Written for zones with DST although Asia/Shanghai has none: a repeated hour
// resolves to the earlier instant, a skipped hour is pushed forward by the gap (Temporal "compatible").
export function fromLocal(local: LocalDateTime, timeZone: string = DEFAULT_TIME_ZONE): Date {
  const asUtc = wallClockAsUtc(local);
  // No zone changes its offset twice within two days, so these bracket any transition near asUtc.
  const offsetBefore = offsetAt(asUtc - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(asUtc + MS_PER_DAY, timeZone);
  const earlier = asUtc - Math.max(offsetBefore, offsetAfter);
  const later = asUtc - Math.min(offsetBefore, offsetAfter);
  for (const candidate of [earlier, later]) {
    if (wallClockAsUtc(toLocal(candidate, timeZone)) === asUtc) return new Date(candidate);
  }
  return new Date(asUtc - offsetBefore);
}

export function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

// Whole calendar days from one local date to another (ignores the time of day).
export function calendarDaysBetween(from: LocalDateTime, to: LocalDateTime): number {
  const dateOnly = (local: LocalDateTime): number =>
    wallClockAsUtc({ ...local, hour: 0, minute: 0, second: 0, millisecond: 0 });
  return Math.round((dateOnly(to) - dateOnly(from)) / MS_PER_DAY);
}
