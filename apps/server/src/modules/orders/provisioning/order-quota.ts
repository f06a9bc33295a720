// An order's instances against its organisation's and project's quotas: checked again whenever the
// order moves towards delivery (resubmitted, provisioning started, a third-party service
// delivered), since what the tenant holds may have grown since it was submitted.
import type { ResourceKind } from "@skyledger/contracts";
import type { Tx } from "../../../platform/db/client";
import type { OrderRow } from "../order-money";
import type { QuotaGuard } from "./service-domain";

/** Refuses the order when its `quantity` instances of `kind` would exceed a quota. Runs in `tx`. */
export function assertOrderWithinQuota(
  quota: QuotaGuard,
  tx: Tx,
  o: OrderRow,
  kind: ResourceKind,
): Promise<void> {
  return quota.assertWithinQuota(tx, {
    orgId: o.orgId,
    projectId: o.projectId,
    kind,
    spec: o.request.spec,
    quantity: o.quantity,
  });
}
