import { defineConfig } from "vitest/config";

// The real-backend suite: the cluster contract and Slurm's own limits against a real one-node
// cluster (scripts/slurm/start.sh), and the HPC terminal against a real sshd login host
// (scripts/sshd/start.sh; it makes Unix users, so it runs as root). Not in `npm test`;
// `npm run test:slurm` runs it, and .ci/run starts both for it. One file at a time: the cases share
// the cluster's CPUs.
export default defineConfig({
  test: {
    name: "slurm",
    include: ["apps/server/test/**/*.slurm.test.ts", "apps/server/test/**/*.sshd.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
