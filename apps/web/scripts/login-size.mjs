#!/usr/bin/env node
// Prints the gzipped size of the JavaScript the /login route loads before any interaction: the
// entry, the login page chunk and everything they import statically. Run after `vite build`.
// Exits 1 above the budget (200 kB) so a dependency that creeps into the login page is noticed.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 200_000;
const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith("pages/auth/login/login-page.tsx"));
if (!entryKey || !loginKey) {
  console.error("login-size: entry or login page not found in the manifest");
  process.exit(1);
}

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(entryKey);
visit(loginKey);

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  return { file, size };
});
rows.sort((a, b) => b.size - a.size);
for (const { file, size } of rows) console.log(`${(size / 1000).toFixed(1).padStart(7)} kB  ${file}`);
console.log(
  `login-size: ${(total / 1000).toFixed(1)} kB gzipped in ${rows.length} files (budget ${BUDGET_BYTES / 1000} kB)`,
);
process.exit(total > BUDGET_BYTES ? 1 : 0);
