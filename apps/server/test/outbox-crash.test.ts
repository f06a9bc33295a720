// Notices are delivered exactly once across a crash (issue 12 §2): a real process commits a
// password reset request — the reset link's e-mail queued in the outbox in the same transaction —
// and is killed with SIGKILL right after the commit, before any delivery could start. The
// application started again on the same database delivers that e-mail to a real SMTP server once,
// and a second delivery pass sends nothing more. PGlite on a data directory by default, a fresh
// PostgreSQL database with TEST_DATABASE_URL.
// (No startTestApp here: the child process must open the same database, which an in-memory PGlite
// cannot share.)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { systemClock } from "../src/platform/clock";
import { loadConfig } from "../src/platform/config";
import { openDatabase } from "../src/platform/db/client";
import { outboxMessages } from "../src/platform/outbox/outbox.schema";
import { seed } from "../src/seed";
import { freshPostgres } from "./support/harness";
import { startSmtp, type TestSmtp } from "./support/smtp";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "support", "outbox-crash-child.ts");
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The demo tenant administrator's address (seed.ts).
const EMAIL = "owner@demo-ai-lab.example";

let pgdb: { url: string; drop(): Promise<void> } | undefined;
let workDir: string;
let dataDir: string | undefined;
let smtp: TestSmtp;

const open = () => openDatabase({ url: pgdb?.url, dataDir });

beforeAll(async () => {
  smtp = await startSmtp();
  workDir = mkdtempSync(path.join(tmpdir(), "skyledger-outbox-crash-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) pgdb = await freshPostgres(adminUrl);
  else dataDir = path.join(workDir, "db");
  const database = await open();
  try {
    await database.migrate();
    await seed(database.db, systemClock, { sessionTtlMinutes: 30, demo: true });
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await smtp.close();
  await pgdb?.drop();
  rmSync(workDir, { recursive: true, force: true });
});

/** Runs the child to its self-inflicted SIGKILL and returns what it reported. */
function runChild(): Promise<{ lines: string[]; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        CRASH_DATABASE_URL: pgdb?.url ?? "",
        CRASH_DATA_DIR: dataDir ?? "",
        CRASH_FILES_DIR: path.join(workDir, "files"),
        CRASH_SMTP_PORT: String(smtp.port),
        CRASH_EMAIL: EMAIL,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (_code, signal) =>
      resolve({ lines: stdout.split("\n").filter(Boolean), signal, stderr }),
    );
  });
}

describe("a process killed after committing a notice and before delivering it", () => {
  it("delivers the notice exactly once after the restart", { timeout: 120_000 }, async () => {
    const run = await runChild();
    expect(run.signal, `${run.lines.join("\n")}\n${run.stderr}`).toBe("SIGKILL");
    expect(run.lines).toEqual(["committed"]);
    // Nothing reached the SMTP server before the kill.
    expect(smtp.mails).toHaveLength(0);

    const database = await open();
    try {
      const queued = () =>
        database.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.recipient, EMAIL), eq(outboxMessages.purpose, "password.reset")));
      expect((await queued()).map((m) => m.status)).toEqual(["pending"]);

      const config = loadConfig({
        DATA_DIR: path.join(workDir, "files"),
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(smtp.port),
        LIFECYCLE_TICK_SECONDS: "0",
        WEB_DIST_DIR: "/nonexistent-web-dist",
      });
      const app = await buildApp({ database, clock: systemClock, config, logger: false });
      try {
        await app.ready();
        expect(await app.outbox.deliverDue()).toBe(1);
        expect(smtp.mails).toHaveLength(1);
        expect(smtp.mails[0]!.to).toEqual([EMAIL]);
        expect(smtp.mails[0]!.text).toMatch(/\/reset\/password\?token=[\w-]+/);
        // The mail names its outbox row, the same on any later attempt (receivers drop a repeat).
        const [row] = await queued();
        expect(smtp.mails[0]!.raw).toMatch(
          new RegExp(`^Message-ID: <${row!.id}@outbox\\.skyledger>\\r?$`, "im"),
        );
        // A second pass finds nothing left to send.
        expect(await app.outbox.deliverDue()).toBe(0);
        expect(smtp.mails).toHaveLength(1);
        expect((await queued()).map((m) => m.status)).toEqual(["sent"]);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
