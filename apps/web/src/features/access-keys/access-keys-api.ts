import { ACCESS_KEY_SECRET_CSV_HEADER, type AccessKeyCreated, endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../../app/query-client";
import { api } from "../../lib/api-client";

export const ACCESS_KEYS_KEY = ["accessKeys"] as const;

export const useAccessKeys = (enabled: boolean) =>
  useQuery({
    queryKey: ACCESS_KEYS_KEY,
    queryFn: () => api.call(endpoints.accessKeys.list, { query: { pageNum: 1, pageSize: 50 } }),
    enabled,
  });

export const refreshAccessKeys = () => queryClient.invalidateQueries({ queryKey: ACCESS_KEYS_KEY });

export const createAccessKey = (description: string) =>
  api.call(endpoints.accessKeys.create, { body: description ? { description } : {} });

export const disableAccessKey = (id: string) => api.call(endpoints.accessKeys.disable, { params: { id } });
export const enableAccessKey = (id: string) => api.call(endpoints.accessKeys.enable, { params: { id } });
export const deleteAccessKey = (id: string) => api.call(endpoints.accessKeys.remove, { params: { id } });

/** The list without secrets, as the server's CSV. */
export const downloadAccessKeys = () => api.callDownload(endpoints.accessKeys.download);

/** The one-time secret as a CSV built in the browser: it never travels again. */
export function secretCsv(key: Pick<AccessKeyCreated, "accessKeyId" | "secretAccessKey">): string {
  return `${ACCESS_KEY_SECRET_CSV_HEADER}\r\n${key.accessKeyId},${key.secretAccessKey}\r\n`;
}
