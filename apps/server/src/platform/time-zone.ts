// Wall-clock time in the business time zone for the server: bill cycles, document and order
// numbers, the dates notices show, the payment gateways' timestamp fields. One implementation,
// @skyledger/billing's toLocal, the one its periods and terms use, so that a document number and a
// billing period never disagree about which day it is.
import { DEFAULT_TIME_ZONE, toLocal } from "@skyledger/billing";

/** BUSINESS_TZ's default (platform/config.ts). */
export { DEFAULT_TIME_ZONE };

/**
 * The zone of the Chinese payment gateways' timestamp fields, whatever the business time zone is.
 * China has kept UTC+8 without daylight saving since 1991.
 */
export const CHINA_TIME_ZONE = "Asia/Shanghai";

/** Zero-padded wall-clock fields: year (4 digits), month, day, hour (00–23), minute, second. */
export type LocalParts = {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
};

const two = (n: number) => String(n).padStart(2, "0");

/** The wall-clock fields of an instant in `timeZone`. */
export function localParts(at: Date, timeZone: string): LocalParts {
  const l = toLocal(at, timeZone);
  return {
    year: String(l.year).padStart(4, "0"),
    month: two(l.month),
    day: two(l.day),
    hour: two(l.hour),
    minute: two(l.minute),
    second: two(l.second),
  };
}

/** "YYYY-MM-DD HH:mm" in `timeZone`: a moment as people are shown it, to the minute. */
export function localMinute(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** A readable, unique document number: prefix + local timestamp + random digits. */
export function documentNo(prefix: string, at: Date, timeZone: string, random: string): string {
  const p = localParts(at, timeZone);
  return `${prefix}${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${random}`;
}

/** Whether `name` is an IANA time zone this runtime knows (BUSINESS_TZ is checked at start-up). */
export function isTimeZone(name: string): boolean {
  try {
    toLocal(0, name);
    return true;
  } catch {
    return false;
  }
}
