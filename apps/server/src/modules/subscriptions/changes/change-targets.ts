// What a configuration change asks for, kind by kind: a host moves to another flavour of its product,
// a cloud disk grows, an elastic IP takes another bandwidth. Spec §5/§9 for disks: 50–500 GB (and
// the product's own range), more than the capacity in use, never smaller, at most
// DISK_EXPANSION_MAX_STEP_GB more at a time, DISK_EXPANSIONS_PER_DAY a day and
// DISK_EXPANSIONS_PER_WEEK a week. Each refusal has its own code, and all are checked before
// anything changes. The expansions are counted from the disk's change orders (a disk only grows,
// so each of them is one).
import { type Money, monthlyPrice } from "@skyledger/billing";
import {
  DISK_EXPANSION_MAX_STEP_GB,
  DISK_EXPANSIONS_PER_DAY,
  DISK_EXPANSIONS_PER_WEEK,
  ELASTIC_IP_MAX_MBPS,
  type SpecChoice,
  type SpecSchema,
  STORAGE_MAX_GB,
  STORAGE_MIN_GB,
} from "@skyledger/contracts";
import type { Principal } from "../../../platform/auth/principal";
import type { Db } from "../../../platform/db/client";
import { DomainError } from "../../../platform/http/errors";
import type { Provider } from "../../../providers/provider";
import { findPrice, findProduct } from "../../catalog/catalog.repo";
import { priceModelOf } from "../../catalog/product-pricing.service";
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** Who may change what: the configuration change code, or the code of the resource's own pages. */
const CHANGE_CODES: Record<ResourceKind, readonly string[]> = {
  host: ["CB2004", "CB01"],
  disk: ["CB2004", "CB02"],
  elasticIp: ["CB2004", "CB09"],
  snapshot: [],
  // A pool's limits are its product's; they are not changed by a configuration change.
  hpcPool: [],
  aiPlatform: [],
  // A database's class and storage are chosen when it is bought (decision 0022).
  rds: [],
  // A cache instance's memory plan too (decision 0021).
  cache: [],
  // A message-queue instance's plan too (decision 0024).
  queue: [],
};

/** The routes admit any of the codes; the resource's kind decides which of them count. */
export function assertMayChange(principal: Principal, kind: ResourceKind): void {
  if (!CHANGE_CODES[kind].some((code) => principal.permissions.has(code))) {
    throw new DomainError("NO_PERMISSION");
  }
}

/**
 * When a rolling window admits one more change: null when it already does, otherwise the moment
 * enough of the changes in it have aged out.
 */
export function nextFreeSlot(
  times: readonly Date[],
  limit: number,
  windowMs: number,
  now: Date,
): Date | null {
  const inWindow = times.filter((at) => now.getTime() - at.getTime() < windowMs);
  if (inWindow.length < limit) return null;
  return new Date(inWindow[inWindow.length - limit]!.getTime() + windowMs);
}

export function createChangeTargets(deps: { db: Db; provider: Provider; timeZone: string }) {
  const { timeZone } = deps;
  const notCalculable = () => new DomainError("PRICE_NOT_CALCULABLE");
  // Shown to the tenant in the business time zone, to the minute.
  const local = (at: Date) => at.toLocaleString("sv-SE", { timeZone }).slice(0, 16);

  async function productSpec(r: ResourceRow): Promise<SpecSchema> {
    const found = r.productId ? await findProduct(deps.db, r.productId) : undefined;
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

  /** Refuses an expansion the rolling day or week has no room for; `tx` may hold the disk's lock. */
  async function assertExpansionAllowed(tx: Db, r: ResourceRow, now: Date): Promise<void> {
    const times = await changeTimesOf(tx, r.id, new Date(now.getTime() - WEEK_MS));
    const daily = nextFreeSlot(times, DISK_EXPANSIONS_PER_DAY, DAY_MS, now);
    if (daily) {
      throw new DomainError("DISK_EXPANSION_DAILY_LIMIT", {
        limit: DISK_EXPANSIONS_PER_DAY,
        next: local(daily),
      });
    }
    const weekly = nextFreeSlot(times, DISK_EXPANSIONS_PER_WEEK, WEEK_MS, now);
    if (weekly) {
      throw new DomainError("DISK_EXPANSION_WEEKLY_LIMIT", {
        limit: DISK_EXPANSIONS_PER_WEEK,
        next: local(weekly),
      });
    }
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

  async function disk(tx: Db, r: ResourceRow, choice: SpecChoice, now: Date): Promise<ChangeTarget> {
    const product = await productSpec(r);
    if (product.kind !== "disk") throw notCalculable();
    if (choice.diskType !== undefined && choice.diskType !== r.spec.diskType) {
      throw new DomainError("DISK_TYPE_UNCHANGEABLE");
    }
    const current = r.spec.sizeGb ?? 0;
    const size = choice.sizeGb;
    if (size === undefined || size === current) throw new DomainError("CONFIG_UNCHANGED");
    const min = Math.max(STORAGE_MIN_GB, product.minGb);
    const max = Math.min(STORAGE_MAX_GB, product.maxGb);
    if (size < min || size > max) throw new DomainError("DISK_SIZE_OUT_OF_RANGE", { min, max });
    // Without a figure from the provider the current size is the floor (checked next).
    const used = r.providerRef ? (await deps.provider.get(r.providerRef))?.usedGb : undefined;
    if (used !== undefined && size <= used) throw new DomainError("DISK_SIZE_BELOW_USED", { used });
    if (size < current) throw new DomainError("DISK_SIZE_NOT_LARGER", { current });
    if (size - current > DISK_EXPANSION_MAX_STEP_GB) {
      throw new DomainError("DISK_EXPANSION_STEP_TOO_LARGE", { max: DISK_EXPANSION_MAX_STEP_GB });
    }
    await assertExpansionAllowed(tx, r, now);
    const price = await priced(r, `diskType:${r.spec.diskType}`, size);
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

  return {
    assertExpansionAllowed,

    /**
     * The new configuration and its price, or the first rule the choice breaks. `tx` reads the
     * disk's earlier expansions (inside the change's transaction, under the resource's lock).
     */
    async of(r: ResourceRow, choice: SpecChoice, now: Date, tx: Db = deps.db): Promise<ChangeTarget> {
      // A snapshot has no configuration of its own to change, a pool's limits are its product's.
      if (
        r.kind === "snapshot" ||
        r.kind === "hpcPool" ||
        r.kind === "aiPlatform" ||
        r.kind === "rds" ||
        r.kind === "cache" ||
        r.kind === "queue"
      )
        throw new DomainError("RESOURCE_STATE_INVALID", { status: r.kind });
      if (!r.productId) throw notCalculable();
      switch (r.kind) {
        case "host":
          return host(r, choice);
        case "disk":
          return disk(tx, r, choice, now);
        case "elasticIp":
          return elasticIp(r, choice);
      }
    },
  };
}
export type ChangeTargets = ReturnType<typeof createChangeTargets>;
