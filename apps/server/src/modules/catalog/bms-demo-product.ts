// The demo catalogue's bare-metal servers (`/mgt/baremetalserver`, issue 16 item 7): three whole
// machines on the simulator (decision 0027), prepaid and postpaid. Priced per flavour by the month
// (postpaid by the hour at ÷ 720): the 32-core node 2,600 a month (3.61111 an hour), the 56-core
// node 4,800 (6.66667 an hour), the 8-GPU node 68,000 (94.44444 an hour).
import type { SpecSchema } from "@skyledger/contracts";

const spec: SpecSchema = {
  kind: "bareMetal",
  flavors: [
    {
      id: "bms-c32",
      name: "32 cores / 256 GB",
      cpuModel: "2 × Intel Xeon Silver 4314",
      cores: 32,
      memoryGb: 256,
      diskDesc: "2 × 960 GB SATA SSD (RAID 1)",
    },
    {
      id: "bms-c56",
      name: "56 cores / 512 GB",
      cpuModel: "2 × Intel Xeon Gold 6330",
      cores: 56,
      memoryGb: 512,
      diskDesc: "2 × 960 GB SSD (RAID 1) + 4 × 3.84 TB NVMe",
    },
    {
      id: "bms-g8",
      name: "8 × A100 GPU node",
      cpuModel: "2 × Intel Xeon Platinum 8358",
      cores: 64,
      memoryGb: 1024,
      diskDesc: "2 × 960 GB SSD (RAID 1) + 4 × 7.68 TB NVMe",
      gpu: { model: "NVIDIA A100 80GB SXM4", count: 8 },
    },
  ],
  images: [
    { id: "ubuntu-22.04", name: "Ubuntu 22.04 LTS" },
    { id: "rocky-9", name: "Rocky Linux 9" },
    { id: "openeuler-22.03", name: "openEuler 22.03 LTS" },
  ],
};

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const BMS_DEMO_PRODUCT = {
  code: "bms-standard",
  zh: "裸金属服务器",
  en: "Bare metal server",
  category: "bare-metal",
  spec,
  prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
  postpaid: true,
  listingState: "listed" as const,
  policies: [],
  prices: [
    ["flavor:bms-c32", "2600"],
    ["flavor:bms-c56", "4800"],
    ["flavor:bms-g8", "68000"],
  ] as [dimension: string, unitPrice: string][],
};
