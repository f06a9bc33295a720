// What the HPC console and the training page show as a job's charge: its lines' sum, or 0 up to
// where the hourly runs reached for a job they rated at a zero price (which leaves no line).
import { describe, expect, it } from "vitest";
import { chargedView } from "../src/modules/hpc/accounting/hpc-accounting.repo";

const at = (hhmm: string) => new Date(`2026-11-28T${hhmm}:00Z`);

describe("a job's charge as shown", () => {
  it("is its lines when it has some", () => {
    const lines = { amount: 1234n, chargedUpTo: at("10:00") };
    expect(chargedView(lines, at("11:00"), { startedAt: at("09:30"), endedAt: null })).toBe(lines);
  });

  it("is 0 up to the job's end, or up to the runs' reach, when rated without a line", () => {
    const ended = { startedAt: at("09:10"), endedAt: at("09:40") };
    expect(chargedView(undefined, at("10:00"), ended)).toEqual({ amount: 0n, chargedUpTo: at("09:40") });
    const running = { startedAt: at("09:10"), endedAt: null };
    expect(chargedView(undefined, at("10:00"), running)).toEqual({ amount: 0n, chargedUpTo: at("10:00") });
  });

  it("is nothing yet before a run reached the job's start, or for a job not started", () => {
    expect(chargedView(undefined, null, { startedAt: at("09:10"), endedAt: null })).toBeNull();
    expect(chargedView(undefined, at("09:00"), { startedAt: at("09:10"), endedAt: null })).toBeNull();
    expect(chargedView(undefined, at("10:00"), { startedAt: null, endedAt: null })).toBeNull();
    expect(chargedView(undefined, at("10:00"), undefined)).toBeNull();
  });
});
