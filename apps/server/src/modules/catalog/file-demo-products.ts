// The demo catalogue's file storage (`/mgt/share`) and elastic file service (`/mgt/scalableFile`),
// issue 16 item 2: capacity 50 to 500 GB in steps of 10, prepaid and postpaid, priced per GB a
// month (postpaid by the hour at ÷ 720). A share speaks NFS or CIFS, an elastic file NFS. 100 GB
// of a share is 35 a month, of an elastic file 50.
import type { SpecSchema } from "@skyledger/contracts";

const share: SpecSchema = { kind: "share", protocols: ["NFS", "CIFS"], minGb: 50, maxGb: 500 };
const scalableFile: SpecSchema = { kind: "scalableFile", protocols: ["NFS"], minGb: 50, maxGb: 500 };

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const FILE_DEMO_PRODUCTS = [
  {
    code: "sfs-share",
    zh: "文件存储",
    en: "File storage",
    category: "file-storage",
    spec: share,
    prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
    postpaid: true,
    listingState: "listed" as const,
    policies: [],
    prices: [["capacity", "0.35"]] as [dimension: string, unitPrice: string][],
  },
  {
    code: "sfs-turbo",
    zh: "弹性文件服务",
    en: "Elastic file service",
    category: "file-storage",
    spec: scalableFile,
    prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
    postpaid: true,
    listingState: "listed" as const,
    policies: [],
    prices: [["capacity", "0.5"]] as [dimension: string, unitPrice: string][],
  },
];
