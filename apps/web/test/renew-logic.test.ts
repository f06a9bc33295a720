// The logic behind renewal management and configuration change: the ids a renew link names, the
// renew and resize requests, and how an expiry reads.
import { describe, expect, it } from "vitest";
import {
  canChangeConfig,
  daysLeft,
  differenceKind,
  expiryTone,
  parseIds,
  renewDetailPath,
  toRenewBody,
  toResizeBody,
} from "../src/features/renew/renew-logic";

describe("renew link ids", () => {
  it("reads comma-separated and repeated ids, trimmed, without blanks or repeats, in order", () => {
    expect(parseIds("?ids=a,b")).toEqual(["a", "b"]);
    expect(parseIds("ids=a&ids=b,c")).toEqual(["a", "b", "c"]);
    expect(parseIds(new URLSearchParams("ids= a , ,b,a"))).toEqual(["a", "b"]);
    expect(parseIds("?ids=")).toEqual([]);
    expect(parseIds("?other=x")).toEqual([]);
  });

  it("drops over-long ids and keeps at most 50", () => {
    expect(parseIds(`?ids=${"x".repeat(65)},ok`)).toEqual(["ok"]);
    const many = Array.from({ length: 60 }, (_, i) => `r${i}`).join(",");
    expect(parseIds(`?ids=${many}`)).toHaveLength(50);
  });

  it("builds the detail page's address that reads back to the same ids", () => {
    const path = renewDetailPath(["a 1", "b/2"]);
    expect(path.startsWith("/mgt/renew/detail?ids=")).toBe(true);
    expect(parseIds(path.split("?")[1]!)).toEqual(["a 1", "b/2"]);
  });
});

describe("renew request", () => {
  it("prices the chosen resources for an offered period", () => {
    expect(toRenewBody(["a", "b"], 3, true)).toEqual({
      resourceIds: ["a", "b"],
      periodMonths: 3,
      align: true,
    });
    expect(toRenewBody(["a"], 12, false)).toEqual({ resourceIds: ["a"], periodMonths: 12, align: false });
  });

  it("aligns only two or more resources", () => {
    expect(toRenewBody(["a"], 1, true)?.align).toBe(false);
  });

  it("sends a coupon only for one resource", () => {
    expect(toRenewBody(["a"], 1, false, "c-1")).toEqual({
      resourceIds: ["a"],
      periodMonths: 1,
      align: false,
      couponId: "c-1",
    });
    expect(toRenewBody(["a", "b"], 1, false, "c-1")).not.toHaveProperty("couponId");
    expect(toRenewBody(["a"], 1, false, undefined)).not.toHaveProperty("couponId");
  });

  it("asks nothing without resources, for a period not offered, or beyond 50 resources", () => {
    expect(toRenewBody([], 1, false)).toBeNull();
    expect(toRenewBody(["a"], 2, false)).toBeNull();
    expect(toRenewBody(["a"], 48, false)).toBeNull();
    const many = Array.from({ length: 51 }, (_, i) => `r${i}`);
    expect(toRenewBody(many, 1, false)).toBeNull();
  });
});

describe("resize request", () => {
  const host = { id: "h-1", spec: { flavorId: "s1", imageId: "ubuntu" } };

  it("asks for another flavour only", () => {
    expect(toResizeBody(host, "m1")).toEqual({ resourceId: "h-1", spec: { flavorId: "m1" } });
    expect(toResizeBody(host, "s1")).toBeNull();
    expect(toResizeBody(host, undefined)).toBeNull();
  });

  it("reads the difference as to pay, refunded or nothing", () => {
    expect(differenceKind("12.50000")).toBe("pay");
    expect(differenceKind("-3.00000")).toBe("refund");
    expect(differenceKind("0.00000")).toBe("none");
    expect(differenceKind("-0.00000")).toBe("none");
  });

  it("changes running or stopped hosts only", () => {
    expect(canChangeConfig({ kind: "host", status: "running" })).toBe(true);
    expect(canChangeConfig({ kind: "host", status: "stopped" })).toBe(true);
    expect(canChangeConfig({ kind: "host", status: "modifying" })).toBe(false);
    expect(canChangeConfig({ kind: "host", status: "frozen" })).toBe(false);
    expect(canChangeConfig({ kind: "disk", status: "available" })).toBe(false);
  });
});

describe("expiry", () => {
  const now = new Date("2025-03-10T12:00:00Z");

  it("counts a part day left as a day and ended terms as zero or less", () => {
    expect(daysLeft("2025-03-10T15:00:00Z", now)).toBe(1);
    expect(daysLeft("2025-03-17T12:00:00Z", now)).toBe(7);
    expect(daysLeft("2025-03-17T12:00:01Z", now)).toBe(8);
    expect(daysLeft("2025-03-10T09:00:00Z", now)).toBe(-0);
    expect(daysLeft("2025-03-08T11:00:00Z", now)).toBe(-2);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft("not a date", now)).toBeNull();
  });

  it("is red once ended or when expired or frozen, orange within a week", () => {
    expect(expiryTone("running", 20)).toBe("soon");
    expect(expiryTone("running", 7)).toBe("urgent");
    expect(expiryTone("running", 0)).toBe("expired");
    expect(expiryTone("running", -3)).toBe("expired");
    expect(expiryTone("frozen", 20)).toBe("expired");
    expect(expiryTone("expired", null)).toBe("expired");
  });
});
