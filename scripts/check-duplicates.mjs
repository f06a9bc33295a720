// The duplication check (run by `npm run check`): jscpd finds blocks of six or more lines written
// twice, the same to the token, in the server, the web and the packages. The pairs of files that
// still share such a block are listed in .jscpd-known.json with how many blocks they share: a new
// pair or a new block fails, and so does a listed one that is gone (regenerate the list with
// `npm run check:duplicates -- --update` so that it only shrinks). Tests are left out: a test may
// spell a scenario out twice on purpose.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const KNOWN = ".jscpd-known.json";
const update = process.argv.includes("--update");
const out = mkdtempSync(path.join(tmpdir(), "jscpd-"));

try {
  execFileSync(
    process.execPath,
    [
      "node_modules/jscpd/bin/jscpd",
      "--min-lines",
      "6",
      "--min-tokens",
      "60",
      "--reporters",
      "json",
      "--output",
      out,
      "--silent",
      "--ignore",
      "**/test/**,**/*.test.*,**/migrations/**,**/dist/**,**/*.json",
      "apps/server/src",
      "apps/web/src",
      "packages/contracts/src",
      "packages/billing/src",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const report = JSON.parse(readFileSync(path.join(out, "jscpd-report.json"), "utf8"));
  const pairs = new Map();
  for (const d of report.duplicates) {
    const key = [d.firstFile.name, d.secondFile.name].sort().join(" ~ ");
    pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const current = Object.fromEntries([...pairs].sort(([a], [b]) => a.localeCompare(b)));
  if (update) {
    writeFileSync(KNOWN, `${JSON.stringify(current, null, 2)}\n`);
    console.log(
      `duplicates: ${report.duplicates.length} known blocks in ${pairs.size} pairs written to ${KNOWN}`,
    );
    process.exit(0);
  }
  const known = JSON.parse(readFileSync(KNOWN, "utf8"));
  const added = Object.entries(current).filter(([k, n]) => n > (known[k] ?? 0));
  const gone = Object.entries(known).filter(([k, n]) => (current[k] ?? 0) < n);
  for (const [k, n] of added)
    console.error(`new duplicate block${n > 1 ? "s" : ""}: ${k} (${n}, ${known[k] ?? 0} known)`);
  for (const [k] of gone) console.error(`fixed but still listed: ${k}`);
  console.log(
    `duplicates: ${report.duplicates.length} known blocks left in ${pairs.size} pairs, ${added.length} new, ${gone.length} fixed but still listed`,
  );
  if (added.length) {
    console.error(
      "write one function for the repeated block (see `npx jscpd --min-lines 6 --min-tokens 60 <files>`)",
    );
  }
  if (gone.length && !added.length) console.error("run `npm run check:duplicates -- --update`");
  if (added.length || gone.length) process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
