// Relational databases (`/mgt/rds`, CB04; issue 16 item 4) as the tenant's pages show them: the
// resource, its engine, class and storage, where to connect, with which user, and a password shown
// once after a reset.
import { z } from "zod";
import { RDS_ENGINES } from "./rds-spec";
import { resourceRecord } from "./resources";

/** Where and how to reach one database. `simulated`: nothing was made on a real server. */
export const rdsConnection = z.object({
  engine: z.enum(RDS_ENGINES),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  username: z.string(),
  /** The connection string without its password (the tenant adds the one a reset showed). */
  connectionString: z.string(),
  simulated: z.boolean(),
  /** True while the database is frozen (arrears, expiry): its login is locked on the server. */
  loginLocked: z.boolean(),
});
export type RdsConnection = z.infer<typeof rdsConnection>;

/** One database in the list: the resource, its figures and, once made, where to connect. */
export const rdsInstance = resourceRecord.extend({
  engine: z.enum(RDS_ENGINES).nullable(),
  className: z.string().nullable(),
  vcpu: z.number().int().nullable(),
  memoryGb: z.number().int().nullable(),
  storageGb: z.number().int().nullable(),
  connection: rdsConnection.nullable(),
});
export type RdsInstance = z.infer<typeof rdsInstance>;

/** A reset's answer: the new password, shown this once and never again. */
export const rdsPasswordReset = z.object({ username: z.string(), password: z.string() });
export type RdsPasswordReset = z.infer<typeof rdsPasswordReset>;
