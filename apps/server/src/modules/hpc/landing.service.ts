// The public landing of an HPC or AI pool product (`/apply/{id}`, no sign-in): what it is, where it
// runs, its limits and its unit prices, so that a visitor sees the offer before signing in to order.
import { applyDiscount, discountFromHundredths, formatYuan } from "@skyledger/billing";
import type { HpcProductLanding } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { findProduct, listPrices } from "../catalog/catalog.repo";
import { discountText } from "../catalog/catalog.service";
import { findCluster } from "./hpc.repo";
import { isDedicated } from "./hpc-domain";

export function createLandingService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** A listed pool product; anything else (unknown, delisted, not a pool) is not found. */
    async product(id: string): Promise<HpcProductLanding> {
      const found = await findProduct(db, id);
      const spec = found?.p.spec;
      if (found?.p.listingState !== "listed" || spec?.kind !== "hpcPool") throw new DomainError("NOT_FOUND");
      const cluster = await findCluster(db, spec.clusterId);
      const prices = await listPrices(db, [found.p.id]);
      return {
        id: found.p.id,
        code: found.p.code,
        nameZh: found.p.nameZh,
        nameEn: found.p.nameEn,
        categoryNameZh: found.categoryNameZh,
        categoryNameEn: found.categoryNameEn,
        poolType: spec.poolType,
        partition: spec.partition,
        clusterName: cluster?.name ?? "",
        simulated: cluster?.backend !== "slurm",
        limits: spec.limits,
        postpaid: found.p.postpaid,
        prepaidPeriods: found.p.prepaidPeriods,
        // A dedicated pool always waits for an operator (orders/ordering/third-party.ts).
        manualActivation: found.p.manualActivation || isDedicated(spec),
        maxNodes: isDedicated(spec) ? (spec.maxNodes ?? 1) : null,
        prices: prices.map((row) => ({
          dimension: row.dimension,
          unitPrice: formatYuan(row.unitPrice),
          discount: discountText(row.discountHundredths),
          discountedUnitPrice: formatYuan(
            row.discountHundredths === null
              ? row.unitPrice
              : applyDiscount(row.unitPrice, discountFromHundredths(row.discountHundredths)),
          ),
        })),
      };
    },
  };
}
