// The logic behind the cloud-host pages: which actions a status allows and when lists poll, the
// chart's scaling, and the purchase form's inquiry and apply body.
import { RESOURCE_STATUSES, type ResourceStatus, TRANSITIONAL_STATUSES } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
import { niceMax, polylinePoints, xAt, yAt } from "../src/components/line-chart";
import {
  actionEnabled,
  anyTransitional,
  hasFailed,
  isTransitional,
} from "../src/features/services/host-state";
import {
  defaultPayment,
  type HostProduct,
  productDefaults,
  toApplyBody,
  toInquiry,
} from "../src/features/services/purchase";

describe("host actions by status", () => {
  const enabled = (status: ResourceStatus) =>
    (["start", "stop", "reboot", "rebuild", "unsubscribe"] as const).filter((a) => actionEnabled(a, status));

  it("offers start when stopped, stop and reboot when running, rebuild in both", () => {
    expect(enabled("running")).toEqual(["stop", "reboot", "rebuild", "unsubscribe"]);
    expect(enabled("stopped")).toEqual(["start", "rebuild", "unsubscribe"]);
  });

  it("offers nothing while a host is changing, and only unsubscribing once it failed", () => {
    for (const status of TRANSITIONAL_STATUSES) expect(enabled(status), status).toEqual([]);
    expect(enabled("create_failure")).toEqual(["unsubscribe"]);
    expect(enabled("error")).toEqual(["unsubscribe"]);
    expect(enabled("deleted")).toEqual([]);
  });

  it("polls while any row is transitional and reads the error log of failed hosts only", () => {
    expect(anyTransitional([{ status: "running" }, { status: "stopped" }])).toBe(false);
    expect(anyTransitional([{ status: "running" }, { status: "rebooting" }])).toBe(true);
    expect(anyTransitional(undefined)).toBe(false);
    const failed = RESOURCE_STATUSES.filter(hasFailed);
    expect(failed).toEqual(["error", "create_failure"]);
    expect(failed.some(isTransitional)).toBe(false);
  });
});

describe("line chart scaling", () => {
  it("rounds the axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax([0.3, 0.7])).toBe(1);
    expect(niceMax([12])).toBe(20);
    expect(niceMax([21, 3])).toBe(25);
    expect(niceMax([260])).toBe(500);
    expect(niceMax([1000])).toBe(1000);
    expect(niceMax([1001])).toBe(2000);
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, -5, Number.NaN])).toBe(1);
  });

  it("maps values from the bottom (0) to the top (max) of the plot and clamps the rest", () => {
    const bottom = yAt(0, 100);
    const top = yAt(100, 100);
    expect(bottom).toBeGreaterThan(top);
    expect(yAt(50, 100)).toBeCloseTo((bottom + top) / 2);
    expect(yAt(150, 100)).toBe(top);
    expect(yAt(-1, 100)).toBe(bottom);
  });

  it("spreads points across the width and centres a single one", () => {
    expect(xAt(0, 3)).toBeLessThan(xAt(1, 3));
    expect(xAt(1, 3)).toBeCloseTo((xAt(0, 3) + xAt(2, 3)) / 2);
    expect(xAt(0, 1)).toBeCloseTo((xAt(0, 2) + xAt(1, 2)) / 2);
    const points = polylinePoints([0, 50, 100], 100).split(" ");
    expect(points).toHaveLength(3);
    expect(points[2]).toBe(`${xAt(2, 3).toFixed(1)},${yAt(100, 100).toFixed(1)}`);
  });
});

const product: HostProduct = {
  id: "p1",
  code: "gpu-host",
  nameZh: "GPU 云主机",
  nameEn: "GPU host",
  categoryCode: "compute",
  spec: {
    kind: "host",
    flavors: [{ id: "g1", name: "g1.large", vcpu: 8, memoryGb: 32, gpuCount: 1, gpuModel: "A100" }],
    images: [{ id: "ubuntu", name: "Ubuntu 22.04" }],
    systemDiskGb: 100,
  },
  prepaidPeriods: [12, 3, 1],
  postpaid: true,
  approvalFlow: "none",
  manualActivation: false,
};

describe("purchase form", () => {
  it("starts a product on its first flavour and image, prepaid for its shortest period", () => {
    expect(productDefaults(product)).toEqual({
      flavorId: "g1",
      imageId: "ubuntu",
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(defaultPayment({ ...product, prepaidPeriods: [] })).toEqual({
      paymentType: "postpaid",
      periodMonths: undefined,
    });
  });

  it("asks for a price only once the choice is complete, postpaid for one hour", () => {
    const values = { productCode: "gpu-host", ...productDefaults(product), quantity: 2, couponId: "c1" };
    expect(toInquiry(values, product)).toEqual({
      productCode: "gpu-host",
      spec: { flavorId: "g1", imageId: "ubuntu" },
      quantity: 2,
      paymentType: "prepaid",
      periodMonths: 1,
      couponId: "c1",
    });
    expect(toInquiry({ ...values, paymentType: "postpaid" }, product)).toMatchObject({
      paymentType: "postpaid",
      hours: 1,
    });
    expect(toInquiry(values, undefined)).toBeNull();
    expect(toInquiry({ ...values, quantity: null }, product)).toBeNull();
    expect(toInquiry({ ...values, quantity: 21 }, product)).toBeNull();
    expect(toInquiry({ ...values, periodMonths: 6 }, product)).toBeNull();
    expect(toInquiry({ ...values, flavorId: "other" }, product)).toBeNull();
  });

  it("sends the apply body with a trimmed name and nulls for no key pair or project", () => {
    const body = toApplyBody(
      { ...productDefaults(product), name: " web-1 ", quantity: 1, paymentType: "postpaid", couponId: null },
      product,
    );
    expect(body).toEqual({
      productCode: "gpu-host",
      spec: { flavorId: "g1", imageId: "ubuntu" },
      name: "web-1",
      quantity: 1,
      paymentType: "postpaid",
      keyPairId: null,
      projectId: null,
    });
  });
});
