// The status sets stay consistent with each other: a resource is never both busy and releasable,
// never both on its way out and at rest, and every poll-worthy state is one the provider works on.
import { describe, expect, it } from "vitest";
import {
  ATTACHABLE_AT_REST_STATUSES,
  BUSY_STATUSES,
  FAILED_STATUSES,
  HOST_AT_REST_STATUSES,
  isLeaving,
  isOneOf,
  isTransitional,
  LEAVING_STATUSES,
  OPERATION_STATUSES,
  ORDER_DELIVERING_STATUSES,
  ORDER_STATUSES,
  OUT_OF_LIFE_STATUSES,
  RELEASABLE_STATUSES,
  RESOURCE_STATUSES,
  TRANSITIONAL_STATUSES,
} from "../src";

const overlap = (a: readonly string[], b: readonly string[]) => a.filter((s) => b.includes(s));

describe("resource status sets", () => {
  it("name only known statuses, each once", () => {
    for (const set of [
      LEAVING_STATUSES,
      OPERATION_STATUSES,
      BUSY_STATUSES,
      TRANSITIONAL_STATUSES,
      FAILED_STATUSES,
      OUT_OF_LIFE_STATUSES,
      HOST_AT_REST_STATUSES,
      ATTACHABLE_AT_REST_STATUSES,
      RELEASABLE_STATUSES,
    ]) {
      expect(overlap(set, RESOURCE_STATUSES)).toEqual([...set]);
      expect(new Set(set).size).toBe(set.length);
    }
    expect(new Set(RESOURCE_STATUSES).size).toBe(RESOURCE_STATUSES.length);
  });

  it("keep busy, leaving and releasable states apart", () => {
    expect(overlap(RELEASABLE_STATUSES, TRANSITIONAL_STATUSES)).toEqual([]);
    expect(overlap(RELEASABLE_STATUSES, LEAVING_STATUSES)).toEqual([]);
    expect(overlap(BUSY_STATUSES, LEAVING_STATUSES)).toEqual([]);
    expect(overlap(FAILED_STATUSES, TRANSITIONAL_STATUSES)).toEqual([]);
    expect(overlap(HOST_AT_REST_STATUSES, TRANSITIONAL_STATUSES)).toEqual([]);
    expect(overlap(ATTACHABLE_AT_REST_STATUSES, TRANSITIONAL_STATUSES)).toEqual([]);
    // The provider works on every busy state, and on leaving ones it has still to finish.
    expect(overlap(BUSY_STATUSES, TRANSITIONAL_STATUSES)).toEqual([...BUSY_STATUSES]);
    expect(TRANSITIONAL_STATUSES.filter((s) => !isOneOf(BUSY_STATUSES, s)).every(isLeaving)).toBe(true);
  });

  it("answer membership for any status", () => {
    expect(isLeaving("deleted")).toBe(true);
    expect(isLeaving("running")).toBe(false);
    expect(isTransitional("rolling_back")).toBe(true);
    expect(isTransitional("frozen")).toBe(false);
    expect(isOneOf(HOST_AT_REST_STATUSES, "stopped")).toBe(true);
    expect(isOneOf(HOST_AT_REST_STATUSES, "available")).toBe(false);
  });
});

describe("order status sets", () => {
  it("name only known order statuses", () => {
    expect(overlap(ORDER_DELIVERING_STATUSES, ORDER_STATUSES)).toEqual([...ORDER_DELIVERING_STATUSES]);
  });
});
