// The demo catalogue's message queue (`/mgt/dms`, issue 16 item 6): RabbitMQ in three plans of
// queues and connections, prepaid and postpaid. Each plan is priced as a monthly base of 20 plus the
// plan's own price (postpaid by the hour at ÷ 720): small 60 a month, medium 180, large 520.
import type { SpecSchema } from "@skyledger/contracts";

const spec: SpecSchema = {
  kind: "queue",
  plans: [
    { id: "small", name: "100 queues / 50 connections", maxQueues: 100, maxConnections: 50 },
    { id: "medium", name: "500 queues / 200 connections", maxQueues: 500, maxConnections: 200 },
    { id: "large", name: "2000 queues / 1000 connections", maxQueues: 2000, maxConnections: 1000 },
  ],
};

// Shaped as catalog.seed.ts's DemoProduct (not imported: the seed imports this file).
export const QUEUE_DEMO_PRODUCT = {
  code: "dms-rabbitmq",
  zh: "分布式消息服务RabbitMQ",
  en: "RabbitMQ message queue",
  category: "middleware",
  spec,
  prepaidPeriods: [1, 3, 6, 9, 12, 24, 36],
  postpaid: true,
  listingState: "listed" as const,
  policies: [],
  prices: [
    ["plan:small", "40", "20"],
    ["plan:medium", "160", "20"],
    ["plan:large", "500", "20"],
  ] as [dimension: string, unitPrice: string, basePrice: string][],
};
