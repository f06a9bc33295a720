// The tenant's contract credit (decision 0029): the largest credit limit among its contracts in
// execution, written on its credit account whenever a contract starts, ends or is created or
// terminated. The ledger turns credit in use beyond what is left into debt (arrears).
import { max } from "@skyledger/billing";
import type { Tx } from "../../platform/db/client";
import { setContractCredit } from "../ledger/ledger.service";
import { executingContractsLocked, setCreditApplied } from "./contracts.repo";

export async function syncContractCredit(
  tx: Tx,
  input: { orgId: string; contractNo: string; now: Date; createdBy: string | null },
): Promise<void> {
  const executing = await executingContractsLocked(tx, input.orgId, input.now);
  const limit = max(0n, ...executing.map((c) => c.creditLimit));
  await setContractCredit(tx, { ...input, limit });
  await setCreditApplied(
    tx,
    executing.filter((c) => !c.creditApplied).map((c) => c.id),
    true,
  );
}
