// The dashboard's spend trend (issue 19 item 4): the local days and months it covers and the
// series it draws, one amount per product and period with the periods without spend at 0.
import { formatYuan } from "@skyledger/billing";
import { type Locale, OVERVIEW_TREND_DAYS, OVERVIEW_TREND_MONTHS, type Overview } from "@skyledger/contracts";
import { localParts } from "../../platform/time-zone";
import type { SpendRow } from "./overview-spend.repo";

// Calendar arithmetic on a local date, done on UTC dates so no zone's offset can shift a day.
const isoDay = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The last `OVERVIEW_TREND_DAYS` local days and `OVERVIEW_TREND_MONTHS` months, oldest first, up to now's. */
export function trendPeriods(now: Date, timeZone: string): { days: string[]; months: string[] } {
  const p = localParts(now, timeZone);
  const [y, m, d] = [Number(p.year), Number(p.month), Number(p.day)];
  const days = Array.from({ length: OVERVIEW_TREND_DAYS }, (_, i) =>
    isoDay(y, m, d - (OVERVIEW_TREND_DAYS - 1 - i)),
  );
  const months = Array.from({ length: OVERVIEW_TREND_MONTHS }, (_, i) =>
    isoDay(y, m - (OVERVIEW_TREND_MONTHS - 1 - i), 1).slice(0, 7),
  );
  return { days, months };
}

/** Product codes by what was spent on them over the rows, most first (then by code). */
export function productsBySpend(rows: SpendRow[]): string[] {
  const totals = new Map<string, bigint>();
  for (const r of rows) totals.set(r.productCode, (totals.get(r.productCode) ?? 0n) + r.amount);
  return [...totals]
    .sort(([a, x], [b, y]) => (x === y ? a.localeCompare(b) : x > y ? -1 : 1))
    .map(([code]) => code);
}

/** One entry per period: its total and an amount per product (in `codes` order). */
export function seriesOf(rows: SpendRow[], periods: string[], codes: string[]) {
  const amounts = new Map(rows.map((r) => [`${r.period}|${r.productCode}`, r.amount]));
  return periods.map((period) => {
    const each = codes.map((code) => amounts.get(`${period}|${code}`) ?? 0n);
    return {
      period,
      total: formatYuan(each.reduce((s, a) => s + a, 0n)),
      amounts: each.map(formatYuan),
    };
  });
}

export function spendTrend(input: {
  dayRows: SpendRow[];
  monthRows: SpendRow[];
  periods: { days: string[]; months: string[] };
  names: Map<string, { zh: string; en: string }>;
  locale: Locale;
  timeZone: string;
}): Overview["spend"] {
  const { dayRows, monthRows, periods, names, locale } = input;
  // Every product of the 12 months; the 30 days lie within them.
  const codes = productsBySpend(monthRows);
  const month = periods.months.at(-1)!;
  const monthToDate = monthRows.filter((r) => r.period === month).reduce((s, r) => s + r.amount, 0n);
  return {
    month,
    timeZone: input.timeZone,
    monthToDate: formatYuan(monthToDate),
    products: codes.map((code) => {
      const name = names.get(code);
      return { code, name: name ? (locale === "zh-CN" ? name.zh : name.en) : code };
    }),
    days: seriesOf(dayRows, periods.days, codes),
    months: seriesOf(monthRows, periods.months, codes),
  };
}
