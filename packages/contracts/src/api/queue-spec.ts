// The message-queue service (`/mgt/dms`, CB14; issue 16 item 6): the product's specification
// schema — the plans a RabbitMQ virtual host is sold in, each a limit on the queues and the
// connections it may have. Apart from queue.ts so that the catalogue can import it.
import { z } from "zod";

/** One plan: its id (the priced dimension `plan:<id>`), its name and its vhost limits. */
const queuePlan = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{0,31}$/, "validation.catalogCode"),
  name: z.string().trim().min(1, "validation.required").max(64, "validation.generalLength"),
  maxQueues: z.number().int("validation.quantity").min(1, "validation.queueLimits").max(100_000),
  maxConnections: z.number().int("validation.quantity").min(1, "validation.queueLimits").max(100_000),
});
export type QueuePlan = z.infer<typeof queuePlan>;

/**
 * A message-queue product: the plans a tenant may choose among. Priced per plan (`plan:<id>`): the
 * plan's monthly base plus its price for one instance.
 */
export const queueSpec = z.object({
  kind: z.literal("queue"),
  plans: z
    .array(queuePlan)
    .min(1, "validation.required")
    .max(20)
    .refine((p) => new Set(p.map((x) => x.id)).size === p.length, "validation.duplicateOption"),
});
export type QueueSpec = z.infer<typeof queueSpec>;

export const queuePlanDimension = (planId: string) => `plan:${planId}`;

/** The plan `planId` names, when the product sells it. */
export const queuePlanOf = (spec: Pick<QueueSpec, "plans">, planId: string | undefined) =>
  spec.plans.find((p) => p.id === planId);
