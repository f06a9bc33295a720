// Calls of renewal management and configuration change (spec §7 "/renew", "/billing/inquiry/renew",
// "/billing/inquiry/modify", "/service/resize_resource") and their cache keys. The renewal and the
// resize move money and take the action's idempotency key; the inquiries are live prices whose
// failures show in the form rather than as toasts on every change.
import type { RenewBody, ResizeBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { HOSTS_LIST_KEY } from "../services/services-api";

/** usePagedQuery prefixes its keys with "ops". */
export const RENEWALS_LIST_KEY = "renewals";

export const renewApi = {
  quote: (body: RenewBody) => api.call(endpoints.orders.renewQuote, { body: body, bestEffort: true }),
  renew: (body: RenewBody, idempotencyKey: string) =>
    api.call(endpoints.orders.renew, { body: body, idempotencyKey }),
  setAutoRenew: (id: string, autoRenew: boolean) =>
    api.call(endpoints.orders.setAutoRenew, { params: { id }, body: { autoRenew } }),
  resizeQuote: (body: ResizeBody) => api.call(endpoints.orders.resizeQuote, { body: body, bestEffort: true }),
  resize: (body: ResizeBody, idempotencyKey: string) =>
    api.call(endpoints.orders.resize, { body: body, idempotencyKey }),
};

export const renewKeys = {
  quote: (body: RenewBody | null) => ["renew", "quote", body] as const,
  resizeQuote: (body: ResizeBody | null) => ["renew", "resizeQuote", body] as const,
};

/** The live renewal price (null body: nothing to price yet). Always fresh: balances move. */
export const useRenewQuote = (body: RenewBody | null) =>
  useQuery({
    queryKey: renewKeys.quote(body),
    queryFn: () => renewApi.quote(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The live price difference of a flavour change (null body: no other flavour chosen). */
export const useResizeQuote = (body: ResizeBody | null) =>
  useQuery({
    queryKey: renewKeys.resizeQuote(body),
    queryFn: () => renewApi.resizeQuote(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * After a renewal or a switch: the expiring list, the hosts and the overview reload. Quotes are not
 * refetched in place (they are always fetched afresh when a form opens).
 */
export function useRefreshRenewals() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["ops", RENEWALS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", HOSTS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["services", "host"] }),
      client.invalidateQueries({ queryKey: ["overview"] }),
    ]);
  };
}
