// What ordering asks of quotas: may this organisation (and project) take `quantity` more of this?
// The quotas module answers; the guard runs inside the order's transaction.
import type { Db } from "../../platform/db/client";
import type { ResourceKind, ResourceSpec } from "./resources.schema";

export type QuotaRequest = {
  orgId: string;
  projectId: string | null;
  kind: ResourceKind;
  spec: ResourceSpec;
  quantity: number;
  /** A resize: the resource's current figures are replaced, not added to. */
  excludeResourceId?: string;
};

export type QuotaGuard = { assertWithinQuota(tx: Db, request: QuotaRequest): Promise<void> };
