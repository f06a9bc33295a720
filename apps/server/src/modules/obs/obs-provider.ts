// The provider SPI (providers/provider.ts) for kind bucket: what provisioning, the lifecycle and
// the release ask of a bucket, done in the object store. create = the bucket with the resource's
// name, class and access (a retried create finds what the first made); get = available (stopped
// while frozen: the console then refuses writes); delete = the last part hour charged, then every
// object and the bucket gone. Refs are `obs:<resource id>` so the wiring routes them here. A
// bucket is usage-rated (obs-accounting.ts), so metering sees no running time.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import {
  BucketTakenError,
  type ObjectStore,
  ObjectStoreError,
} from "../../providers/objectstore/object-store";
import { managedInstance, type Provider, ProviderError } from "../../providers/provider";
import { findResource } from "../resources/resources.repo";
import { findBucket, insertBucket, updateBucket } from "./obs.repo";
import { hourFloor } from "./obs-accounting";

export const OBS_REF_PREFIX = "obs:";
const idOf = (ref: string) => ref.slice(OBS_REF_PREFIX.length);

const asInstance = (ref: string, frozen: boolean) => managedInstance(ref, "bucket", frozen);

/** Runs `call`, reporting the store's refusal as the provider SPI does (kept in the order's log). */
async function provided<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof BucketTakenError) throw new ProviderError(`the bucket name is taken: ${err.message}`);
    throw err instanceof ObjectStoreError ? new ProviderError(err.message) : err;
  }
}

export function createObsProvider(deps: {
  db: Db;
  clock: Clock;
  store: ObjectStore;
  /** The release's last charge (obs-accounting.ts), before the bucket is deleted. */
  finalCharge: (resourceId: string) => Promise<unknown>;
}): Provider {
  const { db, clock, store } = deps;

  return {
    name: "simulator",

    async create({ clientToken: resourceId, kind }) {
      if (kind !== "bucket") throw new ProviderError(`the object storage provider does not make ${kind}`);
      const ref = `${OBS_REF_PREFIX}${resourceId}`;
      const found = await findBucket(db, resourceId);
      if (found && !found.droppedAt) return asInstance(ref, false);
      const r = await findResource(db, resourceId);
      const { bucketName, storageClass, acl } = r?.spec ?? {};
      if (!r || !bucketName || !storageClass || !acl)
        throw new ProviderError(`no bucket choice for ${resourceId}`);
      const tenant = { orgId: r.orgId };
      // Idempotent for the tenant's own bucket: a create retried after a crash goes on.
      await provided(() => store.createBucket(tenant, bucketName, { acl, storageClass }));
      const now = clock.now();
      try {
        await insertBucket(db, {
          resourceId,
          orgId: r.orgId,
          bucketName,
          storageClass,
          acl,
          simulated: store.simulated,
          endpoint: store.endpoint,
          region: store.region,
          ratedUntil: hourFloor(now),
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        // Compensation: the bucket made for this order must not outlive the failure.
        await store.deleteBucket(tenant, bucketName).catch(() => undefined);
        throw err;
      }
      return asInstance(ref, false);
    },

    async get(ref) {
      const row = await findBucket(db, idOf(ref));
      if (!row || row.droppedAt) return null;
      return asInstance(ref, (await findResource(db, row.resourceId))?.status === "frozen");
    },

    // A freeze or a thaw changes nothing in the store: the console refuses writes to a frozen bucket.
    async act(ref, action) {
      if (action.op === "stop" || action.op === "start") {
        const row = await findBucket(db, idOf(ref));
        if (!row || row.droppedAt) throw new ProviderError(`no bucket ${ref}`);
        return asInstance(ref, action.op === "stop");
      }
      throw new ProviderError(`a bucket cannot ${action.op}`);
    },

    async resize() {
      throw new ProviderError("a bucket has no size to change");
    },

    async delete(ref) {
      const row = await findBucket(db, idOf(ref));
      if (!row || row.droppedAt) return;
      // The last part hour is charged while the bytes are still there to be measured; a retried
      // delete finds the mark moved and charges nothing more.
      await deps.finalCharge(row.resourceId);
      await provided(() => store.deleteBucket({ orgId: row.orgId }, row.bucketName));
      await updateBucket(db, row.resourceId, { droppedAt: clock.now() }, clock.now());
    },

    // Usage-rated: the hourly accounting charges stored bytes and requests, not running time.
    async usage() {
      return { runningSeconds: 0 };
    },

    async metrics() {
      return [];
    },
  };
}
