// HPC accounting as the tenant reads it: the jobs of a bill (bill page, CC03).
import { endpoints } from "@skyledger/contracts";
import type { ModuleContext } from "../../../platform/module";
import type { BillJobsService } from "./bill-jobs.service";

export function registerAccountingRoutes(ctx: ModuleContext, billJobs: BillJobsService) {
  const { app, guards, userRoute } = ctx;
  userRoute(app, guards, endpoints.hpcAccounting.billJobs, ({ ctx, params, query }) =>
    billJobs.list(ctx, params.billNo, query),
  );
}
