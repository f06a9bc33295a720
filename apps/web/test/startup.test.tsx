// Start-up rules that do not need a page: polling for the user, chunk timeouts, shared dialogs.
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { privacyReasonKey } from "../src/app/console/privacy-dialog";
import { dialogStore } from "../src/app/dialogs/dialog-store";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, withTimeout } from "../src/app/lazy-page";
import { RouteErrorBoundary } from "../src/app/route-error";
import { toastStore } from "../src/app/toast-store";
import { fetchCurrentUser, TOKEN_POLL } from "../src/features/auth/auth-api";
import { i18n, loadTexts, setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { makeUser } from "./fake-server";

function Broken(): never {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
}

beforeAll(async () => {
  await loadTexts();
  await setLanguage("en-US");
});
afterEach(cleanup);

function replies(...statuses: number[]) {
  const queue = [...statuses];
  const fetch = vi.fn(async () => {
    const status = queue.shift() ?? 200;
    const body =
      status === 200
        ? { code: 200, message: "", data: makeUser() }
        : { code: status, message: "", data: null };
    return new Response(JSON.stringify(body), { status });
  });
  api.configure({
    fetch: fetch as unknown as typeof globalThis.fetch,
    notify: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
  });
  return fetch;
}

describe("polling for the current user", () => {
  it("is the spec's 25 tries every 200 ms", () => {
    expect(TOKEN_POLL).toEqual({ tries: 25, intervalMs: 200 });
  });

  it("retries until the server answers", async () => {
    session.save({ token: "t", signSecret: "s" });
    const fetch = replies(500, 502, 200);
    const user = await fetchCurrentUser({ tries: 25, intervalMs: 1 });
    expect(user.account).toBe("alice");
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("gives up after the last try", async () => {
    session.save({ token: "t", signSecret: "s" });
    const fetch = replies(500, 500, 500, 500);
    await expect(fetchCurrentUser({ tries: 3, intervalMs: 1 })).rejects.toMatchObject({ kind: "server" });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("does not retry an answer that is a refusal", async () => {
    session.save({ token: "t", signSecret: "s" });
    api.configure({ navigate: vi.fn() });
    const fetch = replies(403);
    await expect(fetchCurrentUser({ tries: 5, intervalMs: 1 })).rejects.toMatchObject({ kind: "forbidden" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("page chunks", () => {
  it("time out after 120 seconds", async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    try {
      const pending = withTimeout(() => new Promise<never>(() => {}));
      const outcome = pending.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
      expect(await outcome).toBeInstanceOf(ChunkLoadTimeoutError);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failed chunk shows a reload screen instead of a blank page", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <RouteErrorBoundary>
            <Broken />
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("The page could not be loaded");
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
  });
});

describe("shared dialogs and toasts", () => {
  it("concurrent step-ups share one dialog and one answer", async () => {
    const a = dialogStore.openStepUp();
    const b = dialogStore.openStepUp();
    expect(dialogStore.snapshot().stepUp).toBe(true);
    dialogStore.finishStepUp(true);
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(dialogStore.snapshot().stepUp).toBe(false);
  });

  it("toasts wait for the toast UI and then show in order", () => {
    const shown: string[] = [];
    toastStore.push({ kind: "error", text: "first" });
    toastStore.push({ kind: "warning", text: "second" });
    expect(toastStore.wanted()).toBe(true);
    toastStore.attach((toast) => shown.push(toast.text));
    toastStore.push({ kind: "success", text: "third" });
    expect(shown).toEqual(["first", "second", "third"]);
    toastStore.attach(null);
  });

  it("the privacy dialog says what changed for each sign", () => {
    expect(privacyReasonKey(0)).toBe("console.privacy.first");
    expect(privacyReasonKey(2)).toBe("console.privacy.privacyChanged");
    expect(privacyReasonKey(3)).toBe("console.privacy.agreementChanged");
    expect(privacyReasonKey(4)).toBe("console.privacy.bothChanged");
  });
});
