// Key pair calls of the resource API (`/res/keypairs`, CB0117) and their cache keys.
import type { KeyPairCreateBody, KeyPairImportBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The paged list's key for usePagedQuery (its query keys start with "ops"). */
export const KEY_PAIRS_LIST_KEY = "keyPairs";

export const keyPairsApi = {
  create: (body: KeyPairCreateBody) => api.call(endpoints.keypairs.create, { body: body }),
  import: (body: KeyPairImportBody) => api.call(endpoints.keypairs.import, { body: body }),
  remove: (id: string) => api.call(endpoints.keypairs.remove, { params: { id } }),
};

export const useKeyPair = (id: string) =>
  useQuery({
    queryKey: ["keyPair", id],
    queryFn: () => api.call(endpoints.keypairs.get, { params: { id } }),
  });

export function useRefreshKeyPairs() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ["ops", KEY_PAIRS_LIST_KEY] });
}

/** The organisation's projects to attach a key pair to; only users who may read projects (CH04) get them. */
export const useProjectOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["keyPairProjects"],
    queryFn: () => api.call(endpoints.projects.list, { query: { pageNum: 1, pageSize: 200 } }),
    enabled,
  });
