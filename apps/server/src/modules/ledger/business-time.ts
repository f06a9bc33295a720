// Wall-clock parts of an instant in the business time zone (bill cycles, document numbers).
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localParts(at: Date, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** A readable, unique document number: prefix + local timestamp + random digits. */
export function documentNo(prefix: string, at: Date, timeZone: string, random: string): string {
  const p = localParts(at, timeZone);
  return `${prefix}${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${random}`;
}
