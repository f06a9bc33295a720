// The pricing form's rules (spec §5): a new row may be added only when the previous one is complete,
// and at most 10 new rows are saved at once. The same checks as the server's (contracts).
import {
  canAddPricingRow,
  type DraftPricingRow,
  isPricingRowComplete,
  MAX_PRICING_ROWS_PER_ADD,
  type PricingRowInput,
} from "@skyledger/contracts";

export type DraftRow = DraftPricingRow & {
  configurationFee?: string | null;
  discount?: string | null;
  /** Keeps a new row's inputs in place while rows above it are removed. */
  key?: number;
};

let nextKey = 0;
export const emptyRow = (): DraftRow => ({
  dimension: null,
  model: "unit",
  unitPrice: "",
  basePrice: "",
  key: ++nextKey,
});

/** Whether "add row" is enabled: the last new row is complete and fewer than 10 are pending. */
export const addRowEnabled = (rows: readonly DraftRow[]) => canAddPricingRow(rows, rows.length);

/** Whether the pending rows can be saved: 1 to 10 rows, every one complete. */
export const rowsSavable = (rows: readonly DraftRow[]) =>
  rows.length > 0 && rows.length <= MAX_PRICING_ROWS_PER_ADD && rows.every(isPricingRowComplete);

/** A complete draft as the API takes it (empty optional fields left out). */
export function toRowInput(row: DraftRow): PricingRowInput {
  return {
    dimension: row.dimension ?? "",
    model: row.model === "base_plus_unit" ? "base_plus_unit" : "unit",
    unitPrice: (row.unitPrice ?? "").trim(),
    ...(row.model === "base_plus_unit" ? { basePrice: (row.basePrice ?? "").trim() } : {}),
    ...(row.configurationFee?.trim() ? { configurationFee: row.configurationFee.trim() } : {}),
    discount: row.discount?.trim() ? row.discount.trim() : null,
  };
}
