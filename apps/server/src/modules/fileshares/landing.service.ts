// The public landing of an elastic file product (`/apply/share/{id}`, no sign-in): what it offers
// (NFS, the capacities on sale, prepaid or postpaid) and its prices per GB, so that a visitor sees
// the offer before signing in to buy it. The HPC landing (hpc/landing.service.ts) is its twin.
import {
  applyDiscount,
  discountFromHundredths,
  formatYuan,
  hourlyPrice,
  NO_DISCOUNT,
} from "@skyledger/billing";
import { FILE_SIZE_STEP_GB, type ScalableFileProductLanding } from "@skyledger/contracts";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { findProduct, listPrices } from "../catalog/catalog.repo";
import { discountText } from "../catalog/catalog.service";

export function createFileLandingService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** A listed elastic file product; anything else (unknown, delisted, another kind) is not found. */
    async product(id: string): Promise<ScalableFileProductLanding> {
      const found = await findProduct(db, id);
      const spec = found?.p.spec;
      if (found?.p.listingState !== "listed" || spec?.kind !== "scalableFile")
        throw new DomainError("NOT_FOUND");
      const prices = await listPrices(db, [found.p.id]);
      const step = FILE_SIZE_STEP_GB;
      return {
        id: found.p.id,
        code: found.p.code,
        nameZh: found.p.nameZh,
        nameEn: found.p.nameEn,
        categoryNameZh: found.categoryNameZh,
        categoryNameEn: found.categoryNameEn,
        protocols: spec.protocols,
        // An order's capacity must be a multiple of the step within the range (contracts
        // file-share-spec.ts), so the range shown is the part of the product's that is on the step.
        minGb: Math.ceil(spec.minGb / step) * step,
        maxGb: Math.floor(spec.maxGb / step) * step,
        stepGb: step,
        postpaid: found.p.postpaid,
        prepaidPeriods: found.p.prepaidPeriods,
        manualActivation: found.p.manualActivation,
        // Decision 0025: every share and elastic file is made on the simulator for now.
        simulated: true,
        prices: prices.map((row) => {
          const discount =
            row.discountHundredths === null ? NO_DISCOUNT : discountFromHundredths(row.discountHundredths);
          return {
            dimension: row.dimension,
            unitPrice: formatYuan(row.unitPrice),
            discount: discountText(row.discountHundredths),
            discountedUnitPrice: formatYuan(applyDiscount(row.unitPrice, discount)),
            hourlyUnitPrice: formatYuan(hourlyPrice(row.unitPrice, discount)),
          };
        }),
      };
    },
  };
}
