// One change to a tenant's network, in the house pattern of provider operations
// (resources/provider-operation.ts): our rows are claimed and the audit row written in one
// transaction (where every spec §5 rule is checked under a row lock, so a refused request sends
// nothing to the cloud); then the cloud is asked, outside any transaction; then one transaction
// records the result, or, when the cloud refused, puts our rows back and records the refusal.
// Wherever the process stops, the log and our rows agree. A multi-step ask removes what it made
// before it throws. VPCs, subnets, routers and routes run through `createCloudChanges` (one queue
// per VPC); security groups through security-groups/cloud-change.ts; both on `runClaimedChange`.
import type { NETWORK_AUDIT_STEPS } from "@skyledger/contracts";
import type { Audit, AuditEvent } from "../../platform/audit/audit";
import type { Db, Tx } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import { NetworkCloudError } from "../../providers/network/network-cloud";

export type NetworkStep = (typeof NETWORK_AUDIT_STEPS)[number];

/** The steps of one change; `claim` answers the change's audit row, `failure` the refusal's. */
export type ClaimedChange<T, E extends AuditEvent = AuditEvent> = {
  /** Checks the rules and claims our rows in `tx`; throws the refusal. Answers the audit row. */
  claim(tx: Tx): Promise<E>;
  /** The audit row of the cloud's refusal, from the change's own and the cloud's reason. */
  failure(event: E, reason: string): AuditEvent;
  /** Asks the cloud. */
  ask(): Promise<T>;
  /** Records what the cloud answered. */
  record(tx: Tx, answer: T): Promise<void>;
  /** Puts our rows back as they were before the claim. */
  undo(tx: Tx): Promise<void>;
};

export async function runClaimedChange<T, E extends AuditEvent>(
  deps: { db: Db; audit: Audit },
  change: ClaimedChange<T, E>,
): Promise<T> {
  const { db, audit } = deps;
  const event = await db.transaction(async (tx) => {
    const e = await change.claim(tx);
    await audit.record(tx, e);
    return e;
  });
  let answer: T;
  try {
    answer = await change.ask();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    await db.transaction(async (tx) => {
      await change.undo(tx);
      await audit.record(tx, change.failure(event, reason));
    });
    if (err instanceof NetworkCloudError) throw new DomainError("NETWORK_CLOUD_REFUSED", { reason });
    throw err;
  }
  await db.transaction((tx) => change.record(tx, answer));
  return answer;
}

type VpcEvent = AuditEvent & { action: `network.${NetworkStep}` };

/** A change to a VPC or what is in it; a refusal is recorded as `network.failed`. */
export type CloudChange<T> = Omit<ClaimedChange<T, VpcEvent>, "failure"> & {
  /** The VPC the change belongs to: changes to one VPC run one after the other. */
  vpcId: string;
};

export function createCloudChanges(deps: { db: Db; audit: Audit }) {
  // The row lock orders the claims; this queue also orders the cloud calls of one VPC in this
  // process, so that a router's routes are never replaced by two calls at once.
  const queues = new Map<string, Promise<unknown>>();

  function queued<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(key) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return run;
  }

  return function run<T>(change: CloudChange<T>): Promise<T> {
    return queued(change.vpcId, () =>
      runClaimedChange(deps, {
        ...change,
        failure: (event, reason) => ({
          ...event,
          action: "network.failed",
          detail: {
            ...event.detail,
            networkAction: event.action.slice("network.".length) as NetworkStep,
            reason,
          },
        }),
      }),
    );
  };
}

export type CloudChanges = ReturnType<typeof createCloudChanges>;
