// A database server tenants' databases are made on (issue 16 item 4, decision 0022): one database
// and one login of its own per instance, named from the instance id, with a generated password.
// Every call is idempotent (a retried create after a crash, a drop of what is gone already), so
// provisioning may repeat it. The simulator makes nothing and says so (`simulated`).
import { randomInt } from "node:crypto";
import type { RdsEngine } from "@skyledger/contracts";

export type DatabaseNames = { database: string; user: string };

export type DatabaseServer = {
  readonly engine: RdsEngine;
  /** True when nothing is made on a real server (the embedded default). */
  readonly simulated: boolean;
  /** Where tenants connect. */
  readonly host: string;
  readonly port: number;
  /** The database and its login with `password`; nothing is left behind when a step fails. */
  create(names: DatabaseNames, password: string): Promise<void>;
  setPassword(names: DatabaseNames, password: string): Promise<void>;
  /**
   * The login locked (its open sessions ended) while the instance is frozen, unlocked once thawed;
   * the database and what is in it stay.
   */
  setLogin(names: DatabaseNames, enabled: boolean): Promise<void>;
  /** The database and its login gone (their open sessions closed). */
  drop(names: DatabaseNames): Promise<void>;
  close(): Promise<void>;
};

/** A refusal of the server, its message kept for the order's error log (never a password). */
export class DatabaseServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseServerError";
  }
}

/**
 * Safe identifiers for both engines: `rds_` and 24 hex digits of the instance id (28 characters,
 * within MySQL's 32 for a user and PostgreSQL's 63), so nothing a tenant typed reaches the SQL.
 */
export function namesOf(instanceId: string): DatabaseNames {
  const hex = instanceId.replace(/-/g, "").toLowerCase().slice(0, 24);
  if (!/^[0-9a-f]{24}$/.test(hex)) throw new DatabaseServerError(`not an instance id: ${instanceId}`);
  const name = `rds_${hex}`;
  return { database: name, user: name };
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** 24 characters of letters and digits (about 140 bits): nothing to escape in any client. */
export function generatePassword(): string {
  let out = "";
  for (let i = 0; i < 24; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** What a tenant pastes into a client: the connection URL without its password. */
export function connectionStringOf(
  engine: RdsEngine,
  at: { host: string; port: number; database: string; user: string },
): string {
  const scheme = engine === "postgresql" ? "postgresql" : "mysql";
  return `${scheme}://${at.user}@${at.host}:${at.port}/${at.database}`;
}

/** Runs `call`, reporting a server's refusal as a DatabaseServerError with its message. */
export async function onServer<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DatabaseServerError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new DatabaseServerError(`${what}: ${message}`);
  }
}
