// What packages do to money (docs/billing/rules.md §13): the discount of the organisation's active
// discount package on a prepaid order, and the unit-hours of active resource packages that
// postpaid metering takes before it charges money. Both read the package's own validity window,
// so a package past its end stops applying even before the expiry sweep marks it expired.
import {
  type HpcCover,
  type HpcPackage,
  type HpcPackageDimension,
  unitHoursOf,
  unitSecondsOf,
} from "@skyledger/billing";
import type { SpecChoice } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import {
  discountPackagesAt,
  hpcPackagesAt,
  hpcPackagesHeld,
  lockHpcPackages,
  lockUsableResourcePackages,
  recordHpcPackageUse,
  recordPackageUse,
} from "./package-usage.repo";

const HOUR_MS = 3_600_000;

/** The organisation's discount package valid at `at` for the product, if any (one per period). */
export async function activeDiscountPackage(
  db: Db,
  orgId: string,
  productCode: string,
  at: Date,
): Promise<{ id: string; discountHundredths: number } | null> {
  const rows = await discountPackagesAt(db, orgId, at);
  const found = rows.find((p) => p.productCodes.length === 0 || p.productCodes.includes(productCode));
  return found && found.discountHundredths !== null
    ? { id: found.id, discountHundredths: found.discountHundredths }
    : null;
}

/** The priced dimension a running resource falls on and how many of its units it uses per hour. */
export function resourceDimension(
  kind: string,
  spec: SpecChoice,
): { dimension: string; units: number } | null {
  switch (kind) {
    case "host":
      return spec.flavorId ? { dimension: `flavor:${spec.flavorId}`, units: 1 } : null;
    case "disk":
      return spec.diskType && spec.sizeGb
        ? { dimension: `diskType:${spec.diskType}`, units: spec.sizeGb }
        : null;
    case "elasticIp":
      return { dimension: "bandwidth", units: spec.bandwidthMbps ?? 1 };
    default:
      return spec.optionId ? { dimension: `option:${spec.optionId}`, units: spec.units ?? 1 } : null;
  }
}

type MeteredResource = {
  id: string;
  orgId: string;
  kind: string;
  name: string;
  productCode: string | null;
  spec: SpecChoice;
};

/**
 * Takes the hours [start, start + hours h) of a postpaid resource from its organisation's active
 * resource packages of the same product and dimension, inside the caller's transaction with the
 * package rows locked. An hour is covered when it begins inside a package's validity window and
 * the package still holds the resource's units for a whole hour; packages ending soonest are used
 * first. Records one consumption row per package used and returns the hours covered.
 */
export async function consumeResourcePackages(
  tx: Db,
  r: MeteredResource,
  start: Date,
  hours: number,
  now: Date,
): Promise<number> {
  if (!r.productCode || hours <= 0) return 0;
  const dim = resourceDimension(r.kind, r.spec);
  if (!dim || dim.units <= 0) return 0;
  const end = new Date(start.getTime() + hours * HOUR_MS);
  const packages = await lockUsableResourcePackages(tx, {
    orgId: r.orgId,
    productCode: r.productCode,
    dimension: dim.dimension,
    units: dim.units,
    start,
    end,
  });
  if (packages.length === 0) return 0;
  const remaining = new Map(packages.map((p) => [p.id, p.remainingUnitHours]));
  const used = new Map<string, { hours: number; first: number; last: number }>();
  let covered = 0;
  for (let i = 0; i < hours; i++) {
    const at = start.getTime() + i * HOUR_MS;
    const p = packages.find(
      (c) => c.validFrom.getTime() <= at && at < c.validUntil.getTime() && remaining.get(c.id)! >= dim.units,
    );
    if (!p) continue;
    remaining.set(p.id, remaining.get(p.id)! - dim.units);
    const u = used.get(p.id) ?? { hours: 0, first: i, last: i };
    used.set(p.id, { hours: u.hours + 1, first: u.first, last: i });
    covered++;
  }
  for (const [packageId, u] of used) {
    const left = remaining.get(packageId)!;
    await recordPackageUse(tx, left, now, {
      id: newId(),
      packageId,
      orgId: r.orgId,
      resourceId: r.id,
      resourceName: r.name,
      hours: u.hours,
      unitHours: u.hours * dim.units,
      unitSeconds: BigInt(u.hours * dim.units) * 3600n,
      usageStart: new Date(start.getTime() + u.first * HOUR_MS),
      usageEnd: new Date(start.getTime() + (u.last + 1) * HOUR_MS),
      at: now,
    });
  }
  return covered;
}

/**
 * The organisation's core-hour and GPU-hour packages of the pool's product that an HPC run over
 * [start, end) may draw on, locked in the run's transaction (rules §14 "Packages first").
 */
export async function hpcPackagesFor(
  tx: Db,
  q: { orgId: string; productCode: string | null; start: Date; end: Date },
): Promise<HpcPackage[]> {
  if (!q.productCode) return [];
  const rows = await lockHpcPackages(tx, { ...q, productCode: q.productCode });
  return rows.map((p) => ({
    id: p.id,
    dimension: p.dimension as HpcPackageDimension,
    validFrom: p.validFrom,
    validUntil: p.validUntil,
    remainingUnitSeconds: unitSecondsOf(p.remainingUnitHours, p.remainingPartSeconds),
  }));
}

/** Writes what a run took from each package (its remainder and one consumption record per package). */
export async function takeHpcPackages(
  tx: Db,
  cover: HpcCover,
  use: { orgId: string; poolId: string; poolName: string; start: Date; end: Date; now: Date },
): Promise<void> {
  const hours = Math.round((use.end.getTime() - use.start.getTime()) / HOUR_MS);
  for (const [packageId, u] of cover.packages) {
    if (u.used === 0n) continue;
    await recordHpcPackageUse(tx, unitHoursOf(u.left), use.now, {
      id: newId(),
      packageId,
      orgId: use.orgId,
      resourceId: use.poolId,
      resourceName: use.poolName,
      hours,
      unitHours: Number(u.used / 3600n),
      unitSeconds: u.used,
      usageStart: use.start,
      usageEnd: use.end,
      at: use.now,
    });
  }
}

/** What the organisation's active core-hour (GPU-hour) packages of the product hold at `at`, in unit-seconds. */
export async function hpcPackageSecondsLeft(
  db: Db,
  q: { orgId: string; productCode: string | null; dimension: HpcPackageDimension; at: Date },
): Promise<bigint> {
  if (!q.productCode) return 0n;
  const rows = await hpcPackagesAt(db, { ...q, productCode: q.productCode });
  return rows.reduce((s, p) => s + unitSecondsOf(p.remainingUnitHours, p.remainingPartSeconds), 0n);
}

/** The pool page's package balance: active core-hour and GPU-hour packages of the product, soonest ending first. */
export async function hpcPackageBalance(
  db: Db,
  q: { orgId: string; productCode: string | null; at: Date; locale: "zh-CN" | "en-US" },
) {
  if (!q.productCode) return [];
  const rows = await hpcPackagesHeld(db, { ...q, productCode: q.productCode });
  return rows.map((p) => ({
    id: p.id,
    name: q.locale === "zh-CN" ? p.nameZh : p.nameEn,
    dimension: p.dimension as HpcPackageDimension,
    remainingHours: (Number(unitSecondsOf(p.remainingUnitHours, p.remainingPartSeconds)) / 3600).toFixed(2),
    totalHours: p.totalUnitHours,
    validFrom: p.validFrom.toISOString(),
    validUntil: p.validUntil.toISOString(),
  }));
}
