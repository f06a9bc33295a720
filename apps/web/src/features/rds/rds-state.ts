// Which actions a database's status allows: a password reset while it is available; renewing and
// unsubscribing as every resource (features/renew, the unsubscribe dialog).
import type { RdsInstance } from "@skyledger/contracts";

export function rdsActionEnabled(action: "resetPassword", db: RdsInstance): boolean {
  return action === "resetPassword" && db.status === "available" && db.connection !== null;
}

/** The engine as people name it. */
export const engineName = (engine: RdsInstance["engine"]) =>
  engine === "mysql" ? "MySQL / MariaDB" : engine === "postgresql" ? "PostgreSQL" : "-";
