import { defineConfig } from "vitest/config";

// The Slurm suite: the cluster contract and Slurm's own limits against a real one-node cluster
// (scripts/slurm/start.sh). Not in `npm test`; `npm run test:slurm` runs it, and .ci/run starts the
// cluster for it. One file at a time: the cases share the cluster's CPUs.
export default defineConfig({
  test: {
    name: "slurm",
    include: ["apps/server/test/**/*.slurm.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
