// The embedded default when no RabbitMQ is configured: nothing is made and the pages say the
// instance is simulated.
import type { QueueServer } from "./queue-server";

export function createSimulatedQueueServer(): QueueServer {
  return {
    simulated: true,
    // A reserved name (RFC 2606): no client reaches a real server with it by mistake.
    host: "mq.simulated.invalid",
    port: 5672,
    async create() {},
    async setPassword() {},
    async setLimits() {},
    async setEnabled() {},
    async drop() {},
  };
}
