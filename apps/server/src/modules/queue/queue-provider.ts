// The provider SPI (providers/provider.ts) for kind queue: what provisioning, the lifecycle and
// unsubscribe ask of a message-queue instance, done on the RabbitMQ server (the simulator unless one
// is configured, decision 0024). create = the vhost with the plan's limits and the user with a
// generated password (sealed in our database, decision 0013); get = available (stopped while
// frozen); delete = the vhost and the user gone. Refs are `dms:<resource id>` so the wiring routes
// them here.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { generatePassword } from "../../providers/database/database-server";
import {
  managedInstance,
  type Provider,
  ProviderError,
  type ProviderInstance,
  refusedAs,
} from "../../providers/provider";
import { type QueueServer, QueueServerError, queueUserOf } from "../../providers/queue/queue-server";
import { findResource } from "../resources/resources.repo";
import { findQueueInstance, insertQueueInstance, updateQueueInstance } from "./queue.repo";

export const QUEUE_REF_PREFIX = "dms:";
const idOf = (ref: string) => ref.slice(QUEUE_REF_PREFIX.length);

const asInstance = (ref: string, frozen: boolean) => managedInstance(ref, "queue", frozen);

const provided = <T>(call: () => Promise<T>) => refusedAs(QueueServerError, call);

export function createQueueProvider(deps: {
  db: Db;
  clock: Clock;
  secrets: Secrets;
  server: QueueServer;
}): Provider {
  const { db, clock, server } = deps;

  /** The live row of `ref`, or a refusal. */
  async function liveRow(ref: string) {
    const row = await findQueueInstance(db, idOf(ref));
    if (!row || row.droppedAt) throw new ProviderError(`no message-queue instance ${ref}`);
    return row;
  }

  /** Permissions granted or removed (the sweep does the same when the resource is frozen or thawed). */
  async function setEnabled(ref: string, enabled: boolean): Promise<ProviderInstance> {
    const row = await liveRow(ref);
    await provided(() => server.setEnabled({ user: row.username, vhost: row.vhost }, enabled));
    await updateQueueInstance(db, row.resourceId, { enabled }, clock.now());
    return asInstance(ref, !enabled);
  }

  return {
    name: "simulator",

    async create({ clientToken: resourceId, kind }) {
      if (kind !== "queue") throw new ProviderError(`the message-queue provider does not make ${kind}`);
      const ref = `${QUEUE_REF_PREFIX}${resourceId}`;
      // A create retried after a crash finds what the first one made.
      if (await findQueueInstance(db, resourceId)) return asInstance(ref, false);
      const r = await findResource(db, resourceId);
      const { flavorId: planId, maxQueues, maxConnections } = r?.spec ?? {};
      if (!planId || !maxQueues || !maxConnections)
        throw new ProviderError(`no message-queue plan for ${resourceId}`);
      const u = await provided(async () => queueUserOf(resourceId));
      const password = generatePassword();
      await provided(() => server.create(u, password, { maxQueues, maxConnections }));
      const now = clock.now();
      try {
        await insertQueueInstance(db, {
          resourceId,
          simulated: server.simulated,
          host: server.host,
          port: server.port,
          username: u.user,
          vhost: u.vhost,
          passwordSealed: deps.secrets.seal(password),
          planId,
          maxQueues,
          maxConnections,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        // Compensation: the vhost and user made for this order must not outlive the failure.
        await server.drop(u).catch(() => undefined);
        throw err;
      }
      return asInstance(ref, false);
    },

    async get(ref) {
      const row = await findQueueInstance(db, idOf(ref));
      if (!row || row.droppedAt) return null;
      return asInstance(ref, (await findResource(db, row.resourceId))?.status === "frozen");
    },

    async act(ref, action) {
      if (action.op === "stop" || action.op === "start") return setEnabled(ref, action.op === "start");
      throw new ProviderError(`a message-queue instance cannot ${action.op}`);
    },

    // A plan change: the vhost takes the new plan's limits, then our row records them.
    async resize(ref, spec) {
      const row = await liveRow(ref);
      const { flavorId: planId, maxQueues, maxConnections } = spec as Record<string, unknown>;
      if (typeof planId !== "string" || typeof maxQueues !== "number" || typeof maxConnections !== "number")
        throw new ProviderError(`no message-queue plan for ${ref}`);
      await provided(() =>
        server.setLimits({ user: row.username, vhost: row.vhost }, { maxQueues, maxConnections }),
      );
      await updateQueueInstance(db, row.resourceId, { planId, maxQueues, maxConnections }, clock.now());
      const frozen = (await findResource(db, row.resourceId))?.status === "frozen";
      return asInstance(ref, frozen);
    },

    async delete(ref) {
      const row = await findQueueInstance(db, idOf(ref));
      if (!row || row.droppedAt) return;
      await provided(() => server.drop({ user: row.username, vhost: row.vhost }));
      await updateQueueInstance(db, row.resourceId, { droppedAt: clock.now() }, clock.now());
    },

    // Billed by the hour it exists (postpaid), like a database or a cache instance.
    async usage(_ref, from, to) {
      return { runningSeconds: Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000)) };
    },

    async metrics() {
      return [];
    },
  };
}
