// `npm run bench:startup`: how long the built server takes from spawn to its first answered request
// on an existing data directory (issue 18: under 3 s), against a bare `node -e` HTTP server started
// the same way in the same run. It builds nothing: run `node scripts/build.mjs` first (it builds the
// server bundle and the console; `npm start` does too). A seeded PGlite data directory is prepared
// once by a first start (migrations, seed, demo passwords: that start is printed apart), then the
// server is started STARTUP_RUNS times (default 5) on it. Each start is stopped with SIGTERM once it
// has answered GET /api/maintenance (a public endpoint that reads the database).
// STARTUP_BEFORE=<another bundle> times that build's restarts too, interleaved on the same directory:
// a change's before and after under the same load.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const SERVER = path.resolve("apps/server/dist/main.js");
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const BEFORE = process.env.STARTUP_BEFORE ? path.resolve(process.env.STARTUP_BEFORE) : null;

if (!existsSync(SERVER)) {
  process.stderr.write(
    `${SERVER} is missing: run \`node scripts/build.mjs\` first (this bench builds nothing).\n`,
  );
  process.exit(1);
}

/** A port nobody listens on right now (the kernel's choice, given back at once). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, "close");
  return port;
}

/** Asks until the first answer (a refused connection means "not listening yet"). */
async function firstAnswer(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the process exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
      throw new Error(`${url} answered ${res.status}`);
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      // Not listening yet: ask again on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Milliseconds from spawn to the first answer of `url`; the process is stopped afterwards. */
async function timeStart(args: string[], env: NodeJS.ProcessEnv, url: (port: number) => string) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await firstAnswer(url(port), child);
    return Number(process.hrtime.bigint() - started) / 1e6;
  } finally {
    const exited = child.exitCode === null ? once(child, "exit") : Promise.resolve();
    child.kill("SIGTERM");
    await exited;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "skyledger-bench-startup-"));
const serverEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  DATABASE_URL: "",
  // No background step during the measurement: it starts after listen and would only add noise.
  LIFECYCLE_TICK_SECONDS: "0",
};
const skyledger = (env: NodeJS.ProcessEnv, bundle = SERVER) =>
  timeStart([bundle], env, (port) => `http://127.0.0.1:${port}/api/maintenance`);
const bareScript = `require("node:http").createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1")`;
const bare = () => timeStart(["-e", bareScript], process.env, (port) => `http://127.0.0.1:${port}/`);

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};
const show = (label: string, ms: number[]) => {
  const s = stats(ms);
  return `${label.padEnd(40)} min ${s.min.toFixed(0).padStart(5)} ms  median ${s.median.toFixed(0).padStart(5)} ms  max ${s.max.toFixed(0).padStart(5)} ms`;
};

try {
  const fresh = await skyledger(serverEnv);
  const restarts: number[] = [];
  const bares: number[] = [];
  const befores: number[] = [];
  // Interleaved, so that a burst of other work on the machine hits both alike.
  for (let i = 0; i < RUNS; i++) {
    restarts.push(await skyledger(serverEnv));
    bares.push(await bare());
    if (BEFORE) befores.push(await skyledger(serverEnv, BEFORE));
  }
  const ratio = stats(restarts).median / stats(bares).median;
  process.stdout.write(
    [
      `start-up to the first answered request, ${RUNS} runs each (PGlite data directory ${dataDir})`,
      `first start on an empty directory (migrate, seed)  ${fresh.toFixed(0)} ms`,
      show("restart on the seeded directory", restarts),
      ...(BEFORE ? [show(`restart with ${path.basename(BEFORE)}`, befores)] : []),
      show("bare `node -e` HTTP server", bares),
      `median ratio, restart ÷ bare: ${ratio.toFixed(1)}; budget: restart under 3 000 ms — ${
        stats(restarts).median < 3000 ? "met" : "NOT met"
      }`,
      "",
    ].join("\n"),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
