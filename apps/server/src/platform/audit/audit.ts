import { AUDIT_DETAIL_KEYS, type AuditChange, type AuditDetail } from "@skyledger/contracts";
import type { Clock } from "../clock";
import type { Tx } from "../db/client";
import { insertAuditLog } from "./audit.repo";

export type AuditEvent = {
  action: string;
  actorId: string | null;
  orgId: string | null;
  target?: string | null;
  ip?: string | null;
  /** Known fields only (contracts `AUDIT_DETAIL_FIELDS`): the console labels each one. */
  detail?: AuditDetail;
};

export type Audit = {
  /**
   * Writes the event in `tx`, the transaction of the change it describes: the row exists exactly
   * when the change does. (A sign-in failure, which changes nothing else, passes the handle.)
   */
  record(tx: Tx, event: AuditEvent): Promise<void>;
};

const LABELLED = new Set<string>(AUDIT_DETAIL_KEYS);

/**
 * The compiler checks the fields of a literal detail; one spread in conditionally is checked here,
 * so that no row carries a field the console cannot name.
 */
function assertLabelled(detail: AuditDetail | undefined): void {
  for (const key of Object.keys(detail ?? {}))
    if (!LABELLED.has(key)) throw new Error(`audit detail field "${key}" is not in AUDIT_DETAIL_FIELDS`);
}

/** Security and access events: who, what, when and from where. */
export function createAudit(clock: Clock): Audit {
  return {
    async record(tx, e) {
      assertLabelled(e.detail);
      await insertAuditLog(tx, {
        at: clock.now(),
        actorId: e.actorId,
        orgId: e.orgId,
        action: e.action,
        target: e.target ?? null,
        ip: e.ip ?? null,
        detail: e.detail ?? null,
      });
    },
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys of `keys` whose value differs between `before` and `after`, each as `{ from, to }`: what
 * an audit row of an edit says changed (an unchanged one is left out).
 */
export function changesOf<K extends string>(
  before: { [k in K]?: unknown },
  after: { [k in K]?: unknown },
  keys: readonly K[],
): { [k in K]?: AuditChange } {
  const changes: { [k in K]?: AuditChange } = {};
  for (const key of keys) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (!same(from, to)) changes[key] = { from, to };
  }
  return changes;
}

/** `changesOf` for fields of an audit row's detail: only fields the console knows compile. */
export const changedFields = <K extends keyof AuditDetail & string>(
  before: { [k in K]?: unknown },
  after: { [k in K]?: unknown },
  keys: readonly K[],
): { [k in K]?: AuditChange } => changesOf(before, after, keys);
