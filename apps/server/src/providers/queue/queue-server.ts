// The RabbitMQ tenants' message-queue instances are made on (issue 16 item 6, decision 0024): one
// virtual host and one user per instance, the user allowed everything on its own vhost and nothing
// elsewhere, the vhost limited to the plan's queues and connections. Every call is idempotent (a
// retried create after a crash, a drop of what is gone already), so provisioning and the sweep may
// repeat it. The simulator makes nothing and says so (`simulated`).

export type QueueUser = { user: string; vhost: string };

/** The plan as the vhost's limits. */
export type QueueVhostLimits = { maxQueues: number; maxConnections: number };

export type QueueServer = {
  /** True when nothing is made on a real server (the embedded default). */
  readonly simulated: boolean;
  /** Where tenants connect (AMQP). */
  readonly host: string;
  readonly port: number;
  /** The vhost with its limits, the user with `password` and its permissions; nothing left when it fails. */
  create(u: QueueUser, password: string, limits: QueueVhostLimits): Promise<void>;
  setPassword(u: QueueUser, password: string): Promise<void>;
  /** Another plan's limits on the vhost (a plan change); queues over a lower limit stay, new ones are refused. */
  setLimits(u: QueueUser, limits: QueueVhostLimits): Promise<void>;
  /** Permissions on its vhost granted (enabled) or removed with its connections closed (frozen). */
  setEnabled(u: QueueUser, enabled: boolean): Promise<void>;
  /** The vhost (its queues and messages with it) and the user gone. */
  drop(u: QueueUser): Promise<void>;
};

/** A refusal of the server, its message kept for the order's error log (never a password). */
export class QueueServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QueueServerError";
  }
}

/**
 * The user and vhost of an instance: both `dms_` and 24 hex digits of its id. Nothing a tenant typed
 * reaches RabbitMQ; the id is checked to be a UUID.
 */
export function queueUserOf(instanceId: string): QueueUser {
  const id = instanceId.toLowerCase();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
    throw new QueueServerError(`not an instance id: ${instanceId}`);
  const name = `dms_${id.replace(/-/g, "").slice(0, 24)}`;
  return { user: name, vhost: name };
}
