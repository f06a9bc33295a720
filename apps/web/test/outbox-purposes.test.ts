// Every purpose the server files an outbox message or a notice under reads as words in both
// languages on the outbox page: a purpose without a label would show its code (`ticket.replied`)
// to the operator, or the other language's label through the fallback.
import { OUTBOX_PURPOSES } from "@skyledger/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, loadTexts } from "../src/i18n";
import { purposeKey, purposeText } from "../src/pages/ops/outbox/outbox-page";

beforeAll(async () => {
  await loadTexts();
});

/** The label in `locale` itself, without falling back to the other language. */
function ownLabel(locale: string, purpose: string): unknown {
  return i18n.getResource(locale, "translation", purposeKey(purpose));
}

describe.each(["zh-CN", "en-US"] as const)("outbox purposes in %s", (locale) => {
  it.each(OUTBOX_PURPOSES)("%s has a label", (purpose) => {
    const label = ownLabel(locale, purpose);
    expect(typeof label).toBe("string");
    expect(purposeText(purpose, i18n.getFixedT(locale))).toBe(label);
  });

  it("names no two purposes alike", () => {
    const labels = OUTBOX_PURPOSES.map((p) => ownLabel(locale, p));
    expect(new Set(labels).size).toBe(labels.length);
  });
});
