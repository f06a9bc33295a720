// The pricing form's rule of spec §5: the previous row must be complete before another is added,
// and at most 10 new rows are saved at once.
import { dimensionName, type SpecSchema } from "@skyledger/contracts";
import { describe, expect, it } from "vitest";
import {
  addRowEnabled,
  type DraftRow,
  emptyRow,
  rowsSavable,
  toRowInput,
} from "../src/features/catalog/pricing-rows";

const complete = (i: number): DraftRow => ({ dimension: `flavor:f${i}`, model: "unit", unitPrice: "300" });

describe("pricing rows", () => {
  it("allow the first row, and another only once the previous one is complete", () => {
    expect(addRowEnabled([])).toBe(true);
    expect(addRowEnabled([emptyRow()])).toBe(false);
    expect(addRowEnabled([{ ...emptyRow(), dimension: "flavor:a" }])).toBe(false);
    expect(addRowEnabled([{ ...emptyRow(), dimension: "flavor:a", unitPrice: "abc" }])).toBe(false);
    expect(addRowEnabled([complete(0)])).toBe(true);
    // A base + unit row needs its base price too.
    expect(addRowEnabled([{ ...complete(0), model: "base_plus_unit" }])).toBe(false);
    expect(addRowEnabled([{ ...complete(0), model: "base_plus_unit", basePrice: "20" }])).toBe(true);
  });

  it("stop at 10 new rows per save", () => {
    const ten = Array.from({ length: 10 }, (_, i) => complete(i));
    expect(addRowEnabled(ten.slice(0, 9))).toBe(true);
    expect(addRowEnabled(ten)).toBe(false);
    expect(rowsSavable(ten)).toBe(true);
    expect(rowsSavable([...ten, complete(10)])).toBe(false);
    expect(rowsSavable([complete(0), emptyRow()])).toBe(false);
    expect(rowsSavable([])).toBe(false);
  });

  it("send a complete row as the API takes it", () => {
    expect(toRowInput({ ...complete(1), configurationFee: " 5 ", discount: "0.85", key: 3 })).toEqual({
      dimension: "flavor:f1",
      model: "unit",
      unitPrice: "300",
      configurationFee: "5",
      discount: "0.85",
    });
    expect(toRowInput({ ...complete(1), model: "base_plus_unit", basePrice: "20" })).toMatchObject({
      model: "base_plus_unit",
      basePrice: "20",
      discount: null,
    });
  });
});

describe("priced dimensions", () => {
  it("are shown by the name of what they price", () => {
    const disk: SpecSchema = { kind: "disk", diskTypes: [{ id: "ssd", name: "SSD" }], minGb: 50, maxGb: 500 };
    const pool: SpecSchema = {
      kind: "capacity",
      unit: "core",
      options: [{ id: "cpu-core", name: "CPU core" }],
    };
    expect(dimensionName(disk, "diskType:ssd")).toBe("SSD");
    expect(dimensionName(pool, "option:cpu-core")).toBe("CPU core");
    expect(dimensionName(pool, "option:gpu")).toBeUndefined();
    expect(dimensionName({ kind: "elasticIp", defaultMbps: 1, maxMbps: 100 }, "bandwidth")).toBeUndefined();
  });
});
