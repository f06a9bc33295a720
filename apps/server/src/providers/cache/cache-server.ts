// The Redis server tenants' cache instances are made on (issue 16 item 5, decision 0021): one ACL
// user per instance, named from the instance id, allowed only keys and channels under the
// instance's prefix and only the command set below. Every call is idempotent (a retried create
// after a crash, a drop of what is gone already), so provisioning and the sweep may repeat it.
// The simulator makes nothing and says so (`simulated`).

export type CacheUser = { user: string; keyPrefix: string };

/** What the sweep decides of a user: logins allowed (not frozen), writes allowed (within the plan). */
export type CacheAccess = { enabled: boolean; writesPaused: boolean };

export type CacheServer = {
  /** True when nothing is made on a real server (the embedded default). */
  readonly simulated: boolean;
  /** Where tenants connect. */
  readonly host: string;
  readonly port: number;
  /** The user with `password` and the full command set; nothing is left behind when it fails. */
  create(u: CacheUser, password: string): Promise<void>;
  setPassword(u: CacheUser, password: string): Promise<void>;
  /** The user's rules for `access`, its password kept; a disabled user's connections are closed. */
  apply(u: CacheUser, access: CacheAccess): Promise<void>;
  /** The bytes the instance's keys take (SCAN of its prefix + MEMORY USAGE). */
  usedBytes(u: CacheUser): Promise<number>;
  /** The user (its connections with it) and every key under its prefix gone. */
  drop(u: CacheUser): Promise<void>;
  close(): Promise<void>;
};

/** A refusal of the server, its message kept for the order's error log (never a password). */
export class CacheServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CacheServerError";
  }
}

/**
 * The user and key prefix of an instance: `dcs_` and 24 hex digits of its id, and `dcs:<id>:`.
 * Nothing a tenant typed reaches Redis; the id is checked to be a UUID (no glob characters).
 */
export function cacheUserOf(instanceId: string): CacheUser {
  const id = instanceId.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    throw new CacheServerError(`not an instance id: ${instanceId}`);
  return { user: `dcs_${id.replace(/-/g, "").slice(0, 24)}`, keyPrefix: `dcs:${id}:` };
}

/** The command categories a tenant's user gets: data commands, connections, transactions, pub/sub. */
const GRANTED_CATEGORIES = [
  "read",
  "write",
  "keyspace",
  "string",
  "hash",
  "list",
  "set",
  "sortedset",
  "stream",
  "bitmap",
  "hyperloglog",
  "geo",
  "connection",
  "transaction",
  "pubsub",
];

/**
 * Taken away again after the grants (decision 0021): whatever touches the server or every key
 * (@dangerous, @admin: FLUSHALL, FLUSHDB, CONFIG, ACL, KEYS, DEBUG, MIGRATE…), what names keys or
 * channels outside the prefix (SCAN, RANDOMKEY, DBSIZE, PUBSUB, SORT's BY/GET, client tracking in
 * broadcast mode), and what reaches other logical databases (SELECT, MOVE, COPY … DB).
 */
const DENIED = [
  "-@dangerous",
  "-@admin",
  "-@scripting",
  "-keys",
  "-scan",
  "-randomkey",
  "-dbsize",
  "-flushall",
  "-flushdb",
  "-config",
  "-acl",
  "-select",
  "-move",
  "-copy",
  "-swapdb",
  "-sort",
  "-sort_ro",
  "-pubsub",
  "-memory",
  "-client|tracking",
  "-client|caching",
];

/** What an instance over its plan may still do: delete keys or let them expire. */
const WHILE_PAUSED = ["-@write", "+del", "+unlink", "+expire", "+pexpire", "+expireat", "+pexpireat"];

/** The user's rules after `ACL SETUSER <user>` (its password left as it is). */
export function aclRules(u: CacheUser, access: CacheAccess): string[] {
  return [
    access.enabled ? "on" : "off",
    "resetkeys",
    `~${u.keyPrefix}*`,
    "resetchannels",
    `&${u.keyPrefix}*`,
    "nocommands",
    ...GRANTED_CATEGORIES.map((c) => `+@${c}`),
    ...DENIED,
    ...(access.writesPaused ? WHILE_PAUSED : []),
  ];
}

/** Runs `call`, reporting a server's refusal as a CacheServerError with its message. */
export async function onCacheServer<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof CacheServerError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new CacheServerError(`${what}: ${message}`);
  }
}
