// The embedded default when no database server is configured: nothing is made, the pages say the
// database is simulated, and the figures shown are the instance's own (no server answers on them).
import type { RdsEngine } from "@skyledger/contracts";
import type { DatabaseServer } from "./database-server";

const DEFAULT_PORT: Record<RdsEngine, number> = { postgresql: 5432, mysql: 3306 };

export function createSimulatedDatabaseServer(engine: RdsEngine): DatabaseServer {
  return {
    engine,
    simulated: true,
    // A reserved name (RFC 2606): no client reaches a real server with it by mistake.
    host: `${engine}.rds.simulated.invalid`,
    port: DEFAULT_PORT[engine],
    async create() {},
    async setPassword() {},
    async setLogin() {},
    async drop() {},
    async close() {},
  };
}
