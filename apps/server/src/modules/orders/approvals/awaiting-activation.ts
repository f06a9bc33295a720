// An approved order of a product with manual activation waits for an operator (activation.service.ts).
import type { OrderRow } from "../order-money";

/** Approved and paid, held until an operator activates or closes it. */
export const isAwaitingActivation = (o: Pick<OrderRow, "status" | "manualActivation" | "activatedAt">) =>
  o.status === "approved" && o.manualActivation && o.activatedAt === null;
