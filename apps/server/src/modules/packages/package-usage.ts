// What packages do to money (docs/billing/rules.md §13): the discount of the organisation's active
// discount package on a prepaid order, and the unit-hours of active resource packages that
// postpaid metering takes before it charges money. Both read the package's own validity window,
// so a package past its end stops applying even before the expiry sweep marks it expired.
import type { SpecChoice } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { newId } from "../../platform/ids";
import { discountPackagesAt, lockUsableResourcePackages, recordPackageUse } from "./package-usage.repo";

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
      usageStart: new Date(start.getTime() + u.first * HOUR_MS),
      usageEnd: new Date(start.getTime() + (u.last + 1) * HOUR_MS),
      at: now,
    });
  }
  return covered;
}
