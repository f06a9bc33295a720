import { describe, expect, it } from "vitest";
import {
  deliveredAtPartnerDetail,
  describeOrderEvent,
  instanceCreatedDetail,
  instanceReadyDetail,
  noApprovalNeededDetail,
  paidDetail,
  provisioningStartedDetail,
  refundedDetail,
  releasedDetail,
  returnExpiredDetail,
} from "../src/api/order-events";

// Names a detail may carry: plain, with spaces, with colons (and ": "), Chinese, and with " × ".
const NAMES = [
  "web-1",
  "my web server",
  "db: primary",
  "a:b",
  "云主机-北京1",
  "2 × host",
  "x × disk: 3 running",
];

describe("order event details", () => {
  it("writes the stored strings exactly as the server always has", () => {
    expect(
      paidDetail([
        { source: "coupon", yuan: "20.00000" },
        { source: "cash", yuan: "300.00000" },
      ]),
    ).toBe("coupon 20.00000, cash 300.00000");
    expect(noApprovalNeededDetail()).toBe("no approval needed");
    expect(provisioningStartedDetail(2, "host")).toBe("2 × host");
    expect(instanceCreatedDetail("web-1", "sim-9")).toBe("create web-1: sim-9");
    expect(instanceReadyDetail("web-1", "running")).toBe("web-1 running");
    expect(deliveredAtPartnerDetail("web-1", "ref-1")).toBe("web-1 delivered at the partner: ref-1");
    expect(releasedDetail("web-1")).toBe("web-1 released");
    expect(refundedDetail("12.50000")).toBe("12.50000");
    expect(returnExpiredDetail("2026-12-07T02:00:00.000Z")).toBe(
      "not resubmitted or withdrawn by 2026-12-07T02:00:00.000Z",
    );
  });

  it("reads every kind of payment back, one share or all five", () => {
    const all = [
      { source: "coupon", yuan: "1.00000" },
      { source: "deduction_voucher", yuan: "2.00000" },
      { source: "topup_voucher", yuan: "3.00000" },
      { source: "cash", yuan: "300.00000" },
      { source: "credit", yuan: "0.00001" },
    ] as const;
    for (const shares of [[all[3]], [...all]]) {
      expect(describeOrderEvent("paid", paidDetail(shares))).toEqual({ key: "paid", params: { shares } });
    }
  });

  it("reads the approval and provisioning details back", () => {
    expect(describeOrderEvent("approved", noApprovalNeededDetail())).toEqual({
      key: "noApprovalNeeded",
      params: {},
    });
    for (const kind of ["host", "disk", "elasticIp", "snapshot"] as const) {
      expect(describeOrderEvent("provisioning", provisioningStartedDetail(12, kind))).toEqual({
        key: "provisioningStarted",
        params: { quantity: 12, kind },
      });
    }
    expect(describeOrderEvent("refunded", refundedDetail("300.00000"))).toEqual({
      key: "refunded",
      params: { yuan: "300.00000" },
    });
    // A returned order the system withdrew: the deadline its tenant let pass.
    expect(describeOrderEvent("expired", returnExpiredDetail("2026-12-07T02:00:00.000Z"))).toEqual({
      key: "returnExpired",
      params: { deadline: "2026-12-07T02:00:00.000Z" },
    });
  });

  it.each(NAMES)("reads back every detail that names %j", (name) => {
    expect(describeOrderEvent("step", instanceCreatedDetail(name, "sim-0f3a"))).toEqual({
      key: "instanceCreated",
      params: { name, ref: "sim-0f3a" },
    });
    expect(describeOrderEvent("step", instanceReadyDetail(name, "running"))).toEqual({
      key: "instanceRunning",
      params: { name },
    });
    expect(describeOrderEvent("step", instanceReadyDetail(name, "available"))).toEqual({
      key: "instanceAvailable",
      params: { name },
    });
    // An operator's reference is free text: colons, spaces, even the words a ready step ends with.
    for (const ref of ["ref-1", "i-abc: zone 2", "合作方 running"]) {
      expect(describeOrderEvent("step", deliveredAtPartnerDetail(name, ref))).toEqual({
        key: "deliveredAtPartner",
        params: { name, ref },
      });
    }
    expect(describeOrderEvent("completed", releasedDetail(name))).toEqual({
      key: "released",
      params: { name },
    });
  });

  it("leaves what people and providers wrote to be shown as written", () => {
    expect(describeOrderEvent("approved", "looks fine")).toBeNull();
    expect(describeOrderEvent("rejected", "no approval needed")).toBeNull();
    expect(describeOrderEvent("failed", "quota exceeded at the provider: running out")).toBeNull();
    expect(describeOrderEvent("closed", "web-1 released")).toBeNull();
    expect(describeOrderEvent("paid", "cash 300.00000, gift 1.00000")).toBeNull();
    expect(describeOrderEvent("provisioning", "2 × gpu")).toBeNull();
    expect(describeOrderEvent("step", "something else")).toBeNull();
    expect(describeOrderEvent("refunded", "all of it")).toBeNull();
    expect(describeOrderEvent("expired", "not resubmitted or withdrawn by next week")).toBeNull();
    expect(describeOrderEvent("withdrawn", returnExpiredDetail("2026-12-07T02:00:00.000Z"))).toBeNull();
    expect(describeOrderEvent("completed", null)).toBeNull();
    expect(describeOrderEvent("paid", "")).toBeNull();
  });
});
