// The simulator's fault switch (`/ops/simulator/faults`, BA07): operators make the provider's next
// operations of a kind fail, for drills and demos. Arming one is audited in the same transaction.
import type { Audit } from "../../platform/audit/audit";
import type { Principal } from "../../platform/auth/principal";
import type { Db, Tx } from "../../platform/db/client";

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
      principal: Principal,
      body: { operation: FaultOperation; count: number; message: string },
      ip: string,
    ): Promise<ArmedFault[]> {
      await db.transaction(async (tx) => {
        await faults.armFault(tx, body.operation, body.count, body.message);
        await audit.record(tx, {
          action: "simulator.faultArmed",
          actorId: principal.userId,
          orgId: null,
          target: body.operation,
          ip,
          detail: { count: body.count, message: body.message },
        });
      });
      return faults.faults();
    },
  };
}
export type SimulatorFaultsService = ReturnType<typeof createSimulatorFaultsService>;
