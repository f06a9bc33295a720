// The product categories of every service type of spec §1 (always), and a demo catalogue with
// prices (demo mode): hosts without approval, with a one-level and with a two-level approval flow,
// disks, elastic IPs, a third-party service, HPC and AI shared pools on the simulated cluster and a
// product still waiting to be listed. Safe on every
// start: rows that exist are left as operators changed them, and products added to the demo later
// (appended, so each keeps its id) reach demo databases seeded before them.
import { parseYuan } from "@skyledger/billing";
import type { CloudEnv, SpecSchema } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";
import { BMS_DEMO_PRODUCT } from "./bms-demo-product";
import { CACHE_DEMO_PRODUCT } from "./cache-demo-product";
import {
  findProduct,
  insertCategoryIfMissing,
  insertPoliciesIfMissing,
  insertPrices,
  insertProductIfMissing,
  listPrices,
  updateProduct,
} from "./catalog.repo";
import { FILE_DEMO_PRODUCTS } from "./file-demo-products";
import { OBS_DEMO_PRODUCT } from "./obs-demo-product";
import { QUEUE_DEMO_PRODUCT } from "./queue-demo-product";
import { RDS_DEMO_PRODUCT } from "./rds-demo-product";

const id = (group: number, n: number) =>
  `00000000-0000-4000-9${String(group).padStart(3, "0")}-${String(n).padStart(12, "0")}`;

/** The demo's simulated Slurm cluster (seeded by modules/hpc/hpc.seed.ts), which its pools run on. */
export const DEMO_CLUSTER_ID = "00000000-0000-4000-9500-000000000001";

export const CATEGORIES: readonly [code: string, zh: string, en: string][] = [
  ["cloud-host", "云主机", "Cloud hosts"],
  ["block-storage", "云硬盘", "Cloud disks"],
  ["network", "网络与弹性公网IP", "Network and elastic IPs"],
  ["bare-metal", "裸金属服务器", "Bare metal"],
  ["database", "关系型数据库", "Relational databases"],
  ["object-storage", "对象存储", "Object storage"],
  ["file-storage", "文件存储", "File storage"],
  ["backup", "云备份", "Cloud backup"],
  ["container", "容器引擎", "Container engine"],
  ["middleware", "缓存与消息队列", "Cache and message queues"],
  ["hpc", "HPC资源池", "HPC resource pools"],
  ["ai-pool", "AI资源池", "AI resource pools"],
  ["ai-platform", "AI开发平台", "AI development platform"],
  ["package", "优惠包与资源包", "Discount and resource packages"],
];

const categoryId = (code: string) => id(0, CATEGORIES.findIndex(([c]) => c === code) + 1);

type DemoPrice = [dimension: string, unitPrice: string, basePrice?: string, discountHundredths?: number];
type DemoProduct = {
  code: string;
  zh: string;
  en: string;
  category: string;
  /** The simulator unless said. */
  provider?: CloudEnv;
  spec: SpecSchema;
  prepaidPeriods: number[];
  postpaid: boolean;
  listingState: "listed" | "pendingListing";
  /** No approval unless said (README: an order of an approval product waits under Order approval). */
  approvalFlow?: "oneLevel" | "twoLevels";
  policies: number[];
  prices: DemoPrice[];
  /**
   * Demo databases seeded before carry an earlier product of this code with this spec kind: while
   * it is still as seeded (waiting to be listed, unpriced), it becomes this one.
   */
  upgradesFrom?: SpecSchema["kind"];
};

const GPU_IMAGES = [{ id: "ubuntu-22.04-cuda", name: "Ubuntu 22.04 + CUDA 12" }];

