// The jobs a bill charged, as the tenant reads them on the bill page: one line per job and span.
import { formatYuan } from "@skyledger/billing";
import type { HpcBillJob } from "@skyledger/contracts";
import type { Db } from "../../../platform/db/client";
import { type PageRequest, pageOf } from "../../../platform/db/paging";
import { DomainError } from "../../../platform/http/errors";
import type { RequestContext } from "../../../platform/request-context";
import { type ChargeLineRow, chargeLinesCount, chargeLinesPage, hasBill } from "./hpc-accounting.repo";
import { hoursText } from "./rate-jobs";

const toDto = (l: ChargeLineRow): HpcBillJob => ({
  jobId: l.jobId,
  jobName: l.jobName,
  user: l.clusterUser,
  partition: l.partition,
  cpus: l.cpus,
  gpus: l.gpus,
  start: l.usageStart.toISOString(),
  end: l.usageEnd.toISOString(),
  seconds: l.seconds,
  coreHours: hoursText(l.coreSeconds),
  gpuHours: hoursText(l.gpuSeconds),
  packageCoreHours: hoursText(l.packageCoreSeconds),
  packageGpuHours: hoursText(l.packageGpuSeconds),
  amount: formatYuan(l.amount),
  originalAmount: formatYuan(l.original),
});

export function createBillJobsService(db: Db) {
  return {
    /** The jobs of one of the caller's organisation's bills; another organisation's bill is not found. */
    async list(ctx: RequestContext, billNo: string, page: PageRequest) {
      const orgId = ctx.ownTenant();
      if (!(await hasBill(db, orgId, billNo))) throw new DomainError("NOT_FOUND");
      return pageOf(
        page,
        (limit, offset) => chargeLinesPage(db, orgId, billNo, limit, offset),
        chargeLinesCount(db, orgId, billNo),
        toDto,
      );
    },
  };
}
export type BillJobsService = ReturnType<typeof createBillJobsService>;
