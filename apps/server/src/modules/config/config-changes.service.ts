// Money-control settings (the four-eyes threshold and the maxima of money inputs) change by
// proposal: one platform administrator proposes, another approves, and the values, the decision and
// its audit row commit in one transaction. Until then nothing changes.
import type { EndpointBody, EndpointQuery, endpoints } from "@skyledger/contracts";
import { createAudit } from "../../platform/audit/audit";
import type { Clock } from "../../platform/clock";
import type { Db, Tx } from "../../platform/db/client";
import { assertDecidableBy } from "../../platform/four-eyes";
import { DomainError } from "../../platform/http/errors";
import { newId } from "../../platform/ids";
import type { RequestContext } from "../../platform/request-context";
import {
  type ConfigChangeRow,
  configChangeById,
  configChangeForUpdate,
  decideConfigChange,
  insertConfigChange,
  listConfigChanges,
  readConfigValues,
  writeConfigValue,
} from "./config.repo";
import type { ConfigChangeEntry } from "./config.schema";
import { validateEntry } from "./config.service";

export type ConfigChangesService = ReturnType<typeof createConfigChangesService>;

/**
 * The user names of user ids, read in `tx`. Users belong to iam, a module above config: app.ts
 * passes iam's look-up in, so config imports nothing of iam.
 */
export type AccountNames = (tx: Tx, userIds: readonly string[]) => Promise<Map<string, string>>;

const toDto = (c: ConfigChangeRow, names: Map<string, string>) => ({
  id: c.id,
  entries: c.entries,
  reason: c.reason,
  status: c.status,
  requestedBy: c.requestedBy,
  requestedByAccount: names.get(c.requestedBy) ?? null,
  decidedBy: c.decidedBy,
  decidedByAccount: c.decidedBy ? (names.get(c.decidedBy) ?? null) : null,
  decisionRemark: c.decisionRemark,
  createdAt: c.createdAt.toISOString(),
  decidedAt: c.decidedAt?.toISOString() ?? null,
});

/** Whoever proposed or decided one of `rows`. */
const peopleOf = (rows: ConfigChangeRow[]) => [
  ...new Set(rows.flatMap((c) => (c.decidedBy ? [c.requestedBy, c.decidedBy] : [c.requestedBy]))),
];

export function createConfigChangesService(deps: {
  db: Db;
  clock: Clock;
  /** Called after an approved change committed, so that cached values are read again. */
  onApplied: () => void;
  accountNames: AccountNames;
}) {
  const { db, clock } = deps;
  const audit = createAudit(clock);

  async function byId(tx: Tx, id: string) {
    const row = await configChangeById(tx, id);
    if (!row) throw new DomainError("NOT_FOUND");
    return toDto(row, await deps.accountNames(tx, peopleOf([row])));
  }

  return {
    async propose(ctx: RequestContext, input: EndpointBody<typeof endpoints.config.proposeChange>) {
      const actorId = ctx.actor.userId;
      for (const e of input.entries) validateEntry(e.configKey, e.configValue);
      const id = newId();
      await db.transaction(async (tx) => {
        const current = await readConfigValues(
          tx,
          input.entries.map((e) => e.configKey),
        );
        // The last value given for a key counts; a value equal to the current one changes nothing.
        const byKey = new Map(input.entries.map((e) => [e.configKey, e.configValue]));
        const entries: ConfigChangeEntry[] = [...byKey]
          .filter(([key, value]) => current.get(key) !== value)
          .map(([configKey, configValue]) => ({
            configKey,
            configValue,
            previousValue: current.get(configKey) ?? null,
          }));
        if (entries.length === 0) throw new DomainError("CONFIG_CHANGE_EMPTY");
        await insertConfigChange(tx, {
          id,
          entries,
          reason: input.reason,
          requestedBy: actorId,
          createdAt: clock.now(),
        });
        await audit.record(tx, {
          action: "configChange.proposed",
          ...ctx.auditBy,
          orgId: null,
          target: id,
          detail: { entries, reason: input.reason },
        });
      });
      return byId(db, id);
    },

    /** Approves (`approve`) or rejects a pending proposal: a second administrator's decision. */
    async decide(
      ctx: RequestContext,
      id: string,
      { remark }: EndpointBody<typeof endpoints.config.approveChange>,
      approve: boolean,
    ) {
      const actorId = ctx.actor.userId;
      const result = await db.transaction(async (tx) => {
        const row = await configChangeForUpdate(tx, id);
        assertDecidableBy(row, actorId);
        const now = clock.now();
        let entries = row.entries;
        if (approve) {
          const current = await readConfigValues(
            tx,
            entries.map((e) => e.configKey),
          );
          // What the approval replaced, which may differ from what the proposal saw.
          entries = entries.map((e) => ({ ...e, previousValue: current.get(e.configKey) ?? null }));
          for (const e of entries) {
            await writeConfigValue(tx, e.configKey, e.configValue, row.requestedBy, now);
          }
        }
        await decideConfigChange(tx, id, {
          status: approve ? "applied" : "rejected",
          decidedBy: actorId,
          decidedAt: now,
          decisionRemark: remark,
          entries,
        });
        const decided = await byId(tx, id);
        await audit.record(tx, {
          action: approve ? "configChange.approved" : "configChange.rejected",
          ...ctx.auditBy,
          orgId: null,
          target: id,
          detail: { entries, remark, requestedBy: decided.requestedByAccount },
        });
        return decided;
      });
      if (approve) deps.onApplied();
      return result;
    },

    async list(filter: EndpointQuery<typeof endpoints.config.listChanges>) {
      const { rows, total } = await listConfigChanges(db, {
        ...(filter.status ? { status: filter.status } : {}),
        limit: filter.pageSize,
        offset: (filter.pageNum - 1) * filter.pageSize,
      });
      const names = await deps.accountNames(db, peopleOf(rows));
      return {
        list: rows.map((c) => toDto(c, names)),
        total,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
      };
    },
  };
}
