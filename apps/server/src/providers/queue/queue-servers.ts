// The RabbitMQ tenants' message-queue instances are made on: the configured one (DMS_RABBITMQ_URL),
// else the simulator (decision 0024).
import type { QueueServer } from "./queue-server";
import { createRabbitQueueServer } from "./rabbitmq-queue-server";
import { createSimulatedQueueServer } from "./simulated-queue-server";

export function createQueueServer(config: {
  rabbitmqUrl: string | undefined;
  amqpHost: string | undefined;
  amqpPort: number;
}): QueueServer {
  if (!config.rabbitmqUrl) return createSimulatedQueueServer();
  return createRabbitQueueServer(config.rabbitmqUrl, {
    host: config.amqpHost ?? new URL(config.rabbitmqUrl).hostname,
    port: config.amqpPort,
  });
}
