#!/usr/bin/env node
// `npm start`: build what is not built, then run the server (it migrates and seeds the database).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], {
  cwd: root,
  stdio: "inherit",
});
if (built.status !== 0) process.exit(built.status ?? 1);
process.chdir(root);
// The demo pays top-ups on the built-in sandbox gateway (no real money). A real installation sets
// PAYMENT_SANDBOX=false (or SEED_DEMO=false, which leaves it off unless set) — see the README.
const seedDemo = process.env.SEED_DEMO ?? "";
if (process.env.PAYMENT_SANDBOX === undefined && (seedDemo === "" || /^(1|true|yes|on)$/i.test(seedDemo))) {
  process.env.PAYMENT_SANDBOX = "true";
}
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
