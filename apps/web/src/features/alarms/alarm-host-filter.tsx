// The host filter of the alarm pages: the hosts the user sees, kept in the page's `?hostId=` so a
// host's monitoring page can link straight to its rules and alarms.
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAlarmHostOptions } from "./alarms-api";

/** The host chosen in the address (empty for all), and a setter that also resets the list's page. */
export function useHostParam(): [string, (hostId?: string) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get("hostId") ?? "", (hostId) => setParams(hostId ? { hostId } : {})];
}

export function AlarmHostFilter({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(hostId?: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const hosts = useAlarmHostOptions();
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: 220 }}
      placeholder={t("alarms.list.hostFilter")}
      aria-label={t("alarms.list.hostFilter")}
      value={value || undefined}
      loading={hosts.isFetching}
      options={(hosts.data?.list ?? []).map((h) => ({ value: h.id, label: h.name }))}
      onChange={onChange}
      data-testid={testId}
    />
  );
}