const ALL_PERIODS = [1, 3, 6, 9, 12, 24, 36];

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    code: "ecs-standard",
    zh: "通用型云主机",
    en: "General-purpose cloud host",
    category: "cloud-host",
    spec: {
      kind: "host",
      flavors: [
        { id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0, gpuModel: "" },
        { id: "c4m8", name: "4 vCPU / 8 GB", vcpu: 4, memoryGb: 8, gpuCount: 0, gpuModel: "" },
        {
          id: "g8m64-a100",
          name: "8 vCPU / 64 GB / 1 × A100",
          vcpu: 8,
          memoryGb: 64,
          gpuCount: 1,
          gpuModel: "A100",
        },
      ],
      images: [
        { id: "ubuntu-22.04", name: "Ubuntu 22.04" },
        { id: "centos-7.9", name: "CentOS 7.9" },
        { id: "windows-2022", name: "Windows Server 2022" },
      ],
      systemDiskGb: 50,
    },
    prepaidPeriods: ALL_PERIODS,
    postpaid: true,
    listingState: "listed",
    policies: [1, 2],
    prices: [
      ["flavor:c2m4", "150"],
      ["flavor:c4m8", "300", undefined, 85],
      ["flavor:g8m64-a100", "6000"],
    ],
  },
  {
    code: "evs-disk",
    zh: "云硬盘",
    en: "Cloud disk",
    category: "block-storage",
    spec: {
      kind: "disk",
      diskTypes: [
        { id: "ssd", name: "SSD" },
        { id: "sata", name: "SATA" },
      ],
      minGb: 50,
      maxGb: 500,
    },
    prepaidPeriods: ALL_PERIODS,
    postpaid: true,
    listingState: "listed",
    policies: [],
    prices: [
      ["diskType:ssd", "1"],
      ["diskType:sata", "0.35"],
    ],
  },
  {
    code: "eip",
    zh: "弹性公网IP",
    en: "Elastic IP",
    category: "network",
    spec: { kind: "elasticIp", defaultMbps: 1, maxMbps: 200 },
    prepaidPeriods: ALL_PERIODS,
    postpaid: true,
    listingState: "listed",
    policies: [],
    prices: [["bandwidth", "23", "5"]],
  },
  {
    // A Slurm account on the simulated cluster, billed by the core-hour of its jobs.
    code: "hpc-shared",
    zh: "HPC共享资源池",
    en: "HPC shared resource pool",
    category: "hpc",
    spec: {
      kind: "hpcPool",
      poolType: "hpcShared",
      clusterId: DEMO_CLUSTER_ID,
      partition: "cpu",
      limits: { cpus: 64, gpus: 0, runningJobs: 20, maxSubmitJobs: 100, cpuMinutes: null },
    },
    prepaidPeriods: [],
    postpaid: true,
    listingState: "listed",
    policies: [],
    prices: [["coreHour", "0.35"]],
    upgradesFrom: "capacity",
  },
  {
    // A third-party service: delivered at a partner's cloud by an operator, who enters its
    // instance reference when activating the order (orders/third-party.ts).
    code: "partner-gpu-host",
    zh: "合作伙伴云GPU主机（第三方）",
    en: "Partner-cloud GPU host (third-party)",
    category: "cloud-host",
    provider: "thirdParty",
    spec: {
      kind: "host",
      flavors: [
        {
          id: "g16m128-a800",
          name: "16 vCPU / 128 GB / 1 × A800",
          vcpu: 16,
          memoryGb: 128,
          gpuCount: 1,
          gpuModel: "A800",
        },
        {
          id: "g32m256-a800x2",
          name: "32 vCPU / 256 GB / 2 × A800",
          vcpu: 32,
          memoryGb: 256,
          gpuCount: 2,
          gpuModel: "A800",
        },
      ],
      images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
      systemDiskGb: 100,
    },
    prepaidPeriods: [1, 3, 6, 12],
    postpaid: false,
    listingState: "listed",
    policies: [],
    prices: [
      ["flavor:g16m128-a800", "9800"],
      ["flavor:g32m256-a800x2", "19000"],
    ],
  },
  {
    // One-level approval: an operator's approval starts it.
    code: "gpu-a100",
    zh: "GPU云主机（一级审批）",
    en: "GPU cloud host (one-level approval)",
    category: "cloud-host",
    spec: {
      kind: "host",
      flavors: [
        {
          id: "g8m64-a100",
          name: "8 vCPU / 64 GB / 1 × A100",
          vcpu: 8,
          memoryGb: 64,
          gpuCount: 1,
          gpuModel: "A100",
        },
      ],
      images: GPU_IMAGES,
      systemDiskGb: 100,
    },
    prepaidPeriods: ALL_PERIODS,
    postpaid: true,
    listingState: "listed",
    approvalFlow: "oneLevel",
    policies: [1, 2],
    prices: [["flavor:g8m64-a100", "5800"]],
  },
  {
    // Two-level approval: an operator approves first, another administrator gives the final word.
    code: "gpu-a100x4",
    zh: "四卡GPU云主机（二级审批）",
    en: "4-GPU cloud host (two-level approval)",
    category: "cloud-host",
    spec: {
      kind: "host",
      flavors: [
        {
          id: "g32m256-a100x4",
          name: "32 vCPU / 256 GB / 4 × A100",
          vcpu: 32,
          memoryGb: 256,
          gpuCount: 4,
          gpuModel: "A100",
        },
      ],
      images: GPU_IMAGES,
      systemDiskGb: 200,
    },
    prepaidPeriods: [1, 3, 6, 12],
    postpaid: false,
    listingState: "listed",
    approvalFlow: "twoLevels",
    policies: [1],
    prices: [["flavor:g32m256-a100x4", "22000"]],
  },
  {
    // Jobs on the simulated cluster's GPU partition, billed by the GPU-hour and the core-hour.
    code: "ai-shared",
    zh: "AI共享资源池",
    en: "AI shared resource pool",
    category: "ai-pool",
    spec: {
      kind: "hpcPool",
      poolType: "aiShared",
      clusterId: DEMO_CLUSTER_ID,
      partition: "gpu",
      limits: { cpus: 32, gpus: 4, runningJobs: 10, maxSubmitJobs: 50, cpuMinutes: null },
    },
    prepaidPeriods: [],
    postpaid: true,
    listingState: "listed",
    policies: [],
    prices: [
      ["gpuHour", "12"],
      ["coreHour", "0.35"],
    ],
  },
  // Object storage (/mgt/obs). Earlier demo databases hold a pending-listing example of kind
  // `capacity` under this code; it is turned into the bucket product while an operator has not edited it.
  { ...OBS_DEMO_PRODUCT, upgradesFrom: "capacity" },
  // Appended (ids follow the position): whole nodes of the simulated cluster reserved for one
  // tenant, prepaid by the node and month; an operator approves each application (spec §1).
  {
    code: "hpc-dedicated",
    zh: "HPC专属资源池",
    en: "HPC dedicated pool",
    category: "hpc",
    spec: {
      kind: "hpcPool",
      poolType: "hpcDedicated",
      clusterId: DEMO_CLUSTER_ID,
      partition: "cpu",
      limits: { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
      maxNodes: 4,
    },
    prepaidPeriods: [1, 3, 6, 12],
    postpaid: false,
    listingState: "listed",
    policies: [],
    prices: [["node", "6800"]],
  },
  {
    code: "ai-dedicated",
    zh: "AI专属资源池",
    en: "AI dedicated pool",
    category: "ai-pool",
    spec: {
      kind: "hpcPool",
      poolType: "aiDedicated",
      clusterId: DEMO_CLUSTER_ID,
      partition: "gpu",
      limits: { cpus: null, gpus: null, runningJobs: null, maxSubmitJobs: null, cpuMinutes: null },
      maxNodes: 2,
    },
    prepaidPeriods: [1, 3, 6, 12],
    postpaid: false,
    listingState: "listed",
    policies: [],
    prices: [["node", "56000"]],
  },
  {
    // Appended: the AI development platform (/mgt/modelarts). Enabling it is free, by the hour at
    // zero; its training jobs are charged on the AI pool they run on. One per organisation.
    code: "ai-platform",
    zh: "AI开发平台",
    en: "AI development platform",
    category: "ai-platform",
    spec: { kind: "aiPlatform" },
    prepaidPeriods: [],
    postpaid: true,
    listingState: "listed",
    policies: [],
    prices: [["platform", "0"]],
  },
  // Appended: relational databases (/mgt/rds).
  RDS_DEMO_PRODUCT,
  // Appended: the cache service (/mgt/dcs).
  CACHE_DEMO_PRODUCT,
  // Appended: the message-queue service (/mgt/dms).
  QUEUE_DEMO_PRODUCT,
  // Appended: file storage (/mgt/share) and the elastic file service (/mgt/scalableFile).
  ...FILE_DEMO_PRODUCTS,
  {
    // Appended: waiting to be listed (it took object storage's place before that was built): an
    // operator prices it first (the catalogue refuses to list it before).
    code: "cbr-backup",
    zh: "云备份",
    en: "Cloud backup",
    category: "backup",
    spec: { kind: "capacity", unit: "gb", options: [{ id: "standard", name: "Standard backup" }] },
    prepaidPeriods: [1, 3, 6, 12],
    postpaid: false,
    listingState: "pendingListing",
    policies: [],
    prices: [],
  },
  // Appended: bare-metal servers on the simulator (/mgt/baremetalserver).
  BMS_DEMO_PRODUCT,
];

