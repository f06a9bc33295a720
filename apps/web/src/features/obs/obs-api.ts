// Calls of object storage (`/res/obs`, `/obs/keys`) and their cache keys: one bucket, its listing
// page by page, uploads with their progress, downloads, folders, deletes, share links, the access
// setting and the organisation's S3 access keys. Buying and unsubscribing go through the services
// API like every service.
import { type BucketAcl, endpoints, type ObsAccessKeyBody, type ShareLinkBody } from "@skyledger/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { UploadProgress } from "../../lib/xhr-send";
import { isTransitional, POLL_MS } from "../services/host-state";

const e = endpoints.obs;
/** The list key of the buckets (paged lists are cached under ["ops", key]). */
export const OBS_LIST_KEY = "obs";
const OBJECTS_PAGE_SIZE = 100;

export const obsKeys = {
  bucket: (id: string) => ["obs", id] as const,
  objects: (id: string, prefix: string) => ["obs", id, "objects", prefix] as const,
  accessKeys: ["obs", "accessKeys"] as const,
};

export const obsApi = {
  setAcl: (id: string, acl: BucketAcl) => api.call(e.setAcl, { params: { id }, body: { acl } }),
  upload: (id: string, key: string, file: File, onProgress: UploadProgress) =>
    api.callUpload(e.upload, file, {
      params: { id },
      query: { key, ...(file.type ? { contentType: file.type } : {}) },
      onProgress,
    }),
  download: (id: string, key: string) => api.callDownload(e.download, { params: { id }, query: { key } }),
  createFolder: (id: string, key: string) => api.call(e.createFolder, { params: { id }, body: { key } }),
  deleteObjects: (id: string, keys: string[]) =>
    api.call(e.deleteObjects, { params: { id }, body: { keys } }),
  share: (id: string, body: ShareLinkBody) => api.call(e.share, { params: { id }, body }),
  createAccessKey: (body: ObsAccessKeyBody) => api.call(e.createAccessKey, { body }),
  deleteAccessKey: (accessKeyId: string) => api.call(e.deleteAccessKey, { params: { accessKeyId } }),
};

/** One bucket (its detail page); polled while it is between two states. */
export const useBucket = (id: string) =>
  useQuery({
    queryKey: obsKeys.bucket(id),
    queryFn: () => api.call(e.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });

/** The folders and objects under `prefix`, a page at a time ("more" reads the next). */
export const useObjects = (id: string, prefix: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: obsKeys.objects(id, prefix),
    queryFn: ({ pageParam }) =>
      api.call(e.objects, {
        params: { id },
        query: { prefix, pageSize: OBJECTS_PAGE_SIZE, ...(pageParam ? { marker: pageParam } : {}) },
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextMarker ?? undefined,
    enabled,
  });

/** The organisation's S3 access keys, for users holding CB0502. */
export const useAccessKeys = (enabled: boolean) =>
  useQuery({ queryKey: obsKeys.accessKeys, queryFn: () => api.call(e.accessKeys), enabled });
