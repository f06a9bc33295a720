import { DEFAULT_PASSWORD_POLICY } from "@skyledger/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PasswordRules } from "../src/components/password-rules";
import { i18n, loadTexts, setLanguage } from "../src/i18n";

afterEach(cleanup);
beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});

const states = () =>
  Object.fromEntries(
    ["length", "letter", "digit", "special", "charset", "distinct"].map((rule) => [
      rule,
      screen.getByTestId(`password-rule-${rule}`).getAttribute("data-state"),
    ]),
  );

function show(password: string, policy = DEFAULT_PASSWORD_POLICY) {
  return render(
    <I18nextProvider i18n={i18n}>
      <PasswordRules password={password} policy={policy} />
    </I18nextProvider>,
  );
}

describe("PasswordRules", () => {
  it("shows every rule unmet for an empty password, with the policy's numbers", () => {
    show("");
    expect(Object.values(states()).every((s) => s === "fail")).toBe(true);
    expect(screen.getByTestId("password-rule-length").textContent).toContain("8 to 12 characters");
    expect(screen.getByTestId("password-rule-special").textContent).toContain("~!@#$%^&*?");
  });

  it("ticks rules one by one as the password grows", () => {
    const { rerender } = show("abc");
    expect(states()).toMatchObject({
      letter: "ok",
      digit: "fail",
      special: "fail",
      length: "fail",
      charset: "ok",
    });
    rerender(
      <I18nextProvider i18n={i18n}>
        <PasswordRules password="abc12#xyz" policy={DEFAULT_PASSWORD_POLICY} />
      </I18nextProvider>,
    );
    expect(Object.values(states()).every((s) => s === "ok")).toBe(true);
  });

  it("flags characters outside the allowed set and too few distinct characters", () => {
    show("aaaa111#+");
    expect(states()).toMatchObject({ charset: "fail", distinct: "ok" });
    cleanup();
    show("aa11##aa", { ...DEFAULT_PASSWORD_POLICY, minDistinct: 4 });
    expect(states()).toMatchObject({ distinct: "fail", length: "ok" });
  });

  it("follows the operator's policy", () => {
    show("Ab1#Ab1#Ab1#Ab", { minLength: 8, maxLength: 20, minDistinct: 4, expiryDays: 0 });
    expect(states().length).toBe("ok");
    expect(screen.getByTestId("password-rule-length").textContent).toContain("8 to 20");
  });
});
