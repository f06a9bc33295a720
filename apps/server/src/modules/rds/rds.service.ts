// Relational databases on `/mgt/rds` (CB04): the caller's databases with where to connect, one
// database, and a password reset. The password is generated, set on the server, sealed in our
// database (decision 0013) and answered this once; no page reads it back afterwards.
import type { RdsInstance, RdsPasswordReset, ResourceDetail, ResourceRecord } from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import type { Secrets } from "../../platform/secrets";
import { connectionStringOf, DatabaseServerError } from "../../providers/database/database-server";
import type { DatabaseServers } from "../../providers/database/database-servers";
import { resetManagedPassword } from "../resources/managed-password";
import type { ResourcesService } from "../resources/resources.service";
import { findRdsInstance, rdsInstancesOf, setRdsPassword } from "./rds.repo";
import type { RdsInstanceRow } from "./rds.schema";

/** A database's figures and connection, next to its resource record. */
function rdsView(record: ResourceRecord, row: RdsInstanceRow | undefined): RdsInstance {
  const spec = record.spec as {
    engine?: RdsInstance["engine"];
    flavorId?: string;
    vcpu?: number;
    memoryGb?: number;
    sizeGb?: number;
  };
  return {
    ...record,
    engine: spec.engine ?? null,
    className: spec.flavorId ?? null,
    vcpu: spec.vcpu ?? null,
    memoryGb: spec.memoryGb ?? null,
    storageGb: spec.sizeGb ?? null,
    connection:
      row && !row.droppedAt
        ? {
            engine: row.engine,
            host: row.host,
            port: row.port,
            database: row.databaseName,
            username: row.username,
            connectionString: connectionStringOf(row.engine, {
              ...row,
              database: row.databaseName,
              user: row.username,
            }),
            simulated: row.simulated,
            loginLocked: !row.loginEnabled,
          }
        : null,
  };
}

export function createRdsService(deps: {
  db: Db;
  clock: Clock;
  audit: Audit;
  secrets: Secrets;
  servers: DatabaseServers;
  resources: ResourcesService;
}) {
  const { db, clock, resources } = deps;

  async function detail(ctx: RequestContext, id: string): Promise<RdsInstance> {
    const record: ResourceDetail = await resources.detail(ctx, id, "rds");
    return rdsView(record, await findRdsInstance(db, id));
  }

  return {
    async list(ctx: RequestContext, q: Parameters<ResourcesService["list"]>[1]) {
      const page = await resources.list(ctx, q, "rds");
      const rows = await rdsInstancesOf(
        db,
        page.list.map((r) => r.id),
      );
      return {
        ...page,
        list: page.list.map((r) =>
          rdsView(
            r,
            rows.find((x) => x.resourceId === r.id),
          ),
        ),
      };
    },

    detail,

    /**
     * A new password for the database's user: set on the server first (a refusal changes nothing
     * here), then sealed with the audit row. Only while the database is available.
     */
    async resetPassword(ctx: RequestContext, id: string): Promise<RdsPasswordReset> {
      const { r } = await resources.visible(ctx, id, "rds");
      const row = await findRdsInstance(db, id);
      if (!row || row.droppedAt || r.status !== "available")
        throw new DomainError("RDS_NOT_READY", { status: (await detail(ctx, id)).statusName });
      return resetManagedPassword(deps, ctx.auditBy, {
        resource: r,
        username: row.username,
        action: "rds.passwordReset",
        setOnServer: (password) =>
          deps.servers(row.engine).setPassword({ database: row.databaseName, user: row.username }, password),
        refusal: (err) =>
          err instanceof DatabaseServerError
            ? new DomainError("RDS_SERVER_FAILED", { reason: err.message })
            : null,
        seal: (tx, sealed) => setRdsPassword(tx, id, sealed, clock.now()),
      });
    },
  };
}
export type RdsService = ReturnType<typeof createRdsService>;
