// What ordering asks of quotas: may this organisation (and project) take `quantity` more of this?
// The quotas module answers; the guard runs inside the order's transaction. And what quotas asks of
// the module that runs resources: how much of each metric they take. Quotas owns both interfaces,
// so it imports nothing of the modules above it.
import type { QuotaMetric, ResourceKind } from "@skyledger/contracts";
import type { Tx } from "../../platform/db/client";

/** The figures of a resource that count against quotas, among the rest of its spec. */
export type QuotaFigures = {
  vcpu?: number;
  memoryGb?: number;
  gpuCount?: number;
  sizeGb?: number;
  [other: string]: unknown;
};

export type QuotaRequest = {
  orgId: string;
  projectId: string | null;
  kind: ResourceKind;
  spec: QuotaFigures;
  quantity: number;
  /** A resize: the resource's current figures are replaced, not added to. */
  excludeResourceId?: string;
};

export type QuotaGuard = { assertWithinQuota(tx: Tx, request: QuotaRequest): Promise<void> };

export type Usage = Record<QuotaMetric, number>;

/** Implemented by the resources module (resources/quota-usage.repo.ts), injected by the wiring. */
export type QuotaUsageSource = {
  /** What the organisation's (or, with projectId, the project's) live resources take. */
  usage(tx: Tx, orgId: string, projectId: string | null, excludeResourceId?: string): Promise<Usage>;
  /** The kind and figures of one live resource of the organisation (a resize's current state). */
  liveResource(
    tx: Tx,
    orgId: string,
    id: string,
  ): Promise<{ kind: ResourceKind; spec: QuotaFigures } | undefined>;
};
