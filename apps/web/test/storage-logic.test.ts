// The logic behind the disk, elastic-IP and snapshot pages: which row actions a status allows, and
// the purchase forms' inquiry and apply body (disk type and 50–500 GB size, bandwidth 1 Mbit/s by default).
import { TRANSITIONAL_STATUSES } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
import {
  type DiskProduct,
  type IpProduct,
  sizeRange,
  storageDefaults,
  toStorageApplyBody,
  toStorageInquiry,
} from "../src/features/storage/storage-purchase";
import { attachableActionEnabled } from "../src/features/storage/storage-state";

const disk = {
  id: "p1",
  code: "evs-disk",
  nameZh: "云硬盘",
  nameEn: "Cloud disk",
  categoryCode: "block-storage",
  spec: {
    kind: "disk",
    diskTypes: [
      { id: "ssd", name: "SSD" },
      { id: "sata", name: "SATA" },
    ],
    minGb: 50,
    maxGb: 500,
  },
  prepaidPeriods: [1, 3, 12],
  postpaid: true,
  approvalFlow: "none",
} as DiskProduct;

const eip = {
  ...disk,
  code: "eip",
  spec: { kind: "elasticIp", defaultMbps: 1, maxMbps: 200 },
  prepaidPeriods: [],
} as unknown as IpProduct;

describe("row actions of disks and elastic IPs", () => {
  it("attaches an available one, detaches one in use, unsubscribes only a detached one", () => {
    expect(attachableActionEnabled("attach", "available")).toBe(true);
    expect(attachableActionEnabled("attach", "using")).toBe(false);
    expect(attachableActionEnabled("detach", "using")).toBe(true);
    expect(attachableActionEnabled("detach", "available")).toBe(false);
    expect(attachableActionEnabled("unsubscribe", "available")).toBe(true);
    expect(attachableActionEnabled("unsubscribe", "using")).toBe(false);
    for (const status of TRANSITIONAL_STATUSES) {
      expect(attachableActionEnabled("attach", status)).toBe(false);
      expect(attachableActionEnabled("detach", status)).toBe(false);
      expect(attachableActionEnabled("unsubscribe", status)).toBe(false);
    }
  });
});

describe("the disk purchase form", () => {
  it("starts with the first type, the smallest size and the shortest prepaid period", () => {
    expect(storageDefaults(disk)).toEqual({
      diskType: "ssd",
      sizeGb: 50,
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(sizeRange({ ...disk, spec: { ...disk.spec, minGb: 100, maxGb: 300 } })).toEqual({
      min: 100,
      max: 300,
    });
  });

  it("prices a complete choice and nothing outside 50–500 GB or of an unknown type", () => {
    const values = { productCode: "evs-disk", ...storageDefaults(disk), sizeGb: 100 };
    expect(toStorageInquiry(values, disk)).toEqual({
      productCode: "evs-disk",
      spec: { diskType: "ssd", sizeGb: 100 },
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
    });
    expect(toStorageInquiry({ ...values, sizeGb: 40 }, disk)).toBeNull();
    expect(toStorageInquiry({ ...values, sizeGb: 501 }, disk)).toBeNull();
    expect(toStorageInquiry({ ...values, sizeGb: 100.5 }, disk)).toBeNull();
    expect(toStorageInquiry({ ...values, diskType: "nvme" }, disk)).toBeNull();
    expect(toStorageInquiry({ ...values, periodMonths: 6 }, disk)).toBeNull();
    expect(toStorageInquiry(values, undefined)).toBeNull();
    expect(toStorageInquiry({ ...values, paymentType: "postpaid", couponId: "c1" }, disk)).toEqual({
      productCode: "evs-disk",
      spec: { diskType: "ssd", sizeGb: 100 },
      quantity: 1,
      paymentType: "postpaid",
      hours: 1,
      couponId: "c1",
    });
  });

  it("applies for one disk with its name and project", () => {
    const body = toStorageApplyBody(
      { ...storageDefaults(disk), sizeGb: 200, name: " data-01 ", projectId: "pr1" },
      disk,
    );
    expect(body).toEqual({
      productCode: "evs-disk",
      spec: { diskType: "ssd", sizeGb: 200 },
      name: "data-01",
      quantity: 1,
      paymentType: "prepaid",
      periodMonths: 1,
      keyPairId: null,
      projectId: "pr1",
    });
  });
});

describe("the elastic IP form", () => {
  it("starts at 1 Mbit/s, postpaid when the product sells no prepaid period", () => {
    expect(storageDefaults(eip)).toEqual({
      bandwidthMbps: 1,
      paymentType: "postpaid",
      periodMonths: undefined,
    });
  });

  it("prices bandwidth from 1 to the product's maximum", () => {
    const values = { ...storageDefaults(eip) };
    expect(toStorageInquiry(values, eip)).toMatchObject({ spec: { bandwidthMbps: 1 }, hours: 1 });
    expect(toStorageInquiry({ ...values, bandwidthMbps: 0 }, eip)).toBeNull();
    expect(toStorageInquiry({ ...values, bandwidthMbps: 201 }, eip)).toBeNull();
    expect(toStorageApplyBody({ ...values, bandwidthMbps: 5, name: "gw" }, eip)).toMatchObject({
      productCode: "eip",
      spec: { bandwidthMbps: 5 },
      paymentType: "postpaid",
    });
  });
});
