// Calls of unsubscribe management (`/unsubscribe`): the resources the caller may unsubscribe
// (`GET /service/unsubscribable`, the server keeps the kinds whose code they hold) and the
// unsubscribe records, which are the orders of the unsubscribe and release types (`GET /orders`).
import { ORDER_TYPES, type OrderType } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRefreshServices } from "../services/services-api";
import { useRefreshStorage } from "../storage/storage-api";

/** usePagedQuery prefixes its keys with "ops". */
export const UNSUBSCRIBABLE_LIST_KEY = "unsubscribable";
export const RECORDS_LIST_KEY = "unsubscribeRecords";

/** The order types of the records: unsubscribes and releases (of postpaid resources). */
export const RECORD_TYPES: readonly OrderType[] = ORDER_TYPES.filter(
  (type) => type === "unsubscribe" || type === "release",
);

/** Where a record stands (spec §4 "Renewal and unsubscribe: in progress, done or failed"). */
export const RECORD_STATUSES = ["provisioning", "completed", "failed"] as const;

/** After an unsubscribe: both tabs and the resource lists and orders elsewhere reload. */
export function useRefreshUnsubscribe() {
  const client = useQueryClient();
  const refreshServices = useRefreshServices();
  const refreshStorage = useRefreshStorage();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["ops", UNSUBSCRIBABLE_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", RECORDS_LIST_KEY] }),
      refreshServices(),
      refreshStorage(),
    ]);
  };
}
