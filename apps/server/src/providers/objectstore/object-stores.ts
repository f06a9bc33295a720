// The object store tenants' buckets are made in: the simulator (the embedded default, decision
// 0026). A real S3-compatible store plugs in here behind the same type (object-store.ts).
import type { BlobStore } from "../../platform/blobs/blob-store";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ObjectStore } from "./object-store";
import { createSimulatedObjectStore } from "./simulated-object-store";

export function createObjectStore(
  config: { publicUrl: string },
  deps: { db: Db; clock: Clock; blobs: BlobStore },
): ObjectStore {
  return createSimulatedObjectStore({ ...deps, endpoint: config.publicUrl });
}
