// `/mgt/contract` and `/mgt/contracts/detail/{id}` (CC06: the tenant's contracts) and the billing
// operators' `/sys/contracts` (BI: create and terminate any tenant's contracts).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../platform/module";
import type { ContractService } from "./contracts.service";

export function registerContractRoutes(
  { app, guards, userRoute }: ModuleContext,
  contracts: ContractService,
) {
  userRoute(app, guards, endpoints.contracts.list, ({ ctx, query }) => contracts.list(ctx, query));

  userRoute(app, guards, endpoints.contracts.get, ({ ctx, params }) => contracts.detail(ctx, params.id));

  userRoute(app, guards, endpoints.contracts.opsList, ({ query }) => contracts.opsList(query));

  userRoute(app, guards, endpoints.contracts.opsGet, ({ params }) => contracts.opsDetail(params.id));

  userRoute(app, guards, endpoints.contracts.create, ({ ctx, body }) => contracts.create(ctx, body));

  userRoute(app, guards, endpoints.contracts.terminate, ({ ctx, params, body }) =>
    contracts.terminate(ctx, params.id, body),
  );
}
