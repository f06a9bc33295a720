// The permission-set picker (issue 13 §6): editing a set keeps the codes it already held that the
// picker no longer offers, instead of dropping them unseen.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadTexts, setLanguage } from "../src/i18n";
import { CodePicker } from "../src/pages/iam/strategy/code-picker";

const item = (code: string, category: string) => ({
  code,
  descriptionZh: code,
  descriptionEn: code,
  category,
  source: "builtIn" as const,
});

beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});
afterEach(cleanup);

describe("code picker", () => {
  it("adds a code in catalogue order and keeps a held code the catalogue no longer offers", () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <CodePicker
          catalogue={[item("CA", "overview"), item("CB01", "cloudResources"), item("CB02", "cloudResources")]}
          value={["CB02", "CB19"]}
          onChange={onChange}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByTestId("strategy-code-CA"));
    expect(onChange).toHaveBeenLastCalledWith(["CA", "CB02", "CB19"]);
  });
});
