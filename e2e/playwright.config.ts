import path from "node:path";
import { defineConfig } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.E2E_PORT ?? 8090);
export const baseURL = `http://localhost:${port}`;
// Each shard of `npm run test:e2e` (scripts/e2e.mjs) runs its own server on its own port, so its
// database, results and report are named after the port.
const dataDir = `e2e/.data/${port}`;

// The built application on a fresh embedded database, driven by Debian's Chromium.
export default defineConfig({
  testDir: "specs",
  outputDir: `test-results/${port}`,
  // In CI the two shards share two cores with the server test runs, the Slurm cluster and the
  // OpenStack services, and a minute-long spec has taken twice as long there.
  timeout: process.env.CI ? 120_000 : 60_000,
  // A page's first list on the loaded CI machine has taken over 10 s to show (four-eyes, once).
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI one retry, so that a test which failed once on a loaded machine and then passed is
  // reported as "flaky" in the summary (to be fixed) instead of failing the whole run; a test that
  // fails twice still fails it.
  retries: process.env.CI ? 1 : 0,
  // The JSON report gives each spec file's duration, which scripts/e2e.mjs --record keeps in
  // e2e/durations.json to balance the shards.
  reporter: [["list"], ["json", { outputFile: `reports/${port}.json` }]],
  use: {
    baseURL,
    locale: "zh-CN",
    viewport: { width: 1440, height: 900 },
    // The console then turns antd's motion off: a click never lands on a dialog still zooming in.
    reducedMotion: "reduce",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node apps/server/dist/main.js`,
    cwd: root,
    url: `${baseURL}/api/configs/nonAuth`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      SEED_DEMO: "true",
      // The money specs pay on the built-in sandbox gateway (off unless configured on).
      PAYMENT_SANDBOX: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      // Hosts come up in about 2 seconds and the lifecycle step runs every second.
      SIMULATOR_DELAY_PERCENT: "5",
      LIFECYCLE_TICK_SECONDS: "1",
      // Remote login to a simulated host (webssh.spec.ts) reaches the local sshd of scripts/sshd.
      SIMULATOR_SSH_TARGET: `127.0.0.1:${process.env.SSHD_PORT ?? "2222"}`,
    },
  },
});
