// The demo's simulated Slurm cluster (demo mode): the embedded simulator stands in for Slurm, so the
// HPC and AI shared pool products of the demo catalogue can be ordered without a cluster. Seeded
// once; an operator's later changes stay.
import { SIMULATOR_REST_URL } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { DEMO_CLUSTER_ID } from "../catalog/catalog.seed";
import { insertClusterIfMissing } from "./hpc.repo";

export async function seedDemoCluster(tx: Tx, now: Date): Promise<void> {
  await insertClusterIfMissing(tx, {
    id: DEMO_CLUSTER_ID,
    name: "Simulated Slurm cluster",
    backend: "simulator",
    restUrl: SIMULATOR_REST_URL,
    secretKind: "token",
    secret: "",
    adminUser: "slurm",
    parentAccount: "skyledger",
    clusterName: "simulated",
    loginHost: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    disabledAt: null,
  });
}
