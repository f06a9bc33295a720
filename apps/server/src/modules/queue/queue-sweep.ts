// The message-queue part of the lifecycle step (decision 0024): the user loses its permissions on
// its vhost (and its open connections) while the resource is frozen (arrears, expiry) and gets them
// back once thawed. RabbitMQ enforces the plan itself (vhost limits), so nothing is measured; the
// server is told only when the access changes.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { QueueServer } from "../../providers/queue/queue-server";
import { liveQueueInstances, updateQueueInstance } from "./queue.repo";

export function createQueueSweep(deps: { db: Db; clock: Clock; server: QueueServer }) {
  const { db, clock, server } = deps;
  /** One pass over the live instances; a failing one is reported and the others still swept. */
  return async function sweep(onError: (err: unknown) => void): Promise<void> {
    for (const { row, status } of await liveQueueInstances(db)) {
      const enabled = status !== "frozen";
      if (enabled === row.enabled) continue;
      try {
        await server.setEnabled({ user: row.username, vhost: row.vhost }, enabled);
        await updateQueueInstance(db, row.resourceId, { enabled }, clock.now());
      } catch (err) {
        onError(err);
      }
    }
  };
}
