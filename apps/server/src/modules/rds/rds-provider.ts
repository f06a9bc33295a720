// The provider SPI (providers/provider.ts) for kind rds: what provisioning, the lifecycle and
// unsubscribe ask of a database, done on its engine's database server (the simulator unless one
// is configured, decision 0022). create = the database and its login with a generated password
// (sealed in our database, decision 0013); get = available (stopped while frozen); delete = the
// database and its login dropped. Refs are `rds:<resource id>` so the wiring routes them here.
import type { RdsEngine } from "@skyledger/contracts";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { Secrets } from "../../platform/secrets";
import { DatabaseServerError, generatePassword, namesOf } from "../../providers/database/database-server";
import type { DatabaseServers } from "../../providers/database/database-servers";
import { managedInstance, type Provider, ProviderError, refusedAs } from "../../providers/provider";
import { findRdsInstance, insertRdsInstance, markRdsDropped, rdsResource } from "./rds.repo";

export const RDS_REF_PREFIX = "rds:";
const refOf = (resourceId: string) => `${RDS_REF_PREFIX}${resourceId}`;
const idOf = (ref: string) => ref.slice(RDS_REF_PREFIX.length);

const instance = (ref: string, frozen: boolean) => managedInstance(ref, "rds", frozen);

const onDatabaseServer = <T>(call: () => Promise<T>) => refusedAs(DatabaseServerError, call);

export function createRdsProvider(deps: {
  db: Db;
  clock: Clock;
  secrets: Secrets;
  servers: DatabaseServers;
}): Provider {
  const { db, clock } = deps;

  return {
    name: "simulator",

    async create({ clientToken: resourceId, kind }) {
      if (kind !== "rds") throw new ProviderError(`the database provider does not make ${kind}`);
      const ref = refOf(resourceId);
      // A create retried after a crash finds what the first one made.
      if (await findRdsInstance(db, resourceId)) return instance(ref, false);
      const r = await rdsResource(db, resourceId);
      const engine = r?.spec.engine as RdsEngine | undefined;
      if (!r || !engine) throw new ProviderError(`no database specification for ${resourceId}`);
      const server = deps.servers(engine);
      const names = namesOf(resourceId);
      const password = generatePassword();
      await onDatabaseServer(() => server.create(names, password));
      const now = clock.now();
      try {
        await insertRdsInstance(db, {
          resourceId,
          engine,
          simulated: server.simulated,
          host: server.host,
          port: server.port,
          databaseName: names.database,
          username: names.user,
          passwordSealed: deps.secrets.seal(password),
          loginEnabled: true,
          createdAt: now,
          updatedAt: now,
          droppedAt: null,
        });
      } catch (err) {
        // Compensation: the database made for this order must not outlive the failure.
        await server.drop(names).catch(() => undefined);
        throw err;
      }
      return instance(ref, false);
    },

    async get(ref) {
      const row = await findRdsInstance(db, idOf(ref));
      if (!row || row.droppedAt) return null;
      const r = await rdsResource(db, row.resourceId);
      return instance(ref, r?.status === "frozen");
    },

    // A freeze (arrears, expiry) and a thaw are the resource's status; the lifecycle's rds sweep
    // (rds-sweep.ts) locks and unlocks the login to follow it, and the database keeps its data
    // until the release drops it (the retention period of spec §4).
    async act(ref, action) {
      if (!(await findRdsInstance(db, idOf(ref)))) throw new ProviderError(`no database ${ref}`);
      if (action.op === "stop") return instance(ref, true);
      if (action.op === "start") return instance(ref, false);
      throw new ProviderError(`a database cannot ${action.op}`);
    },

    // On the provider's shared servers a class and a storage size are what the tenant pays for, not
    // a machine of their own (decision 0022): another class or more storage changes the price only.
    async resize(ref) {
      const row = await findRdsInstance(db, idOf(ref));
      if (!row || row.droppedAt) throw new ProviderError(`no database ${ref}`);
      return instance(ref, !row.loginEnabled);
    },

    async delete(ref) {
      const row = await findRdsInstance(db, idOf(ref));
      if (!row || row.droppedAt) return;
      await onDatabaseServer(() =>
        deps.servers(row.engine).drop({ database: row.databaseName, user: row.username }),
      );
      await markRdsDropped(db, row.resourceId, clock.now());
    },

    // Billed by the hour it exists (postpaid), like a host that runs.
    async usage(_ref, from, to) {
      return { runningSeconds: Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000)) };
    },

    async metrics() {
      return [];
    },
  };
}
