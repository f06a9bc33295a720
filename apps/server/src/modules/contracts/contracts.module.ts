// Wires the contracts: the service, the tenant's and the operators' endpoints. The service is
// answered so that quotes read its discounts and the lifecycle step runs its sweep.
import type { Audit } from "../../platform/audit/audit";
import type { FileService } from "../../platform/blobs/files.service";
import type { Clock } from "../../platform/clock";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import { registerContractRoutes } from "./contracts.routes";
import { type ContractService, createContractService } from "./contracts.service";

export function registerContracts(
  ctx: ModuleContext,
  deps: { db: Db; clock: Clock; audit: Audit; files: FileService },
): ContractService {
  const service = createContractService(deps);
  registerContractRoutes(ctx, service);
  return service;
}
