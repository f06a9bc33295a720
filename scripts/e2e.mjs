#!/usr/bin/env node
// Runs the browser tests, in one shard by default or in several side by side (`--shards N` or
// E2E_SHARDS): each shard is one Playwright run with its own server, port and embedded database
// (e2e/playwright.config.ts names them after E2E_PORT), so shards share no data. CI runs two: the
// browser tests mostly wait (on the browser, the simulator's delays, the lifecycle step), so a
// second shard uses the core the first leaves idle (11 minutes instead of about 20 on an idle
// 2-core machine). The HPC specs lean on what an earlier one left on their server (the demo
// cluster's login host, in file order), so they always share a shard (TOGETHER below).
//
//   node scripts/e2e.mjs [--shards N] [--record] [spec files…]
//
// Spec files are spread over the shards by their last recorded duration (e2e/durations.json; a
// file without one counts as the average), longest first onto the least loaded shard. `--record`
// writes the durations of this run back to that file once every shard has passed. Each shard's
// output is printed as it comes, each line tagged with its shard, and a failing shard's end again
// last; the exit status fails if any shard failed.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const specsDir = path.join(root, "e2e/specs");
const durationsFile = path.join(root, "e2e/durations.json");
const FIRST_PORT = 8090;
// Ports 100 apart: a spec may start a second server of its own at its shard's port + 50.
const PORT_STEP = 100;

function parseArgs(argv) {
  const options = { shards: Number(process.env.E2E_SHARDS ?? 1), record: false, files: [] };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--shards") options.shards = Number(argv[++i]);
    else if (argv[i] === "--record") options.record = true;
    else options.files.push(path.basename(argv[i]));
  }
  if (!Number.isInteger(options.shards) || options.shards < 1)
    throw new Error("--shards takes a whole number ≥ 1");
  return options;
}

function readDurations() {
  return existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, "utf8")) : {};
}

/**
 * Spec files that must run in one shard, in file order: the HPC specs share the demo cluster's
 * login host, which hpc-terminal.spec.ts configures and the later ones find configured.
 */
const TOGETHER = [/^hpc-/];

/** The files as units to spread: each TOGETHER pattern's files as one unit, the rest one each. */
function unitsOf(files) {
  const units = TOGETHER.map((pattern) => files.filter((f) => pattern.test(f)).sort()).filter(
    (u) => u.length,
  );
  const grouped = new Set(units.flat());
  return [...units, ...files.filter((f) => !grouped.has(f)).map((f) => [f])];
}

/** Longest first onto the least loaded shard; empty shards are dropped. */
function spread(files, durations, shards) {
  const known = files.map((f) => durations[f]).filter((d) => typeof d === "number");
  const average = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weight = (unit) => unit.reduce((sum, f) => sum + (durations[f] ?? average), 0);
  const bins = Array.from({ length: shards }, () => ({ files: [], load: 0 }));
  for (const unit of unitsOf(files).sort((a, b) => weight(b) - weight(a) || a[0].localeCompare(b[0]))) {
    const lightest = bins.reduce((min, bin) => (bin.load < min.load ? bin : min));
    lightest.files.push(...unit);
    lightest.load += weight(unit);
  }
  // Playwright runs a shard's files in the order given: keep file order within each shard.
  for (const bin of bins) bin.files.sort();
  return bins.filter((bin) => bin.files.length > 0);
}

const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of running) process.kill(-child.pid, "SIGTERM");
    process.exit(1);
  });
}

function runShard(index, files) {
  const port = FIRST_PORT + index * PORT_STEP;
  const report = path.join(root, "e2e/reports", `${port}.json`);
  rmSync(report, { force: true });
  return new Promise((resolve) => {
    const child = spawn(
      "npx",
      ["playwright", "test", "-c", "e2e/playwright.config.ts", ...files.map((f) => `e2e/specs/${f}`)],
      // Its own process group, so that stopping this script stops Playwright, its browser and server.
      {
        cwd: root,
        env: { ...process.env, E2E_PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      },
    );
    running.add(child);
    // Lines are printed as they come, each with its shard's tag, and kept for the failure summary.
    let output = "";
    let partial = "";
    const take = (chunk) => {
      output += chunk;
      const lines = (partial + chunk).split("\n");
      partial = lines.pop();
      for (const line of lines) console.log(`[${index + 1}] ${line}`);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code) => {
      running.delete(child);
      if (partial) console.log(`[${index + 1}] ${partial}`);
      resolve({ index, port, files, code: code ?? 1, output, report });
    });
  });
}

/**
 * Seconds per spec file: the sum of its tests' attempts in the shard's JSON report. A top-level
 * suite is a spec file; a test declared in a support module still counts for the file that ran it.
 */
function durationsOf(reportFile) {
  const seconds = {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const r of t.results ?? []) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000;
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of JSON.parse(readFileSync(reportFile, "utf8")).suites ?? []) {
    walk(suite, path.basename(suite.file));
  }
  return seconds;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const files =
    options.files.length > 0
      ? options.files
      : readdirSync(specsDir)
          .filter((f) => f.endsWith(".spec.ts"))
          .sort();
  const bins = spread(files, readDurations(), options.shards);
  for (const [i, bin] of bins.entries()) {
    const minutes = Math.round(bin.load / 60);
    console.log(
      `shard ${i + 1} (port ${FIRST_PORT + i * PORT_STEP}, ~${minutes} min): ${bin.files.join(" ")}`,
    );
  }
  const started = Date.now();
  const results = await Promise.all(
    bins.map((bin, i) =>
      runShard(i, bin.files).then((result) => {
        const minutes = ((Date.now() - started) / 60_000).toFixed(1);
        console.log(`[${i + 1}] ===== shard ${i + 1} ended after ${minutes} min, exit ${result.code} =====`);
        return result;
      }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  // A failing shard's end again, last, where a reader of a long CI log looks first.
  for (const r of failed) {
    console.log(`\n===== shard ${r.index + 1} failed; the end of its output =====`);
    console.log(r.output.split("\n").slice(-120).join("\n"));
  }
  for (const r of results) {
    console.log(`shard ${r.index + 1}: exit ${r.code} (${r.files.length} spec files)`);
    // Seconds per file of this run, retries included, longest first: what a run on another machine
    // (CI) took, to weigh e2e/durations.json by when shards come out unbalanced.
    if (existsSync(r.report)) {
      const seconds = Object.entries(durationsOf(r.report)).sort(([, a], [, b]) => b - a);
      console.log(`  seconds: ${seconds.map(([f, s]) => `${f} ${Math.round(s)}`).join(", ")}`);
    }
  }
  if (options.record && failed.length === 0) {
    const durations = readDurations();
    for (const r of results) Object.assign(durations, durationsOf(r.report));
    const rounded = Object.fromEntries(
      Object.entries(durations)
        .filter(([file]) => existsSync(path.join(specsDir, file)))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([file, s]) => [file, Math.round(s)]),
    );
    writeFileSync(durationsFile, `${JSON.stringify(rounded, null, 2)}\n`);
    console.log(`durations written to ${path.relative(root, durationsFile)}`);
  }
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();
