import type { CSSProperties } from "react";
import { amountSign, formatSignedYuan, formatYuan } from "../lib/money";

const NUMERIC: CSSProperties = { fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" };
export const POSITIVE_COLOR = "#389e0d";
export const NEGATIVE_COLOR = "#cf1322";

type Props = { value: string | null | undefined; strong?: boolean; style?: CSSProperties; testId?: string };

/** An amount as the server wrote it, with the yuan sign. */
export function Yuan({ value, strong, style, testId }: Props) {
  return (
    <span style={{ ...NUMERIC, ...(strong ? { fontWeight: 600 } : {}), ...style }} data-testid={testId}>
      {formatYuan(value)}
    </span>
  );
}

/** A movement of money: "+" and green when it comes in, red when it goes out. */
export function SignedYuan({ value, strong, style, testId }: Props) {
  const sign = amountSign(value);
  const color = sign > 0 ? POSITIVE_COLOR : sign < 0 ? NEGATIVE_COLOR : undefined;
  return (
    <span
      style={{ ...NUMERIC, ...(strong ? { fontWeight: 600 } : {}), color, ...style }}
      data-testid={testId}
      data-sign={sign}
    >
      {formatSignedYuan(value)}
    </span>
  );
}
