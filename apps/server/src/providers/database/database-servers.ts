// Which server each engine's databases are made on: the configured one (RDS_POSTGRES_URL,
// RDS_MYSQL_URL), else the simulator (decision 0022).
import type { RdsEngine } from "@skyledger/contracts";
import type { DatabaseServer } from "./database-server";
import { createMysqlDatabaseServer } from "./mysql-database-server";
import { createPostgresDatabaseServer } from "./postgres-database-server";
import { createSimulatedDatabaseServer } from "./simulated-database-server";

export type DatabaseServers = (engine: RdsEngine) => DatabaseServer;

export function createDatabaseServers(config: {
  postgresUrl: string | undefined;
  mysqlUrl: string | undefined;
}): DatabaseServers {
  const servers: Record<RdsEngine, DatabaseServer> = {
    postgresql: config.postgresUrl
      ? createPostgresDatabaseServer(config.postgresUrl)
      : createSimulatedDatabaseServer("postgresql"),
    mysql: config.mysqlUrl
      ? createMysqlDatabaseServer(config.mysqlUrl)
      : createSimulatedDatabaseServer("mysql"),
  };
  return (engine) => servers[engine];
}
