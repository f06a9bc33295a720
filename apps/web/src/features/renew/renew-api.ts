// Calls of renewal management and configuration change (spec §7 "/renew", "/billing/inquiry/renew",
// "/billing/inquiry/modify", "/service/resize_resource") and their cache keys. The renewal and the
// resize move money and take the action's idempotency key; the inquiries are live prices whose
// failures show in the form rather than as toasts on every change.
import type { RenewBody, ResizeBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";
import { HOSTS_LIST_KEY } from "../services/services-api";
import { STORAGE_LIST_KEYS } from "../storage/storage-api";

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
 * After a renewal or a switch: the renewal list, the host, disk and elastic-IP lists and pages, and
 * the overview reload. Quotes are not refetched in place (they are always fetched afresh when a
 * form opens).
 */
export function useRefreshRenewals() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["ops", RENEWALS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", HOSTS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", STORAGE_LIST_KEYS.disk] }),
      client.invalidateQueries({ queryKey: ["ops", STORAGE_LIST_KEYS.elasticIp] }),
      client.invalidateQueries({ queryKey: ["services", "host"] }),
      client.invalidateQueries({ queryKey: ["storage"] }),
      client.invalidateQueries({ queryKey: ["overview"] }),
    ]);
  };
}

/**
 * Switching a resource's auto-renew, with the toast that says so and the lists reloaded: the
 * renewal list's switch and the resource rows' and pages' menus share it.
 */
export function useAutoRenew(row: { id: string; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshRenewals();
  const [busy, setBusy] = useState(false);
  const set = async (autoRenew: boolean) => {
    setBusy(true);
    try {
      await renewApi.setAutoRenew(row.id, autoRenew);
      void message.success(
        t(autoRenew ? "renew.autoRenew.turnedOn" : "renew.autoRenew.turnedOff", { name: row.name }),
      );
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(false);
    }
  };
  return { busy, set };
}
