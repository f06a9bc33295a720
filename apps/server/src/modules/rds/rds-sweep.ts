// The database part of the lifecycle step: a frozen database (arrears, expiry) has its login
// locked on its server, and its open sessions ended, until it is thawed; its data stays until the
// release. Following the resource's status here, whatever froze it, means a server that did not
// answer once is set right at the next step. The server is told only when the login must change.
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { DatabaseServers } from "../../providers/database/database-servers";
import { liveRdsInstances, setRdsLogin } from "./rds.repo";

export function createRdsSweep(deps: { db: Db; clock: Clock; servers: DatabaseServers }) {
  const { db, clock, servers } = deps;
  /** One pass over the live databases; a failing one is reported and the others still swept. */
  return async function sweep(onError: (err: unknown) => void): Promise<void> {
    for (const { row, status } of await liveRdsInstances(db)) {
      const enabled = status !== "frozen";
      if (enabled === row.loginEnabled) continue;
      try {
        await servers(row.engine).setLogin({ database: row.databaseName, user: row.username }, enabled);
        await setRdsLogin(db, row.resourceId, enabled, clock.now());
      } catch (err) {
        onError(err);
      }
    }
  };
}
