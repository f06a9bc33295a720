import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../src/platform/db/client";
import { createSimulatorNetwork } from "../../src/providers/network/simulator-network";
import { createSimulatorProvider, SIMULATOR_DELAYS } from "../../src/providers/simulator/simulator.provider";
import { startTestApp, type TestApp } from "../support/harness";
import { defineComputeContract } from "./compute-contract";

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

// The longest operation the contract waits for, and a second more.
const LONGEST_MS = (Math.max(...Object.values(SIMULATOR_DELAYS.create), SIMULATOR_DELAYS.start) + 1) * 1000;

defineComputeContract("simulator", () => {
  const network = createSimulatorNetwork({ db, clock: t.clock });
  const provider = createSimulatorProvider({ db, clock: t.clock, network });
  return {
    provider,
    network,
    orgId: (tag) => `compute-contract-${tag}`,
    product: { flavorId: "c2m4", imageId: "ubuntu-22.04" },
    settle: async (ref) => {
      t.clock.advance(LONGEST_MS);
      return provider.get(ref);
    },
    // The simulator names a host's port with the host's own reference.
    deviceRefOf: (ref) => ref,
  };
});
