// The message-queue service (`/mgt/dms`, CB14; issue 16 item 6) as the tenant's pages show it: the
// resource, its plan (queues and connections), where to connect, with which user on which virtual
// host, and a password shown once after a reset.
import { z } from "zod";
import { resourceRecord } from "./resources";

/** Where and how to reach one instance (AMQP 0-9-1). `simulated`: nothing was made on a real server. */
export const queueConnection = z.object({
  host: z.string(),
  port: z.number().int(),
  username: z.string(),
  /** The instance's own virtual host: the user is allowed nothing on any other. */
  vhost: z.string(),
  simulated: z.boolean(),
});
export type QueueConnection = z.infer<typeof queueConnection>;

/** The plan's limits as set on the virtual host (declaring one queue more is refused). */
export const queueLimits = z.object({
  planId: z.string().nullable(),
  maxQueues: z.number().int(),
  maxConnections: z.number().int(),
});
export type QueueLimits = z.infer<typeof queueLimits>;

/** One message-queue instance in the list: the resource, its plan and, once made, where to connect. */
export const queueInstance = resourceRecord.extend({
  limits: queueLimits.nullable(),
  connection: queueConnection.nullable(),
  /** Logins allowed: false while the resource is frozen (its user has no permissions then). */
  enabled: z.boolean().nullable(),
});
export type QueueInstance = z.infer<typeof queueInstance>;

/** A reset's answer: the new password, shown this once and never again. */
export const queuePasswordReset = z.object({ username: z.string(), password: z.string() });
export type QueuePasswordReset = z.infer<typeof queuePasswordReset>;
