import {
  type Allocation,
  type Discount,
  type FundingSource,
  formatYuan,
  NO_DISCOUNT,
  parseDiscount,
  parseYuan,
  type Voucher,
} from "../../src/index";
import { shanghai } from "./time";

export type ExampleBlock = { line: number; fields: Map<string, string> };

// Fenced ```example blocks of `key: value` lines; any other line inside a block is an error so a
// malformed example cannot be skipped silently.
export function parseExamples(markdown: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  let current: ExampleBlock | undefined;
  markdown.split("\n").forEach((text, index) => {
    const line = text.trimEnd();
    if (current === undefined) {
      if (line === "```example") current = { line: index + 1, fields: new Map() };
      return;
    }
    if (line === "```") {
      blocks.push(current);
      current = undefined;
      return;
    }
    if (line === "") return;
    const match = /^([a-z][a-z.-]*):\s(.+)$/.exec(line);
    if (match === null) throw new Error(`line ${index + 1}: expected "key: value", got "${line}"`);
    const [, key = "", value = ""] = match;
    if (current.fields.has(key)) throw new Error(`line ${index + 1}: duplicate key ${key}`);
    current.fields.set(key, value.trim());
  });
  if (current !== undefined) throw new Error(`example at line ${current.line} is not closed`);
  return blocks;
}

// Input reader that records which keys were read, so an unknown (misspelt) input key fails the test.
export class Inputs {
  readonly used = new Set<string>(["rule", "computation", "rounding"]);
  constructor(private readonly fields: Map<string, string>) {}

  opt(key: string): string | undefined {
    this.used.add(key);
    return this.fields.get(key);
  }
  get(key: string): string {
    const value = this.opt(key);
    if (value === undefined) throw new Error(`missing input ${key}`);
    return value;
  }
  yuan = (key: string): bigint => parseYuan(this.get(key));
  time = (key: string): Date => shanghai(this.get(key));
  int = (key: string): number => Number.parseInt(this.get(key), 10);
  list = (key: string): string[] =>
    (this.opt(key) ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  discount = (): Discount => {
    const text = this.opt("discount");
    if (text === undefined) return NO_DISCOUNT;
    const result = parseDiscount(text);
    if (!result.ok) throw new RuleError(result.code);
    return result.discount;
  };
  unknownKeys = (): string[] =>
    [...this.fields.keys()].filter((k) => !k.startsWith("expect.") && !this.used.has(k));
}

// A refusal the example expects as `expect.error`.
export class RuleError extends Error {}

export type Outputs = Record<string, string>;
export function localTime(date: Date): string {
  return new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
}

// `cash=10, deduction_voucher:D1=5` ⇄ allocations.
export function parseAllocations(text: string): Allocation[] {
  return text.split(",").map((item) => {
    const match = /^([a-z_]+)(?::([\w-]+))?=(.+)$/.exec(item.trim());
    if (match === null) throw new Error(`bad allocation "${item}"`);
    const [, source = "", sourceId, amount = ""] = match;
    return { source: source as FundingSource, ...(sourceId ? { sourceId } : {}), amount: parseYuan(amount) };
  });
}

export function formatAllocations(allocations: readonly Allocation[]): string {
  if (allocations.length === 0) return "none";
  return allocations
    .map((a) => `${a.source}${a.sourceId ? `:${a.sourceId}` : ""}=${formatYuan(a.amount)}`)
    .join(", ");
}

// `D1 30 until 2024-07-01 00:00; D2 5`
export function parseVouchers(text: string | undefined): Voucher[] {
  if (text === undefined) return [];
  return text.split(";").map((item) => {
    const [id = "", amount = "", until, ...rest] = item.trim().split(" ");
    const validUntil = until === "until" ? shanghai(rest.join(" ")) : undefined;
    return { id, balance: parseYuan(amount), validUntil };
  });
}
