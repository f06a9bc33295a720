// Calls of the disks, elastic IPs and snapshots API (`/res/volumes`, `/res/floatingips`,
// `/res/snapshots`) and their cache keys. Buying and unsubscribing go through the services API
// (`/service/apply`, `/service/unsubscribe/{id}`) with the host pages' components.
import {
  HOST_AT_REST_STATUSES,
  isOneOf,
  type Page,
  type ResourceDetail,
  type ResourceRecord,
} from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { HOSTS_LIST_KEY, HOSTS_PATH } from "../services/services-api";

/** A kind that is attached to a host: disks (attach/detach) and elastic IPs (bind/unbind). */
export type AttachableKind = "disk" | "elasticIp";

export const STORAGE_PATHS = {
  disk: "/res/volumes",
  elasticIp: "/res/floatingips",
  snapshot: "/res/snapshots",
} as const;
export const STORAGE_LIST_KEYS = {
  disk: "volumes",
  elasticIp: "floatingips",
  snapshot: "snapshots",
} as const;

const at = (id: string) => encodeURIComponent(id);

export const storageApi = {
  attach: (kind: AttachableKind, id: string, hostId: string) =>
    api.post<ResourceDetail>(`${STORAGE_PATHS[kind]}/${at(id)}/${kind === "disk" ? "attach" : "bind"}`, {
      hostId,
    }),
  detach: (kind: AttachableKind, id: string) =>
    api.post<ResourceDetail>(`${STORAGE_PATHS[kind]}/${at(id)}/${kind === "disk" ? "detach" : "unbind"}`, {}),
  createSnapshot: (hostId: string, name: string) =>
    api.post<ResourceDetail>(STORAGE_PATHS.snapshot, { hostId, name }),
  rollback: (id: string) => api.post<ResourceDetail>(`${STORAGE_PATHS.snapshot}/${at(id)}/rollback`, {}),
  deleteSnapshot: (id: string) => api.del<{ ok: true }>(`${STORAGE_PATHS.snapshot}/${at(id)}`),
};

/** Hosts a disk, an IP or a snapshot may be given to now: the organisation's running or stopped hosts. */
export const useHostChoices = (enabled = true) =>
  useQuery({
    queryKey: ["storage", "hostChoices"],
    queryFn: () => api.get<Page<ResourceRecord>>(HOSTS_PATH, { query: { pageNum: 1, pageSize: 200 } }),
    select: (page) => page.list.filter((h) => isOneOf(HOST_AT_REST_STATUSES, h.status)),
    enabled,
    staleTime: 0,
  });

/** After an action: the disk, IP and snapshot lists and the hosts (their attachments) reload. */
export function useRefreshStorage() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      ...Object.values(STORAGE_LIST_KEYS).map((key) => client.invalidateQueries({ queryKey: ["ops", key] })),
      client.invalidateQueries({ queryKey: ["ops", HOSTS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["services", "host"] }),
      client.invalidateQueries({ queryKey: ["storage"] }),
    ]);
  };
}
