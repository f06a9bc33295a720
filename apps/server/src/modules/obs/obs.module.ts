// Wires object storage (issue 16 item 1) on the object store the composition root made (the
// simulator unless a real one is configured, decision 0026): the service domain for bucket products, the provider that makes and
// deletes buckets, the hourly usage accounting the lifecycle step runs, and the tenant's routes.
// Called by subscriptions/services.module.ts, which routes providers by kind.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Secrets } from "../../platform/secrets";
import type { ObjectStore, ObjectStoreError } from "../../providers/objectstore/object-store";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import type { ResourcesService } from "../resources/resources.service";
import { registerObsRoutes } from "./obs.routes";
import { createObsService } from "./obs.service";
import { createObsAccounting } from "./obs-accounting";
import { withBuckets } from "./obs-domain";
import { createObsProvider, OBS_REF_PREFIX } from "./obs-provider";

export function createObs(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  timeZone: string;
  store: ObjectStore;
  /** The console's origin: share links of a store that cannot presign point at it. */
  publicUrl: string;
  onStoreError?: (resourceId: string, err: ObjectStoreError) => void;
}) {
  const { db, clock, store } = deps;
  const accounting = createObsAccounting({
    db,
    clock,
    timeZone: deps.timeZone,
    store,
    ...(deps.onStoreError ? { onStoreError: deps.onStoreError } : {}),
  });
  return {
    /** Orders' view of products: bucket ones here, the rest to `base`. */
    domain: (base: ServiceDomain) => withBuckets(base),
    /** The provider of kind bucket and the reference prefix of its instances. */
    route: {
      kind: "bucket" as const,
      refPrefix: OBS_REF_PREFIX,
      provider: createObsProvider({ db, clock, store, finalCharge: accounting.finalCharge }),
    },
    /** The hourly usage charge: part of the lifecycle step, before the lifecycle. */
    accounting,
    /** The tenant's routes, once the resources service they read through exists. */
    registerRoutes(ctx: ModuleContext, resources: ResourcesService) {
      registerObsRoutes(
        ctx,
        createObsService({
          ...deps,
          store,
          resources,
        }),
      );
    },
  };
}
