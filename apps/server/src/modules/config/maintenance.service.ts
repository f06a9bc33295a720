// Platform maintenance (spec §8's 503): a platform administrator closes the platform to tenants, or
// makes it read-only for them, with a message in both languages and an expected end. Operators are
// never held back, so they can do the maintenance and end it. The state lives in the database and
// each instance reads it through a short cache, so all instances agree within seconds.
import {
  type EndpointBody,
  type endpoints,
  type MaintenanceState,
  maintenanceTextParams,
  type PublicEndpoint,
  type UserEndpoint,
} from "@skyledger/contracts";
import type { Audit } from "../../platform/audit/audit";
import type { Principal } from "../../platform/auth/principal";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import { DomainError } from "../../platform/http/errors";
import type { RequestContext } from "../../platform/request-context";
import { type MaintenanceRow, readMaintenance, writeMaintenance } from "./config.repo";

// Checked on every API call: one read per instance every few seconds, like the configuration values.
const CACHE_MS = 5_000;

const OFF: MaintenanceState = { mode: "off", messageZh: "", messageEn: "", endsAt: null };

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;

const stateOf = (row: MaintenanceRow | undefined): MaintenanceState =>
  row
    ? {
        mode: row.mode,
        messageZh: row.messageZh,
        messageEn: row.messageEn,
        endsAt: row.endsAt?.toISOString() ?? null,
      }
    : OFF;

/** Whether `def` may run for this caller in `mode`. Operators (platform accounts) always may. */
function admitted(
  mode: MaintenanceState["mode"],
  principal: Principal | null,
  def: PublicEndpoint | UserEndpoint,
): boolean {
  if (mode === "off" || principal?.moduleType === "sys") return true;
  // A payment gateway's notice (noCsrf) reports money already paid: it is credited, not refused.
  if (def.access === "public")
    return def.method === "GET" || def.openDuringMaintenance === true || def.noCsrf === true;
  // Signing out and refreshing the session stay open in both modes.
  if (def.noStateChange === "session") return true;
  // Read-only: reading, and calls that change nothing (price inquiries, exports), still work.
  return mode === "readOnly" && (def.method === "GET" || def.noStateChange !== undefined);
}

export function createMaintenanceService(db: Db, clock: Clock, audit: Audit) {
  let cache: { at: number; state: MaintenanceState } | undefined;
  // Told once a change has committed: this instance's open terminals end at once (others at their next check).
  const listeners: ((state: MaintenanceState) => void)[] = [];

  async function current(): Promise<MaintenanceState> {
    const now = clock.now().getTime();
    if (cache && now - cache.at < CACHE_MS && now >= cache.at) return cache.state;
    cache = { at: now, state: stateOf(await readMaintenance(db)) };
    return cache.state;
  }

  function validate(body: EndpointBody<typeof endpoints.config.setMaintenance>): Date | null {
    if (body.mode === "off") return null;
    if (!body.messageZh || !body.messageEn) throw new DomainError("MAINTENANCE_MESSAGE_REQUIRED");
    if (!body.endsAt) throw new DomainError("MAINTENANCE_END_REQUIRED");
    const endsAt = new Date(body.endsAt);
    if (endsAt.getTime() <= clock.now().getTime()) throw new DomainError("MAINTENANCE_END_PAST");
    return endsAt;
  }

  return {
    current,

    /** Starts, changes or (mode `off`) ends maintenance; the change and its audit row commit together. */
    async set(
      ctx: RequestContext,
      body: EndpointBody<typeof endpoints.config.setMaintenance>,
    ): Promise<MaintenanceState> {
      const endsAt = validate(body);
      const on = body.mode !== "off";
      const next = {
        mode: body.mode,
        // Ending maintenance clears its message, so a later 503 can never show a stale one.
        messageZh: on ? body.messageZh : "",
        messageEn: on ? body.messageEn : "",
        endsAt,
        updatedBy: ctx.actor.userId,
        updatedAt: clock.now(),
      };
      await db.transaction(async (tx) => {
        const before = stateOf(await readMaintenance(tx));
        await writeMaintenance(tx, next);
        await audit.record(tx, {
          action: "maintenance.updated",
          ...ctx.auditBy,
          orgId: null,
          target: null,
          detail: {
            maintenanceMode: { from: before.mode, to: next.mode },
            messageZh: next.messageZh,
            messageEn: next.messageEn,
            endsAt: next.endsAt?.toISOString() ?? null,
          },
        });
      });
      cache = undefined;
      const state = await current();
      for (const listener of listeners) listener(state);
      return state;
    },

    /** Calls `listener` after each change of the maintenance state made on this instance. */
    onChange(listener: (state: MaintenanceState) => void): void {
      listeners.push(listener);
    },

    /** Refuses (503, with the message and the state as data) a call that maintenance holds back. */
    async admit(principal: Principal | null, def: PublicEndpoint | UserEndpoint): Promise<void> {
      const state = await current();
      if (admitted(state.mode, principal, def)) return;
      throw new DomainError(
        state.mode === "closed" ? "PLATFORM_CLOSED" : "PLATFORM_READ_ONLY",
        maintenanceTextParams(state),
        state,
      );
    },
  };
}
