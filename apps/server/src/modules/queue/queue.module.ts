// Wires the message-queue service (issue 16 item 6): the RabbitMQ server (configured or simulated,
// decision 0024), the service domain for queue products, the provider that makes vhosts and users
// on it, the sweep the lifecycle step runs, and the tenant's routes. Called by
// subscriptions/services.module.ts, which routes providers by kind.
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Secrets } from "../../platform/secrets";
import { createQueueServer } from "../../providers/queue/queue-servers";
import type { ServiceDomain } from "../orders/provisioning/service-domain";
import type { ResourcesService } from "../resources/resources.service";
import { registerQueueRoutes } from "./queue.routes";
import { createQueueService } from "./queue.service";
import { withQueue } from "./queue-domain";
import { createQueueProvider, QUEUE_REF_PREFIX } from "./queue-provider";
import { createQueueSweep } from "./queue-sweep";

export function createQueue(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  config: { rabbitmqUrl: string | undefined; amqpHost: string | undefined; amqpPort: number };
}) {
  const server = createQueueServer(deps.config);
  return {
    /** Orders' view of products: queue ones here, the rest to `base`. */
    domain: (base: ServiceDomain) => withQueue(base),
    /** The provider of kind queue and the reference prefix of its instances. */
    route: {
      kind: "queue" as const,
      refPrefix: QUEUE_REF_PREFIX,
      provider: createQueueProvider({ ...deps, server }),
    },
    /** Freezes and thaws applied to the users' permissions: part of the lifecycle step. */
    sweep: createQueueSweep({ ...deps, server }),
    /** The tenant's routes, once the resources service they read through exists. */
    registerRoutes(ctx: ModuleContext, resources: ResourcesService) {
      registerQueueRoutes(ctx, createQueueService({ ...deps, server, resources }));
    },
  };
}
