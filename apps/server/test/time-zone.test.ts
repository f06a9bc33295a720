// The one business-time-zone helper (platform/time-zone.ts): wall-clock fields, the minute people
// are shown, document numbers, and the zone check BUSINESS_TZ gets at start-up.
import { describe, expect, it } from "vitest";
import { shanghaiParts } from "../src/modules/finance/gateways/common";
import {
  DEFAULT_TIME_ZONE,
  documentNo,
  isTimeZone,
  localMinute,
  localParts,
} from "../src/platform/time-zone";

describe("business time zone", () => {
  it("reads an instant's wall clock in the zone, zero-padded, midnight as 00", () => {
    expect(DEFAULT_TIME_ZONE).toBe("Asia/Shanghai");
    expect(localParts(new Date("2026-12-31T16:00:00Z"), "Asia/Shanghai")).toEqual({
      year: "2027",
      month: "01",
      day: "01",
      hour: "00",
      minute: "00",
      second: "00",
    });
    expect(localParts(new Date("2026-07-01T03:04:05.999Z"), "UTC")).toMatchObject({
      hour: "03",
      second: "05",
    });
    // Daylight saving moves New York's offset; the helper follows the zone, not a fixed offset.
    expect(localMinute(new Date("2026-01-15T12:00:00Z"), "America/New_York")).toBe("2026-01-15 07:00");
    expect(localMinute(new Date("2026-07-15T12:00:00Z"), "America/New_York")).toBe("2026-07-15 08:00");
  });

  it("numbers documents by the local second", () => {
    expect(documentNo("R", new Date("2026-11-22T02:03:04Z"), "Asia/Shanghai", "000042")).toBe(
      "R20261122100304000042",
    );
  });

  it("gives the payment gateways China's wall clock whatever the business zone", () => {
    expect(shanghaiParts(new Date("2026-07-01T20:30:00Z"))).toMatchObject({ day: "02", hour: "04" });
  });

  it("knows which zone names exist", () => {
    expect(isTimeZone("Asia/Shanghai")).toBe(true);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
