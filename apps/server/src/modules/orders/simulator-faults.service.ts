// The simulator's fault switch (`/ops/simulator/faults`, BA07): operators make the provider's next
// operations of a kind fail, for drills and demos. Arming one is audited in the same transaction.
import type { Audit } from "../../platform/audit/audit";
import type { Db, Tx } from "../../platform/db/client";
import type { RequestContext } from "../../platform/request-context";

export type FaultOperation = "create" | "resize" | "delete" | "act";
export type ArmedFault = { operation: string; remaining: number; message: string };

/** What a provider that can be told to fail offers (the simulator does). */
export type FaultSwitch = {
  armFault(tx: Tx, operation: FaultOperation, count: number, message: string): Promise<void>;
  faults(): Promise<ArmedFault[]>;
};

export function createSimulatorFaultsService(deps: { db: Db; audit: Audit; faults: FaultSwitch }) {
  const { db, audit, faults } = deps;
  return {
    list: (): Promise<ArmedFault[]> => faults.faults(),

    async arm(
      ctx: RequestContext,
      body: { operation: FaultOperation; count: number; message: string },
    ): Promise<ArmedFault[]> {
      await db.transaction(async (tx) => {
        await faults.armFault(tx, body.operation, body.count, body.message);
        await audit.record(tx, {
          action: "simulator.faultArmed",
          ...ctx.auditBy,
          orgId: null,
          target: body.operation,
          detail: { count: body.count, message: body.message },
        });
      });
      return faults.faults();
    },
  };
}
export type SimulatorFaultsService = ReturnType<typeof createSimulatorFaultsService>;
