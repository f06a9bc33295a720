// Every literal translation key in the source exists in both locales (check-i18n compares the two
// locales with each other; this compares them with the code).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const src = join(import.meta.dirname, "../src");
const NAMESPACES =
  "common|errors|validation|auth|account|password|sms|console|exception|ops|menu|finance|verification|profile|audit|catalog|services|quota|storage|overview|renew|bag|unsubscribe|alarms";
// Config keys ("password.policy") and a file name in a comment look like keys but are not.
// The storage pages name the key prefix of each page ("storage.disks") and build keys from it.
const NOT_KEYS = new Set([
  "password.policy",
  "sms.stepup.enable",
  "sms.stepup.operator.money",
  "auth.json",
  "storage.disks",
  "storage.ips",
  "storage.buyDisk",
  "storage.buyIp",
]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function flatten(tree: Record<string, unknown>, prefix: string, out: Set<string>) {
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === "object")
      flatten(value as Record<string, unknown>, `${prefix}${key}.`, out);
    else out.add(`${prefix}${key}`);
  }
  return out;
}

function localeKeys(locale: string): Set<string> {
  const dir = join(src, "i18n", locale);
  const keys = new Set<string>();
  for (const file of readdirSync(dir)) {
    flatten(JSON.parse(readFileSync(join(dir, file), "utf8")), `${file.replace(/\.json$/, "")}.`, keys);
  }
  return keys;
}

describe("translation keys used in the code", () => {
  const used = new Map<string, string>();
  const pattern = new RegExp(`["'\`]((?:${NAMESPACES})\\.[A-Za-z0-9_.]*[A-Za-z0-9_])["'\`]`, "g");
  for (const file of files(src)) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      if (!NOT_KEYS.has(match[1]!)) used.set(match[1]!, file);
    }
  }

  it("finds the keys", () => {
    expect(used.size).toBeGreaterThan(200);
  });

  for (const locale of ["zh-CN", "en-US"]) {
    it(`are all present in ${locale}`, () => {
      const keys = localeKeys(locale);
      // A key called with a count (i18next plurals) is present as its `_other` form.
      const missing = [...used.keys()].filter((key) => !keys.has(key) && !keys.has(`${key}_other`));
      expect(missing).toEqual([]);
    });
  }
});
