/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluate, RULES } from "./support/rules-doc";
import { parseExamples } from "./support/rules-doc-parse";

// docs/billing/rules.md is the finance-facing statement of the rules; every worked example in it is
// executed here against the engine, so the document and the code cannot drift apart.
const markdown = readFileSync(new URL("../../../docs/billing/rules.md", import.meta.url), "utf8");
const examples = parseExamples(markdown);

describe("docs/billing/rules.md", () => {
  it("has at least two worked examples for every rule, each explaining its computation and rounding", () => {
    for (const rule of RULES) {
      expect(examples.filter((e) => e.fields.get("rule") === rule).length, rule).toBeGreaterThanOrEqual(2);
    }
    for (const example of examples) {
      expect(example.fields.has("computation"), `line ${example.line}`).toBe(true);
      expect(example.fields.has("rounding"), `line ${example.line}`).toBe(true);
    }
  });

  it.each(examples.map((e) => [`${e.fields.get("rule")} (line ${e.line})`, e] as const))(
    "%s",
    (_name, example) => {
      const { outputs, unknownKeys } = evaluate(example);
      expect(unknownKeys, "inputs the rule does not read").toEqual([]);
      const expected = [...example.fields].filter(([key]) => key.startsWith("expect."));
      expect(expected.length).toBeGreaterThan(0);
      for (const [key, value] of expected) {
        const name = key.slice("expect.".length);
        expect(Object.keys(outputs), `unknown output ${name}`).toContain(name);
        expect(outputs[name], key).toBe(value);
      }
    },
  );
});

describe("the example parser", () => {
  it("reads key: value lines inside ```example fences only", () => {
    const parsed = parseExamples("text\n```example\nrule: days-ceil\nfrom: a b\n```\n```ts\nx: 1\n```\n");
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.line).toBe(2);
    expect([...(parsed[0]?.fields ?? [])]).toEqual([
      ["rule", "days-ceil"],
      ["from", "a b"],
    ]);
  });

  it("rejects malformed blocks instead of skipping them", () => {
    expect(() => parseExamples("```example\nnot a field\n```")).toThrow(/expected "key: value"/);
    expect(() => parseExamples("```example\na: 1\na: 2\n```")).toThrow(/duplicate key a/);
    expect(() => parseExamples("```example\na: 1\n")).toThrow(/not closed/);
  });

  it("reports unknown rules and misspelt inputs", () => {
    const [unknownRule, misspelt] = parseExamples(
      "```example\nrule: nope\n```\n```example\nrule: days-ceil\nfrom: 2024-01-01 00:00\nto: 2024-01-02 00:00\ntoo: x\n```",
    );
    expect(() => unknownRule && evaluate(unknownRule)).toThrow(/unknown rule "nope"/);
    expect(misspelt && evaluate(misspelt)).toEqual({ outputs: { days: "1" }, unknownKeys: ["too"] });
  });
});
