// The object store tenants' buckets are made in: the simulator, the embedded default (decision
// 0026). A real S3-compatible store is chosen here behind the same type; making one may take
// network calls, hence the promise, and a store may hold something to close when the app stops.
import type { BlobStore } from "../../platform/blobs/blob-store";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ObjectStore } from "./object-store";
import { createSimulatedObjectStore } from "./simulated-object-store";

export async function createObjectStore(
  config: { publicUrl: string },
  deps: { db: Db; clock: Clock; blobs: BlobStore },
): Promise<ObjectStore & { close?(): Promise<void> }> {
  return createSimulatedObjectStore({ ...deps, endpoint: config.publicUrl });
}
