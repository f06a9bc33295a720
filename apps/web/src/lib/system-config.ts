// The public system configuration (GET /configs/nonAuth), read at start-up and by public pages.
// A small store rather than a TanStack query: the login page shows it, and the query library is
// kept out of the login page's first download (it loads with every other page).
// Types only from the contracts: their runtime values bring zod.
import type { ConfigEntry, ConfigKey } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { api } from "./api-client";

export type PublicConfig = {
  configs: ConfigEntry[];
  agreementVersion: number;
  privacyVersion: number;
};

type State = { loading: boolean; data?: PublicConfig; error?: unknown };

let state: State = { loading: false };
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function update(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the configuration; concurrent callers share one request. */
export function loadPublicConfig(): Promise<void> {
  inflight ??= (async () => {
    update({ ...state, loading: true, error: undefined });
    try {
      update({ loading: false, data: await api.call(endpoints.config.publicSettings, { anonymous: true }) });
    } catch (error) {
      update({ loading: false, data: state.data, error });
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** Forgets what was read (after an operator saved it, or to retry from /tokenError) and reads again. */
export function reloadPublicConfig(): Promise<void> {
  update({ loading: false });
  return loadPublicConfig();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export type ConfigValues = {
  get(key: ConfigKey): string;
  flag(key: ConfigKey): boolean;
};

export function configValues(entries: readonly ConfigEntry[] | undefined): ConfigValues {
  const map = new Map((entries ?? []).map((entry) => [entry.configKey, entry.configValue]));
  return {
    get: (key) => map.get(key) ?? "",
    flag: (key) => map.get(key) === "true",
  };
}

export function usePublicConfig() {
  const current = useSyncExternalStore(subscribe, snapshot);
  useEffect(() => {
    if (!state.data && !state.loading && state.error === undefined) void loadPublicConfig();
  }, []);
  const values = useMemo(() => configValues(current.data?.configs), [current.data]);
  return {
    data: current.data,
    isPending: !current.data && current.error === undefined,
    isError: current.error !== undefined,
    error: current.error,
    values,
  };
}