/** Turns an earlier demo's product into `p` when it is untouched since seeded; whether it did. */
async function upgradedFromEarlierDemo(
  tx: Tx,
  productId: string,
  p: DemoProduct,
  now: Date,
): Promise<boolean> {
  if (!p.upgradesFrom) return false;
  const found = await findProduct(tx, productId);
  if (found?.p.spec.kind !== p.upgradesFrom || found.p.listingState !== "pendingListing") return false;
  if ((await listPrices(tx, [productId])).length > 0) return false;
  await updateProduct(tx, productId, {
    nameZh: p.zh,
    nameEn: p.en,
    spec: p.spec,
    prepaidPeriods: p.prepaidPeriods,
    postpaid: p.postpaid,
    listingState: p.listingState,
    updatedAt: now,
  });
  return true;
}

export async function seedCatalog(tx: Tx, now: Date, options: { demo: boolean }): Promise<void> {
  for (const [i, [code, zh, en]] of CATEGORIES.entries()) {
    await insertCategoryIfMissing(tx, {
      id: id(0, i + 1),
      code,
      nameZh: zh,
      nameEn: en,
      sort: (i + 1) * 10,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (!options.demo) return;
  await insertPoliciesIfMissing(tx, [
    {
      id: id(200, 1),
      name: "云主机包年包月 / Cloud host prepaid",
      categoryId: categoryId("cloud-host"),
      frequency: "monthly",
      method: "prepaid",
      cloudEnv: "simulator",
      refundReading: "byMonth",
      createdAt: now,
      updatedAt: now,
    },
    {
      id: id(200, 2),
      name: "云主机按需 / Cloud host postpaid",
      categoryId: categoryId("cloud-host"),
      frequency: "hourly",
      method: "postpaid",
      cloudEnv: "simulator",
      refundReading: "paidMinusUsed",
      createdAt: now,
      updatedAt: now,
    },
  ]);
  for (const [i, p] of DEMO_PRODUCTS.entries()) {
    const productId = id(100, i + 1);
    const inserted = await insertProductIfMissing(tx, {
      id: productId,
      code: p.code,
      nameZh: p.zh,
      nameEn: p.en,
      categoryId: categoryId(p.category),
      provider: p.provider ?? "simulator",
      spec: p.spec,
      prepaidPeriods: p.prepaidPeriods,
      postpaid: p.postpaid,
      approvalFlow: p.approvalFlow ?? "none",
      billingPolicyIds: p.policies.map((n) => id(200, n)),
      listingState: p.listingState,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted && !(await upgradedFromEarlierDemo(tx, productId, p, now))) continue;
    // Prices are seeded with their product only: an operator's later changes stay.
    if (p.prices.length === 0) continue;
    await insertPrices(
      tx,
      p.prices.map(([dimension, unit, base, discount], j) => ({
        id: id(300, (i + 1) * 100 + j + 1),
        productId,
        dimension,
        model: base ? ("base_plus_unit" as const) : ("unit" as const),
        unitPrice: parseYuan(unit),
        basePrice: base ? parseYuan(base) : 0n,
        configurationFee: 0n,
        discountHundredths: discount ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
}
