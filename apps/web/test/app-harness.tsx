// Renders the whole console against a fake API at a route, as a signed-in user (or signed out), and
// resets what one test leaves behind (session, query cache, rendered tree, spies) before the next.
import type { CurrentUser, Locale } from "@skyledger/contracts";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { App } from "../src/app/app";
import { queryClient } from "../src/app/query-client";
import { setLanguage } from "../src/i18n";
import { api } from "../src/lib/api-client";
import { session } from "../src/lib/session";
import { reloadPublicConfig } from "../src/lib/system-config";
import { fakeServer, type Handler, publicConfig } from "./fake-server";

export type AppOptions = {
  /** Answers `GET /users/token` and signs the session in. */
  user?: CurrentUser;
  /** Whether a session is stored; by default, when a user is given. */
  signedIn?: boolean;
  config?: typeof publicConfig;
};

export function renderApp(path: string, routes: Record<string, Handler>, options: AppOptions = {}) {
  const server = fakeServer({
    "GET /configs/nonAuth": () => ({ data: options.config ?? publicConfig }),
    ...(options.user ? { "GET /users/token": () => ({ data: options.user }) } : {}),
    ...routes,
  });
  api.configure({ fetch: server.fetch as unknown as typeof fetch, cookie: () => "xsrf-test" });
  // Each test's fake server answers the public configuration afresh.
  void reloadPublicConfig();
  if (options.signedIn ?? options.user !== undefined) session.save({ token: "t", signSecret: "s" });
  window.history.pushState({}, "", path);
  render(<App />);
  return server;
}

export type FakeServer = ReturnType<typeof renderApp>;

/**
 * How long a test waits for a page to show something. A file's first render of antd and a lazily
 * loaded page takes seconds on a loaded 2-core machine (the server suites run beside these tests).
 */
export const WAIT = { timeout: 15_000 };

/** The calls the page made to one endpoint. */
export const callsTo = (server: FakeServer, method: string, path: string) =>
  server.calls.filter((c) => c.method === method && c.path === path);

/** One page of a list endpoint's answer. */
export const page = <T,>(list: T[]) => ({ data: { list, total: list.length, pageNum: 1, pageSize: 20 } });

/** Registers the per-test reset for a file of page tests, in one language. */
export function resetAppBetweenTests(language: Locale = "en-US") {
  beforeAll(async () => {
    await setLanguage(language);
  });
  beforeEach(() => {
    session.clear();
    queryClient.clear();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
