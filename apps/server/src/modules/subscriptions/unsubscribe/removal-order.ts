// The order that tells why a resource went away. In Chinese clouds a prepaid resource is
// unsubscribed (退订: what was paid and unused is refunded) and a postpaid one is released (释放: its
// last hours are charged); the lifecycle releases any resource whose retention period after a
// freeze has passed, submitted by the system. The order stays `provisioning` until the provider has
// deleted the resource; unsubscribe.service `finishReleases` completes it.
import type { Money } from "@skyledger/billing";
import type { Db } from "../../../platform/db/client";
import type { SerializedAllocation } from "../../orders/orders.schema";
import { insertSubmittedOrder } from "../../orders/submitted-order";
import type { resources } from "../../resources/resources.schema";
import { releaseSnapshotsOf } from "../subscriptions.repo";

type ResourceRow = typeof resources.$inferSelect;
export type RemovalType = "unsubscribe" | "release";

/** What the tenant giving a resource back records: a postpaid resource is released, a prepaid one unsubscribed. */
export const removalTypeOf = (r: Pick<ResourceRow, "paymentType">): RemovalType =>
  r.paymentType === "postpaid" ? "release" : "unsubscribe";

/** The order types `finishReleases` completes once the resource is deleted. */
export const REMOVAL_TYPES: readonly RemovalType[] = ["unsubscribe", "release"];

/** Inserts the removal order of `r` with its `submitted` event (no actor when the system submits it). */
export async function insertRemovalOrder(
  tx: Db,
  r: ResourceRow,
  o: {
    id: string;
    orderNo: string;
    type: RemovalType;
    submittedBy: string;
    product: { nameZh: string; nameEn: string } | undefined;
    /** What the removal charged now (overdue days); the last postpaid hours go to the hourly bills. */
    amount: Money;
    paid: SerializedAllocation[];
    now: Date;
  },
): Promise<void> {
  await insertSubmittedOrder(
    tx,
    {
      id: o.id,
      orderNo: o.orderNo,
      orgId: r.orgId,
      projectId: r.projectId,
      submittedBy: o.submittedBy,
      type: o.type,
      status: "provisioning",
      approvalFlow: "none",
      productId: r.productId ?? "",
      productCode: r.productCode ?? r.kind,
      productNameZh: o.product?.nameZh ?? r.name,
      productNameEn: o.product?.nameEn ?? r.name,
      paymentType: r.paymentType ?? "prepaid",
      periodMonths: null,
      quantity: 1,
      request: { spec: r.spec, name: r.name },
      resourceId: r.id,
      originalAmount: o.amount,
      amount: o.amount,
      paid: o.paid,
      createdAt: o.now,
      updatedAt: o.now,
    },
    { detail: r.name },
  );
}

/** A host's snapshots go with it: the release step deletes them at the provider too. */
export async function releaseSnapshotsWith(
  tx: Db,
  r: Pick<ResourceRow, "id" | "kind">,
  now: Date,
): Promise<void> {
  if (r.kind !== "host") return;
  await releaseSnapshotsOf(tx, r.id, now);
}
