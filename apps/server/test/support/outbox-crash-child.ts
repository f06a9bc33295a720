// The process outbox-crash.test.ts kills: it builds the application on the given database with no
// delivery timer (LIFECYCLE_TICK_SECONDS 0), asks for a password reset link by e-mail, and kills
// itself with SIGKILL as soon as the request's transaction has committed — in the reply's onSend
// hook, which runs after the handler and before onResponse, the hook that would kick a delivery
// pass. So the reset e-mail is committed in the outbox and certainly not delivered.
// Environment: CRASH_DATABASE_URL (PostgreSQL) or CRASH_DATA_DIR (PGlite), CRASH_FILES_DIR,
// CRASH_SMTP_PORT, CRASH_EMAIL.
import { buildApp } from "../../src/app";
import { systemClock } from "../../src/platform/clock";
import { loadConfig } from "../../src/platform/config";
import { openDatabase } from "../../src/platform/db/client";

const env = process.env;
const database = await openDatabase({
  url: env.CRASH_DATABASE_URL || undefined,
  dataDir: env.CRASH_DATA_DIR || undefined,
});
const config = loadConfig({
  DATA_DIR: env.CRASH_FILES_DIR,
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: env.CRASH_SMTP_PORT,
  LIFECYCLE_TICK_SECONDS: "0",
  WEB_DIST_DIR: "/nonexistent-web-dist",
});
const app = await buildApp({ database, clock: systemClock, config, logger: false });
const say = (line: string) =>
  new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));

app.addHook("onSend", async (req, reply, payload) => {
  if (req.method !== "POST") return payload;
  if (reply.statusCode !== 200) {
    await say(`failed ${reply.statusCode} ${String(payload)}`);
    process.exit(1);
  }
  await say("committed");
  process.kill(process.pid, "SIGKILL");
  // Never settles: nothing after the kill may run.
  await new Promise(() => undefined);
});
await app.ready();
// The anti-forgery token, as a browser gets it before its first POST.
const page = await app.inject({ method: "GET", url: "/api/configs/nonAuth" });
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(page.headers["set-cookie"] ?? ""))?.[1] ?? "";
await app.inject({
  method: "POST",
  url: "/api/users/forget_password/email",
  headers: { "x-xsrf-token": xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
  payload: { email: env.CRASH_EMAIL },
});
await say("answered");
