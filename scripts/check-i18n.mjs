#!/usr/bin/env node
// Checks the web app's translations: zh-CN and en-US must have the same files and keys, and every
// key the shared contracts rely on (zod "validation.*" messages, menu labels and menu groups) must
// exist in both. Plain Node, no dependencies. Exit 1 on any problem.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const i18nDir = join(root, "apps/web/src/i18n");
const contractsDir = join(root, "packages/contracts/src");
const LOCALES = ["zh-CN", "en-US"];

const problems = [];

function flatten(value, prefix, out, file) {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(child, prefix ? `${prefix}.${key}` : key, out, file);
  } else if (typeof value === "string" && value.trim() !== "") {
    out.set(prefix, value);
  } else {
    problems.push(`${file}: "${prefix}" must be a non-empty string`);
  }
}

function loadLocale(locale) {
  const dir = join(i18nDir, locale);
  const keys = new Map();
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  for (const file of files) {
    const path = join(dir, file);
    let json;
    try {
      json = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      problems.push(`${relative(root, path)}: invalid JSON (${error.message})`);
      continue;
    }
    // Each file is a namespace: auth.json holds the keys under "auth.".
    flatten(json, file.replace(/\.json$/, ""), keys, relative(root, path));
  }
  return { files, keys };
}

function tsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Keys the contracts package expects the web to translate. */
function requiredKeys() {
  const required = new Map();
  for (const file of tsFiles(contractsDir)) {
    const source = readFileSync(file, "utf8");
    const where = relative(root, file);
    for (const m of source.matchAll(/["'`](validation\.[A-Za-z0-9_.]+)["'`]/g)) required.set(m[1], where);
    for (const m of source.matchAll(/labelKey:\s*["'`]([A-Za-z0-9_.]+)["'`]/g)) required.set(m[1], where);
    const groups = source.match(/MENU_GROUPS[^=]*=\s*\[([^\]]*)\]/);
    if (groups) {
      for (const m of groups[1].matchAll(/["'`]([A-Za-z0-9_]+)["'`]/g))
        required.set(`menu.group.${m[1]}`, where);
    }
  }
  return required;
}

const locales = Object.fromEntries(LOCALES.map((l) => [l, loadLocale(l)]));
const [a, b] = LOCALES;

for (const [x, y] of [
  [a, b],
  [b, a],
]) {
  const missingFiles = locales[x].files.filter((f) => !locales[y].files.includes(f));
  for (const f of missingFiles) problems.push(`${y}/${f} is missing (exists in ${x})`);
  const missingKeys = [...locales[x].keys.keys()].filter((k) => !locales[y].keys.has(k));
  for (const k of missingKeys) problems.push(`${y} is missing "${k}" (present in ${x})`);
}

const required = requiredKeys();
for (const [key, source] of required) {
  for (const locale of LOCALES) {
    if (!locales[locale].keys.has(key)) problems.push(`${locale} is missing "${key}" (used by ${source})`);
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`);
  console.error(`check-i18n: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(
  `check-i18n: ok — ${locales[a].keys.size} keys in ${locales[a].files.length} files per locale (${LOCALES.join(", ")}), ${required.size} contract keys present`,
);
