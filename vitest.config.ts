import { defineConfig } from "vitest/config";

// One runner for every workspace: pure packages, server integration tests and web component tests.
export default defineConfig({
  test: {
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
          // Integration tests share one embedded database per file; files run in parallel forks.
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/test/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
        },
      },
    ],
  },
});
