// Message-queue instances on `/mgt/dms` (CB14): the caller's instances with where to connect and
// their plan's limits, one instance, and a password reset. The password is generated, set on the
// server, sealed in our database (decision 0013) and answered this once; no page reads it back.
import type { QueueInstance, QueuePasswordReset, ResourceRecord } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { type QueueServer, QueueServerError } from "../../providers/queue/queue-server";
import { resetManagedPassword } from "../resources/managed-password";
import type { ResourcesService } from "../resources/resources.service";
import { findQueueInstance, queueInstancesOf, updateQueueInstance } from "./queue.repo";
import type { QueueInstanceRow } from "./queue.schema";

/** An instance's limits and connection, next to its resource record. */
function queueView(record: ResourceRecord, row: QueueInstanceRow | undefined): QueueInstance {
  const live = row?.droppedAt ? undefined : row;
  const spec = record.spec as { flavorId?: string; maxQueues?: number; maxConnections?: number };
  const limits = live ?? (spec.maxQueues && spec.maxConnections ? spec : undefined);
  return {
    ...record,
    limits: limits
      ? {
          planId: (live ? live.planId : spec.flavorId) ?? null,
          maxQueues: limits.maxQueues!,
          maxConnections: limits.maxConnections!,
        }
      : null,
    connection: live
      ? {
          host: live.host,
          port: live.port,
          username: live.username,
          vhost: live.vhost,
          simulated: live.simulated,
        }
      : null,
    enabled: live ? live.enabled : null,
  };
}

export function createQueueService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  server: QueueServer;
  resources: ResourcesService;
}) {
  const { db, clock, resources } = deps;

  async function detail(ctx: RequestContext, id: string): Promise<QueueInstance> {
    return queueView(await resources.detail(ctx, id, "queue"), await findQueueInstance(db, id));
  }

  return {
    async list(ctx: RequestContext, q: Parameters<ResourcesService["list"]>[1]) {
      const page = await resources.list(ctx, q, "queue");
      const rows = new Map(
        (
          await queueInstancesOf(
            db,
            page.list.map((r) => r.id),
          )
        ).map((x) => [x.resourceId, x]),
      );
      return { ...page, list: page.list.map((r) => queueView(r, rows.get(r.id))) };
    },

    detail,

    /**
     * A new password for the instance's user: set on the server first (a refusal changes nothing
     * here), then sealed with the audit row. Only while the instance is available.
     */
    async resetPassword(ctx: RequestContext, id: string): Promise<QueuePasswordReset> {
      const { r } = await resources.visible(ctx, id, "queue");
      const row = await findQueueInstance(db, id);
      if (!row || row.droppedAt || r.status !== "available")
        throw new DomainError("QUEUE_NOT_READY", { status: (await detail(ctx, id)).statusName });
      return resetManagedPassword(deps, ctx.auditBy, {
        resource: r,
        username: row.username,
        action: "queue.passwordReset",
        setOnServer: (password) =>
          deps.server.setPassword({ user: row.username, vhost: row.vhost }, password),
        refusal: (err) =>
          err instanceof QueueServerError
            ? new DomainError("QUEUE_SERVER_FAILED", { reason: err.message })
            : null,
        seal: (tx, sealed) => updateQueueInstance(tx, id, { passwordSealed: sealed }, clock.now()),
      });
    },
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
