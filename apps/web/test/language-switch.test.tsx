import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import dayjs from "dayjs";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LanguageSwitch } from "../src/app/language-switch";
import { i18n, LANGUAGE_STORAGE_KEY, setLanguage, storedLanguage } from "../src/i18n";
import "../src/lib/format";

afterEach(cleanup);

function renderSwitch() {
  return render(
    <I18nextProvider i18n={i18n}>
      <LanguageSwitch />
    </I18nextProvider>,
  );
}

describe("language switch", () => {
  it("defaults to zh-CN when nothing is stored", () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    expect(storedLanguage()).toBe("zh-CN");
  });

  it("switches the language, persists it and moves dayjs and <html lang> along", async () => {
    await setLanguage("zh-CN");
    renderSwitch();
    expect(screen.getByTestId("language-zh-CN").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("language-en-US"));
    await vi.waitFor(() => expect(i18n.language).toBe("en-US"));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en-US");
    expect(storedLanguage()).toBe("en-US");
    expect(dayjs.locale()).toBe("en");
    expect(document.documentElement.lang).toBe("en-US");
    expect(screen.getByTestId("language-en-US").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("language-switch").getAttribute("aria-label")).toBe("Interface language");

    fireEvent.click(screen.getByTestId("language-zh-CN"));
    await vi.waitFor(() => expect(i18n.language).toBe("zh-CN"));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("zh-CN");
    expect(dayjs.locale()).toBe("zh-cn");
    expect(screen.getByTestId("language-switch").getAttribute("aria-label")).toBe("界面语言");
  });

  it("starts in the stored language on the next visit", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "en-US");
    vi.resetModules();
    const fresh = await import("../src/i18n");
    expect(fresh.i18n.language).toBe("en-US");
    expect(fresh.i18n.t("auth.login.title")).toBe("Log in");
    localStorage.setItem(LANGUAGE_STORAGE_KEY, "zh-CN");
    vi.resetModules();
    const again = await import("../src/i18n");
    expect(again.i18n.t("auth.login.title")).toBe("登录");
  });
});
