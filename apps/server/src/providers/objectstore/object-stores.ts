// The object store tenants' buckets are made in: Swift's S3 API with Keystone's keys when the
// OBS_* settings name one, the simulator (the embedded default) otherwise (decision 0026). Making the
// real one binds the access-log listener, hence the promise; it is closed when the app stops.
import type { BlobStore } from "../../platform/blobs/blob-store";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import type { ObjectStore } from "./object-store";
import { createS3ObjectStore, type S3StoreConfig } from "./s3-object-store";
import { createSimulatedObjectStore } from "./simulated-object-store";

export async function createObjectStore(
  config: { publicUrl: string; s3: S3StoreConfig | undefined },
  deps: { db: Db; clock: Clock; blobs: BlobStore; secrets: Secrets; log: (message: string) => void },
): Promise<ObjectStore & { close?(): Promise<void> }> {
  if (config.s3) return createS3ObjectStore(config.s3, deps);
  return createSimulatedObjectStore({ ...deps, endpoint: config.publicUrl });
}
