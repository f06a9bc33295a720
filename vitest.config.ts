import { defineConfig } from "vitest/config";

// One runner for every workspace: pure packages, server integration tests and web component tests.
export default defineConfig({
  test: {
    // Vitest leaves one core free by default, which on a 2-core CI machine means one test file at a
    // time; the server files mostly wait on the embedded database, so two at once finish sooner.
    maxWorkers: 2,
    projects: [
      {
        test: { name: "billing", include: ["packages/billing/test/**/*.test.ts"] },
      },
      {
        test: { name: "contracts", include: ["packages/contracts/test/**/*.test.ts"] },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts"],
          // The Slurm suite needs a running cluster, a login host and Prometheus: `npm run test:slurm`
          // (vitest.slurm.config.ts); the OpenStack suite a running cloud: `npm run test:openstack`;
          // the several-instances test nginx and the built server: `npm run test:instances`.
          exclude: [
            "**/node_modules/**",
            "apps/server/test/**/*.slurm.test.ts",
            "apps/server/test/**/*.sshd.test.ts",
            "apps/server/test/**/*.openstack.test.ts",
            "apps/server/test/**/*.prometheus.test.ts",
            "apps/server/test/**/*.nginx.test.ts",
          ],
          // Integration tests share one embedded database per file; files run in parallel forks.
          pool: "forks",
          // A fork runs its files one after another in one module graph instead of re-importing the
          // whole server for each file (and keeps the migrated, seeded template database of
          // support/harness.ts across them): a third less CPU for the suite. No server module keeps
          // mutable state at module level and no test stubs globals, so files cannot see each other.
          isolate: false,
          // On PostgreSQL, every file's database is a copy of one migrated and seeded per run.
          globalSetup: ["apps/server/test/support/postgres-template.global.ts"],
          // In CI the browser tests, the Slurm cluster and OpenStack share the two cores, and tests
          // that take 10–25 s alone (permission sweeps, fuzzing, kill-and-restart) have needed more.
          testTimeout: process.env.CI ? 90_000 : 30_000,
          hookTimeout: process.env.CI ? 180_000 : 60_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/test/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // A file's first test renders antd and its page for the first time, which on a loaded
          // 2-core machine (the server files run beside it) takes longer than the 5 s default; in CI
          // the two browser shards share those cores too.
          testTimeout: process.env.CI ? 60_000 : 30_000,
        },
      },
    ],
  },
});
