// Price × quantity for display, in exact 0.00001-yuan units as bigint (never floating point; the
// server charges the same product).
import { toFiveDecimals } from "../../../lib/money";

export function mulYuan(price: string, quantity: number): string {
  const [whole = "0", fraction = ""] = toFiveDecimals(price).split(".");
  const units = BigInt(whole) * 100_000n + BigInt(fraction.slice(0, 5) || "0");
  const total = units * BigInt(Math.max(1, Math.trunc(quantity || 1)));
  return `${total / 100_000n}.${(total % 100_000n).toString().padStart(5, "0")}`;
}
