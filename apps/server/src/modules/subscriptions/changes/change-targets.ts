// What a configuration change asks for, kind by kind: a host moves to another flavour of its product,
// a cloud disk grows, an elastic IP takes another bandwidth, a database another class or more
// storage, a cache instance another memory plan, a message queue another plan. The capacity of storage (disks, and the
// kinds storage-rules.ts names) follows the one rule set of packages/billing (storage-capacity.ts):
// 50–500 GB within the product's range, more than the capacity in use, a disk never smaller, at
// most the configured step at a time, the configured number a rolling day and a rolling week. Each
// refusal has its own code, and all are checked before anything changes. The scalings are counted
// from the resource's change orders (a storage change only changes the capacity, so each is one).
import {
  checkScalingWindows,
  checkStorageScaling,
  type Money,
  monthlyPrice,
  type StorageLimits,
} from "@skyledger/billing";
import {
  CACHE_MEMORY_DIMENSION,
  ELASTIC_IP_MAX_MBPS,
  FILE_CAPACITY_DIMENSION,
  queuePlanDimension,
  rdsClassDimension,
  type SpecChoice,
  type SpecSchema,
} from "@skyledger/contracts";
import type { Principal } from "../../../platform/auth/principal";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { Provider } from "../../../providers/provider";
import { cacheSpecOf } from "../../cache/cache-domain";
import { findPrice, findProduct } from "../../catalog/catalog.repo";
import { priceModelOf } from "../../catalog/product-pricing.service";
import {
  DEFAULT_STORAGE_SCALING,
  isStorageKind,
  type StorageKind,
  type StorageScalingSettings,
  storageLimits,
  storageRefusalError,
} from "../../catalog/storage-rules";
import { queueSpecOf } from "../../queue/queue-domain";
import { rdsSpecOf } from "../../rds/rds-domain";
import { resourceSpecOf } from "../../resources/resource-spec";
import type { ResourceKind, ResourceSpec, resources } from "../../resources/resources.schema";
import { changeTimesOf } from "../subscriptions.repo";

type ResourceRow = typeof resources.$inferSelect;

export type ChangeTarget = {
  spec: ResourceSpec;
  /** A month of the new configuration at list price, before the contract discount. */
  monthly: Money;
  discountHundredths: number | null;
  /** The figure that changes, before and after, for the order's log and the audit trail. */
  from: string;
  to: string;
};

const WEEK_MS = 7 * 24 * 3_600_000;

/** Who may change what: the configuration change code, or the code of the resource's own pages. */
const CHANGE_CODES: Record<ResourceKind, readonly string[]> = {
  host: ["CB2004", "CB01"],
  disk: ["CB2004", "CB02"],
  elasticIp: ["CB2004", "CB09"],
  snapshot: [],
  // A pool's limits are its product's; they are not changed by a configuration change.
  hpcPool: [],
  aiPlatform: [],
  // A database's class and storage, a cache instance's memory plan, a queue's plan: the
  // configuration change code or the service's own.
  rds: ["CB2004", "CB04"],
  cache: ["CB2004", "CB13"],
  queue: ["CB2004", "CB14"],
  // A share's and an elastic file's capacity (the file-service manage set's codes).
  share: ["CB2004", "CB1001"],
  scalableFile: ["CB2004", "CB2003"],
  // A bucket has no size to change: it holds what is put in it, charged by the hour (storage class
  // and access are set on the bucket itself).
  bucket: [],
  // A bare-metal server is one physical machine: another flavour is another machine, bought anew.
  bareMetal: [],
};

/** The routes admit any of the codes; the resource's kind decides which of them count. */
export function assertMayChange(principal: Principal, kind: ResourceKind): void {
  if (!CHANGE_CODES[kind].some((code) => principal.permissions.has(code))) {
    throw new DomainError("NO_PERMISSION");
  }
}

