// The demo's package offers (demo mode): a discount package and two resource packages, listed, so
// the public package page (`/applyPackage`) and Cost centre → Packages show something to buy right
// after `npm start`. Seeded only while no offer exists at all — a fresh demo, or one seeded before
// these offers were — so offers an operator changed, delisted or replaced are never touched. The
// core-hour and GPU-hour packages of the shared pools came later: each is added once when no offer
// of its id or code exists, so a demo seeded before them gets them too.
import { parseYuan } from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { anyOffer, insertOffer, insertOfferIfMissing } from "./packages.repo";

const id = (n: number) => `00000000-0000-4000-9400-${String(n).padStart(12, "0")}`;

export async function seedDemoPackageOffers(tx: Tx, now: Date): Promise<void> {
  const common = { listingState: "listed" as const, createdAt: now, updatedAt: now };
  await seedHpcPackageOffers(tx, common);
  if (await anyOffer(tx, [id(4), id(5)])) return;
  await insertOffer(tx, {
    ...common,
    id: id(1),
    code: "demo-compute-discount",
    nameZh: "算力折扣包（云主机与云硬盘8折）",
    nameEn: "Compute discount package (20 % off hosts and disks)",
    kind: "discount",
    discountHundredths: 80,
    productCodes: ["ecs-standard", "evs-disk"],
    validityMonths: 12,
    price: parseYuan("999"),
  });
  await insertOffer(tx, {
    ...common,
    id: id(2),
    code: "demo-host-hours",
    nameZh: "通用型云主机资源包（2核4GB，720小时）",
    nameEn: "Cloud host package (2 vCPU / 4 GB, 720 hours)",
    kind: "resource",
    productCode: "ecs-standard",
    dimension: "flavor:c2m4",
    unitHours: 720,
    validityMonths: 3,
    price: parseYuan("120"),
  });
  await insertOffer(tx, {
    ...common,
    id: id(3),
    code: "demo-ssd-hours",
    nameZh: "SSD云硬盘资源包（100GB，一个月）",
    nameEn: "SSD disk package (100 GB for a month)",
    kind: "resource",
    productCode: "evs-disk",
    dimension: "diskType:ssd",
    // 100 GB × 720 hours.
    unitHours: 72_000,
    validityMonths: 1,
    price: parseYuan("80"),
  });
}

/** Core-hours of the HPC shared pool and GPU-hours of the AI shared pool (rules §14 "Packages first"). */
async function seedHpcPackageOffers(
  tx: Tx,
  common: { listingState: "listed"; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await insertOfferIfMissing(tx, {
    ...common,
    id: id(4),
    code: "hpc-core-hours-1000",
    nameZh: "HPC共享资源池核时包（1000核时）",
    nameEn: "HPC shared pool core-hour package (1,000 core-hours)",
    kind: "resource",
    productCode: "hpc-shared",
    dimension: "coreHour",
    // 1 000 core-hours at 0.35 would cost 350: the package is 300.
    unitHours: 1000,
    validityMonths: 6,
    price: parseYuan("300"),
  });
  await insertOfferIfMissing(tx, {
    ...common,
    id: id(5),
    code: "ai-gpu-hours-100",
    nameZh: "AI共享资源池卡时包（100 GPU卡时）",
    nameEn: "AI shared pool GPU-hour package (100 GPU-hours)",
    kind: "resource",
    productCode: "ai-shared",
    dimension: "gpuHour",
    // 100 GPU-hours at 12 would cost 1 200: the package is 1 000.
    unitHours: 100,
    validityMonths: 3,
    price: parseYuan("1000"),
  });
}
