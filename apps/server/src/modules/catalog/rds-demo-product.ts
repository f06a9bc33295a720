// The demo catalogue's relational database (`/mgt/rds`, issue 16 item 4): PostgreSQL or MySQL
// (MariaDB), three classes, storage 20 to 500 GB in steps of 10, prepaid and postpaid. Each class
// is priced as a monthly base plus a price per GB of storage (postpaid by the hour at ÷ 720).
import type { SpecSchema } from "@skyledger/contracts";

const spec: SpecSchema = {
  kind: "rds",
  engines: ["postgresql", "mysql"],
  classes: [
    { id: "s2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4 },
    { id: "s4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8 },
    { id: "s8m16", name: "8 vCPU / 16 GB", vcpu: 8, memoryGb: 16 },
  ],
  minGb: 20,
  maxGb: 500,
};

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const RDS_DEMO_PRODUCT = {
  code: "rds-standard",
  zh: "关系型数据库",
  en: "Relational database",
  category: "database",
  spec,
  prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
  postpaid: true,
  listingState: "listed" as const,
  policies: [],
  prices: [
    ["class:s2m4", "0.8", "260"],
    ["class:s4m8", "0.8", "520"],
    ["class:s8m16", "0.8", "1040"],
  ] as [dimension: string, unitPrice: string, basePrice: string][],
};