export function createChangeTargets(deps: {
  db: Db;
  provider: Provider;
  timeZone: string;
  storage?: StorageScalingSettings;
}) {
  const { timeZone } = deps;
  const settings = deps.storage ?? DEFAULT_STORAGE_SCALING;
  const notCalculable = () => new DomainError("PRICE_NOT_CALCULABLE");
  // Shown to the tenant in the business time zone, to the minute.
  const local = (at: Date) => at.toLocaleString("sv-SE", { timeZone }).slice(0, 16);

  async function productSpec(r: ResourceRow, tx: Db = deps.db): Promise<SpecSchema> {
    const found = r.productId ? await findProduct(tx, r.productId) : undefined;
    if (!found) throw notCalculable();
    return found.p.spec;
  }

  async function priced(r: ResourceRow, dimension: string, units: number) {
    const row = await findPrice(deps.db, r.productId!, dimension);
    if (!row) throw notCalculable();
    const price = monthlyPrice(priceModelOf(row), units);
    if (!price.ok) throw notCalculable();
    return { monthly: price.amount, discountHundredths: row.discountHundredths };
  }

  /** The product's size range of a storage resource (its spec's kind is the resource's). */
  async function storageProduct(r: ResourceRow, tx: Db = deps.db) {
    const product = await productSpec(r, tx);
    if (product.kind !== r.kind || !("minGb" in product)) throw notCalculable();
    return product as Extract<SpecSchema, { kind: StorageKind }>;
  }

  /**
   * Refuses a scaling the rolling day or week has no room for; `tx` may hold the resource's lock.
   * Other kinds have no such limit.
   */
  async function assertExpansionAllowed(tx: Db, r: ResourceRow, now: Date): Promise<void> {
    if (!isStorageKind(r.kind)) return;
    // Read in `tx`: on an embedded database a second connection would wait for this transaction.
    const limits = storageLimits(r.kind, await storageProduct(r, tx), settings);
    const times = await changeTimesOf(tx, r.id, new Date(now.getTime() - WEEK_MS));
    const verdict = checkScalingWindows(times, limits, now);
    if (!verdict.ok) throw storageRefusalError(r.kind, verdict.refusal, local);
  }

  async function host(r: ResourceRow, choice: SpecChoice): Promise<ChangeTarget> {
    const flavorId = choice.flavorId;
    if (!flavorId || flavorId === r.spec.flavorId) throw new DomainError("CONFIG_UNCHANGED");
    const spec = {
      ...resourceSpecOf(await productSpec(r), { ...r.spec, flavorId }, r.spec.keyPairId ?? null),
      imageId: r.spec.imageId,
    };
    const price = await priced(r, `flavor:${flavorId}`, 1);
    return { spec, ...price, from: r.spec.flavorId ?? "", to: flavorId };
  }

  /** The dimension a storage resource's capacity is priced on. */
  const capacityDimension = (r: ResourceRow) =>
    r.kind === "disk" ? `diskType:${r.spec.diskType}` : FILE_CAPACITY_DIMENSION;

  async function storage(
    tx: Db,
    r: ResourceRow,
    kind: StorageKind,
    choice: SpecChoice,
    now: Date,
  ): Promise<ChangeTarget> {
    const product = await storageProduct(r, tx);
    if (kind === "disk" && choice.diskType !== undefined && choice.diskType !== r.spec.diskType) {
      throw new DomainError("DISK_TYPE_UNCHANGEABLE");
    }
    const current = r.spec.sizeGb ?? 0;
    const size = choice.sizeGb;
    if (size === undefined || size === current) throw new DomainError("CONFIG_UNCHANGED");
    // Without a figure from the provider the current size is the floor (a disk's; a share's is 0).
    const used = r.providerRef ? (await deps.provider.get(r.providerRef))?.usedGb : undefined;
    const verdict = checkStorageScaling({
      currentGb: current,
      requestedGb: size,
      usedGb: used ?? null,
      earlier: await changeTimesOf(tx, r.id, new Date(now.getTime() - WEEK_MS)),
      now,
      limits: storageLimits(kind, product, settings),
    });
    if (!verdict.ok) throw storageRefusalError(kind, verdict.refusal, local);
    const price = await priced(r, capacityDimension(r), size);
    return { spec: { ...r.spec, sizeGb: size }, ...price, from: `${current} GB`, to: `${size} GB` };
  }

  async function elasticIp(r: ResourceRow, choice: SpecChoice): Promise<ChangeTarget> {
    const product = await productSpec(r);
    if (product.kind !== "elasticIp") throw notCalculable();
    const current = r.spec.bandwidthMbps ?? product.defaultMbps;
    const mbps = choice.bandwidthMbps;
    if (mbps === undefined || mbps === current) throw new DomainError("CONFIG_UNCHANGED");
    const max = Math.min(ELASTIC_IP_MAX_MBPS, product.maxMbps);
    if (mbps < 1 || mbps > max) throw new DomainError("BANDWIDTH_OUT_OF_RANGE", { min: 1, max });
    const price = await priced(r, "bandwidth", mbps);
    return {
      spec: { ...r.spec, bandwidthMbps: mbps },
      ...price,
      from: `${current} Mbit/s`,
      to: `${mbps} Mbit/s`,
    };
  }

  /** Another class, more storage, or both; a database's storage never shrinks. */
  async function rds(r: ResourceRow, choice: SpecChoice): Promise<ChangeTarget> {
    const product = await productSpec(r);
    if (product.kind !== "rds") throw notCalculable();
    const current = { flavorId: r.spec.flavorId, sizeGb: r.spec.sizeGb ?? 0 };
    const wanted = { flavorId: choice.flavorId ?? current.flavorId, sizeGb: choice.sizeGb ?? current.sizeGb };
    if (wanted.flavorId === current.flavorId && wanted.sizeGb === current.sizeGb)
      throw new DomainError("CONFIG_UNCHANGED");
    if (wanted.sizeGb < current.sizeGb)
      throw new DomainError("RDS_STORAGE_SHRINK", { current: current.sizeGb });
    const spec = rdsSpecOf(product, { ...wanted, engine: r.spec.engine as SpecChoice["engine"] });
    const price = await priced(r, rdsClassDimension(spec.flavorId!), spec.sizeGb!);
    const figures = (s: { flavorId?: string | undefined; sizeGb: number }) =>
      `${s.flavorId ?? ""} · ${s.sizeGb} GB`;
    return { spec, ...price, from: figures(current), to: figures(wanted) };
  }

  /** Another memory plan, large enough for what the keys took at the last measurement. */
  async function cache(r: ResourceRow, choice: SpecChoice): Promise<ChangeTarget> {
    const product = await productSpec(r);
    if (product.kind !== "cache") throw notCalculable();
    const current = r.spec.memoryGb;
    const memoryGb = choice.memoryGb;
    if (memoryGb === undefined || memoryGb === current) throw new DomainError("CONFIG_UNCHANGED");
    const spec = cacheSpecOf(product, { memoryGb });
    const usedGb = r.providerRef ? ((await deps.provider.get(r.providerRef))?.usedGb ?? 0) : 0;
    if (usedGb > memoryGb)
      throw new DomainError("CACHE_MEMORY_BELOW_USED", { used: `${usedGb.toFixed(2)} GB`, memory: memoryGb });
    const price = await priced(r, CACHE_MEMORY_DIMENSION, memoryGb);
    return { spec, ...price, from: `${current} GB`, to: `${memoryGb} GB` };
  }

  /** Another plan of queues and connections. */
  async function queue(r: ResourceRow, choice: SpecChoice): Promise<ChangeTarget> {
    const product = await productSpec(r);
    if (product.kind !== "queue") throw notCalculable();
    if (!choice.flavorId || choice.flavorId === r.spec.flavorId) throw new DomainError("CONFIG_UNCHANGED");
    const spec = queueSpecOf(product, choice);
    const price = await priced(r, queuePlanDimension(spec.flavorId!), 1);
    return { spec, ...price, from: r.spec.flavorId ?? "", to: spec.flavorId! };
  }

  return {
    assertExpansionAllowed,

    /** How a storage resource's capacity may change (what its forms show); null for other kinds. */
    async storageLimitsOf(r: ResourceRow): Promise<StorageLimits | null> {
      if (!isStorageKind(r.kind)) return null;
      return storageLimits(r.kind, await storageProduct(r), settings);
    },

    /**
     * The new configuration and its price, or the first rule the choice breaks. `tx` reads the
     * storage's earlier scalings (inside the change's transaction, under the resource's lock).
     */
    async of(r: ResourceRow, choice: SpecChoice, now: Date, tx: Db = deps.db): Promise<ChangeTarget> {
      // A snapshot has no configuration of its own to change, a pool's limits are its product's.
      // A bucket is usage-rated: it has no configuration that is priced. A bare-metal server is a
      // whole physical machine: another flavour is another machine, bought anew.
      if (
        r.kind === "snapshot" ||
        r.kind === "hpcPool" ||
        r.kind === "aiPlatform" ||
        r.kind === "bucket" ||
        r.kind === "bareMetal"
      )
        throw new DomainError("RESOURCE_STATE_INVALID", { status: r.kind });
      if (!r.productId) throw notCalculable();
      switch (r.kind) {
        case "host":
          return host(r, choice);
        case "disk":
        case "share":
        case "scalableFile":
          return storage(tx, r, r.kind, choice, now);
        case "elasticIp":
          return elasticIp(r, choice);
        case "rds":
          return rds(r, choice);
        case "cache":
          return cache(r, choice);
        case "queue":
          return queue(r, choice);
      }
    },
  };
}
export type ChangeTargets = ReturnType<typeof createChangeTargets>;
