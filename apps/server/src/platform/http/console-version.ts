// Spec §8's 426: a console loaded before a deploy keeps calling the API with its old bundle. Each
// build of the console sends its version (X-Console-Version); the server learns the current one
// from the built console it serves, and answers an older one 426 so that the user reloads.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONSOLE_VERSION_HEADER } from "@skyledger/contracts";
import type { FastifyInstance } from "fastify";
import { DomainError } from "./errors";

/** Written into the console's dist by its vite build (apps/web/vite.config.ts). */
export const CONSOLE_VERSION_FILE = "console-version.json";

/**
 * The version of the console in `webDistDir`, or null when there is no built console (development
 * with the vite dev server, tests): then no version is ever refused.
 */
export function readConsoleVersion(webDistDir: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(webDistDir, CONSOLE_VERSION_FILE), "utf8")) as {
      version?: unknown;
    };
    return typeof parsed.version === "string" && parsed.version ? parsed.version : null;
  } catch {
    return null;
  }
}

/**
 * Refuses API calls from another console build. A call without the header (API keys, scripts,
 * anything but the console) is never refused for its version.
 */
export function registerConsoleVersionCheck(app: FastifyInstance, current: string | null): void {
  if (!current) return;
  app.addHook("onRequest", async (req) => {
    if (!req.url.startsWith("/api/")) return;
    const sent = req.headers[CONSOLE_VERSION_HEADER];
    if (typeof sent === "string" && sent !== "" && sent !== current)
      throw new DomainError("UPGRADE_REQUIRED");
  });
}
