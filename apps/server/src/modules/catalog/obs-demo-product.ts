// The demo catalogue's object storage (`/mgt/obs`, issue 16 item 1): S3 buckets, postpaid only and
// usage-rated (a bucket costs nothing by itself): stored bytes by the hour at the class's price per
// GB-month ÷ 720 — standard 0.099, infrequent access 0.08, archive 0.033 — and requests at 0.01 per
// 10 000 (modules/obs/obs-accounting.ts).
import { OBS_REQUESTS_DIMENSION, obsStorageDimension, type SpecSchema } from "@skyledger/contracts";

const spec: SpecSchema = { kind: "bucket", storageClasses: ["standard", "infrequent", "archive"] };

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const OBS_DEMO_PRODUCT = {
  code: "obs-standard",
  zh: "对象存储OBS",
  en: "Object Storage",
  category: "object-storage",
  spec,
  prepaidPeriods: [] as number[],
  postpaid: true,
  listingState: "listed" as const,
  policies: [],
  prices: [
    [obsStorageDimension("standard"), "0.099"],
    [obsStorageDimension("infrequent"), "0.08"],
    [obsStorageDimension("archive"), "0.033"],
    [OBS_REQUESTS_DIMENSION, "0.01"],
  ] as [dimension: string, unitPrice: string][],
};
