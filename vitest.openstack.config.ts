import { defineConfig } from "vitest/config";

// The OpenStack suite: the network contract and what only a real cloud shows, against the
// loopback OpenStack of scripts/openstack/start.sh (its .openstack/env says where it is). Not in
// `npm test`; `npm run test:openstack` runs it, and .ci/run starts the cloud for it. One file at a
// time: Neutron on two shared cores answers slowly enough already.
export default defineConfig({
  test: {
    name: "openstack",
    include: ["apps/server/test/**/*.openstack.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    // Set-ups start the app while the PostgreSQL run, the build and the browser tests share the two
    // cores (.ci/run): a minute was seen to run out there, as in the Slurm suite.
    hookTimeout: 180_000,
  },
});
