import { defineConfig } from "vitest/config";

// Several instances behind nginx, one killed under load (apps/server/test/instances.nginx.test.ts):
// nginx, three built servers and a fresh PostgreSQL database. Not in `npm test`; `npm run
// test:instances` runs it once `npm run build` has built the server, and .ci/run starts it beside
// the browser tests (it mostly waits on the instances, which share the machine's cores with them).
export default defineConfig({
  test: {
    name: "instances",
    include: ["apps/server/test/**/*.nginx.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 600_000,
    // Three instances start on an empty database (one migrates and seeds it) beside the browser tests.
    hookTimeout: 300_000,
  },
});
