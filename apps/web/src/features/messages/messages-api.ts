// Message centre calls (CF reads and marks read, CF01 deletes), the organisation's notice
// preferences (CH05, CH0501) and the operators' announcements (BA13), with their cache keys.
import type { AnnouncementBody, NoticePreferencesBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../lib/api-client";

/** The paged lists' keys for usePagedQuery. */
export const MESSAGES_LIST_KEY = "messages";
export const ANNOUNCEMENTS_LIST_KEY = "announcements";

const e = endpoints.messages;

export const messagesApi = {
  readAll: () => api.call(e.readAll),
  remove: (id: string) => api.call(e.remove, { params: { id } }),
  savePreferences: (body: NoticePreferencesBody) => api.call(e.savePreferences, { body }),
  publish: (body: AnnouncementBody) => api.call(e.publish, { body }),
  withdraw: (id: string) => api.call(e.withdraw, { params: { id } }),
};

/** The header's badge: polled once a minute. */
export const useUnreadCount = (enabled: boolean) =>
  useQuery({
    queryKey: ["messagesUnread"],
    queryFn: () => api.call(e.unread),
    enabled,
    refetchInterval: 60_000,
  });

/** One message; fetching it marks it read. */
export const useMessage = (id: string) =>
  useQuery({ queryKey: ["message", id], queryFn: () => api.call(e.get, { params: { id } }) });

/** The overview's card: a failure leaves the card empty rather than toasting over the overview. */
export const useLatestAnnouncements = (enabled: boolean) =>
  useQuery({
    queryKey: ["latestAnnouncements"],
    queryFn: () => api.call(e.announcements, { quiet: true }),
    enabled,
  });

/** The settings page's card shows its own retry when this fails. */
export const useNoticePreferences = () =>
  useQuery({ queryKey: ["noticePreferences"], queryFn: () => api.call(e.preferences, { quiet: true }) });

export const useAudienceProducts = () =>
  useQuery({ queryKey: ["announcementProducts"], queryFn: () => api.call(e.opsProducts) });

/** After a read, read-all or delete: the lists and the header's count. */
export function useRefreshMessages() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ["ops", MESSAGES_LIST_KEY] });
    void client.invalidateQueries({ queryKey: ["messagesUnread"] });
    void client.invalidateQueries({ queryKey: ["latestAnnouncements"] });
  }, [client]);
}
