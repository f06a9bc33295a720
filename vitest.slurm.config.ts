import { defineConfig } from "vitest/config";

// The real-backend suite: the cluster contract and Slurm's own limits against a real one-node
// cluster (scripts/slurm/start.sh), the HPC terminal and remote login to hosts (web SSH) against a
// real sshd (scripts/sshd/start.sh; it makes Unix users, so it runs as root), and host monitoring
// against a real Prometheus scraping node-exporter (scripts/prometheus/start.sh). Not in `npm test`;
// `npm run test:slurm` runs it, and .ci/run starts all three for it. One file at a time: the cases share
// the cluster's CPUs.
export default defineConfig({
  test: {
    name: "slurm",
    include: [
      "apps/server/test/**/*.slurm.test.ts",
      "apps/server/test/**/*.sshd.test.ts",
      "apps/server/test/**/*.prometheus.test.ts",
    ],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    // Set-ups start the app and buy hosts while the PostgreSQL run, the build and the browser tests
    // share the two cores (.ci/run): a minute was seen to run out there.
    hookTimeout: 180_000,
  },
});
