// Host monitoring alarm calls (`/res/alarm_rules`, `/res/alarms`, CB01) and their cache keys.
import type { AlarmRuleBody } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api-client";

/** The paged lists' keys for usePagedQuery (its query keys start with "ops"). */
export const ALARM_RULES_LIST_KEY = "alarmRules";
export const ALARMS_LIST_KEY = "alarms";

export const alarmsApi = {
  createRule: (body: AlarmRuleBody) => api.call(endpoints.alarms.createRule, { body }),
  updateRule: (id: string, body: AlarmRuleBody) =>
    api.call(endpoints.alarms.updateRule, { params: { id }, body }),
  setRuleEnabled: (id: string, enabled: boolean) =>
    api.call(endpoints.alarms.setRuleEnabled, { params: { id }, body: { enabled } }),
  removeRule: (id: string) => api.call(endpoints.alarms.removeRule, { params: { id } }),
  acknowledge: (id: string) => api.call(endpoints.alarms.acknowledge, { params: { id } }),
};

/** The hosts a rule may watch: those the user sees that are not released. */
export const useAlarmHostOptions = () =>
  useQuery({
    queryKey: ["alarmHosts"],
    queryFn: () => api.call(endpoints.resources.listHosts, { query: { pageNum: 1, pageSize: 200 } }),
  });

/** Active alarms for the console's badge, read again every minute (the step evaluates each minute). */
export const useAlarmSummary = (enabled: boolean) =>
  useQuery({
    queryKey: ["alarmSummary"],
    queryFn: () => api.call(endpoints.alarms.summary, {}),
    enabled,
    refetchInterval: 60_000,
  });

export function useRefreshAlarms() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", ALARM_RULES_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", ALARMS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["alarmSummary"] }),
    ]);
}

/**
 * The bell reads its count once a minute; a page listing alarms reads them every 15 s. When that
 * list shows a different set of firing alarms, the bell is read again so the two never disagree.
 */
export function useBellFollowsList(firingIds: readonly string[]) {
  const client = useQueryClient();
  const key = firingIds.join(",");
  useEffect(() => {
    if (key !== "") void client.invalidateQueries({ queryKey: ["alarmSummary"] });
  }, [key, client]);
}
