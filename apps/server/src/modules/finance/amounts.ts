import { type Money, tryParseYuan } from "@skyledger/billing";
import { DomainError } from "../../platform/http/errors";

/** Parses a yuan string already shaped by the contracts' schema; anything else is bad input. */
export function parseAmount(text: string): Money {
  const parsed = tryParseYuan(text);
  if (!parsed.ok) throw new DomainError("PARAM_INVALID");
  return parsed.amount;
}
