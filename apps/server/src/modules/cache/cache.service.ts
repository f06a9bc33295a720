// Cache instances on `/mgt/dcs` (CB13): the caller's instances with where to connect and how much
// of the plan their keys use, one instance, and a password reset. The password is generated, set
// on the server, sealed in our database (decision 0013) and answered this once; no page reads it
// back afterwards.
import type { CacheInstance, CachePasswordReset, ResourceRecord } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { type CacheServer, CacheServerError } from "../../providers/cache/cache-server";
import { resetManagedPassword } from "../resources/managed-password";
import type { ResourcesService } from "../resources/resources.service";
import { cacheInstancesOf, findCacheInstance, setCachePassword } from "./cache.repo";
import type { CacheInstanceRow } from "./cache.schema";

/** An instance's plan, connection and usage, next to its resource record. */
function cacheView(record: ResourceRecord, row: CacheInstanceRow | undefined): CacheInstance {
  const live = row && !row.droppedAt ? row : undefined;
  return {
    ...record,
    memoryGb: (record.spec as { memoryGb?: number }).memoryGb ?? null,
    connection: live
      ? {
          host: live.host,
          port: live.port,
          username: live.username,
          keyPrefix: live.keyPrefix,
          simulated: live.simulated,
        }
      : null,
    usage: live
      ? {
          usedBytes: live.usedBytes,
          planBytes: live.planBytes,
          writesPaused: live.writesPaused,
          measuredAt: live.measuredAt?.toISOString() ?? null,
        }
      : null,
  };
}

export function createCacheService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  server: CacheServer;
  resources: ResourcesService;
}) {
  const { db, clock, resources } = deps;

  async function detail(ctx: RequestContext, id: string): Promise<CacheInstance> {
    return cacheView(await resources.detail(ctx, id, "cache"), await findCacheInstance(db, id));
  }

  return {
    async list(ctx: RequestContext, q: Parameters<ResourcesService["list"]>[1]) {
      const page = await resources.list(ctx, q, "cache");
      const rows = await cacheInstancesOf(
        db,
        page.list.map((r) => r.id),
      );
      return {
        ...page,
        list: page.list.map((r) =>
          cacheView(
            r,
            rows.find((x) => x.resourceId === r.id),
          ),
        ),
      };
    },

    detail,

    /**
     * A new password for the instance's user: set on the server first (a refusal changes nothing
     * here), then sealed with the audit row. Only while the instance is available.
     */
    async resetPassword(ctx: RequestContext, id: string): Promise<CachePasswordReset> {
      const { r } = await resources.visible(ctx, id, "cache");
      const row = await findCacheInstance(db, id);
      if (!row || row.droppedAt || r.status !== "available")
        throw new DomainError("CACHE_NOT_READY", { status: (await detail(ctx, id)).statusName });
      return resetManagedPassword(deps, ctx.auditBy, {
        resource: r,
        username: row.username,
        action: "cache.passwordReset",
        setOnServer: (password) =>
          deps.server.setPassword({ user: row.username, keyPrefix: row.keyPrefix }, password),
        refusal: (err) =>
          err instanceof CacheServerError
            ? new DomainError("CACHE_SERVER_FAILED", { reason: err.message })
            : null,
        seal: (tx, sealed) => setCachePassword(tx, id, sealed, clock.now()),
      });
    },
  };
}
export type CacheService = ReturnType<typeof createCacheService>;
