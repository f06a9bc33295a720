// Calls of the disks, elastic IPs and snapshots API (`/res/volumes`, `/res/floatingips`,
// `/res/snapshots`) and their cache keys. Buying and unsubscribing go through the services API
// (`/service/apply`, `/service/unsubscribe/{id}`) with the host pages' components.
import { endpoints, HOST_AT_REST_STATUSES, isOneOf } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "../services/host-state";
import { HOSTS_LIST_KEY } from "../services/services-api";

/** A kind that is attached to a host: disks (attach/detach) and elastic IPs (bind/unbind). */
export type AttachableKind = "disk" | "elasticIp";

export const STORAGE_LIST_KEYS = {
  disk: "volumes",
  elasticIp: "floatingips",
  snapshot: "snapshots",
} as const;

export const storageApi = {
  attach: (kind: AttachableKind, id: string, hostId: string) =>
    api.call(kind === "disk" ? endpoints.resources.attachVolume : endpoints.resources.bindFloatingIp, {
      params: { id },
      body: { hostId },
    }),
  detach: (kind: AttachableKind, id: string) =>
    api.call(kind === "disk" ? endpoints.resources.detachVolume : endpoints.resources.unbindFloatingIp, {
      params: { id },
    }),
  createSnapshot: (hostId: string, name: string) =>
    api.call(endpoints.resources.createSnapshot, { body: { hostId, name } }),
  rollback: (id: string) => api.call(endpoints.resources.rollbackSnapshot, { params: { id } }),
  deleteSnapshot: (id: string) => api.call(endpoints.resources.deleteSnapshot, { params: { id } }),
};

/** One disk or elastic IP (its detail page); polled while it is between two states. */
export const useAttachable = (kind: AttachableKind, id: string) =>
  useQuery({
    queryKey: ["storage", kind, id],
    queryFn: () =>
      api.call(kind === "disk" ? endpoints.resources.getVolume : endpoints.resources.getFloatingIp, {
        params: { id },
      }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });

/** Hosts a disk, an IP or a snapshot may be given to now: the organisation's running or stopped hosts. */
export const useHostChoices = (enabled = true) =>
  useQuery({
    queryKey: ["storage", "hostChoices"],
    queryFn: () => api.call(endpoints.resources.listHosts, { query: { pageNum: 1, pageSize: 200 } }),
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
