import { endpoints } from "@skyledger/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Select } from "antd";
import { type CSSProperties, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api-client";

type Props = {
  value?: string | null;
  onChange?: (orgId: string | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
  style?: CSSProperties;
  /** A tenant already known (e.g. the one being looked at) shown before any search. */
  known?: { orgId: string; name: string };
};

// Shared pickers sit below every domain, so the query key is declared here rather than taken from
// the finance folder.
const financeKeys = {
  orgOptions: (keyword: string) => ["finance", "orgOptions", keyword] as const,
};

/** Picks a tenant organisation, searching the operator's tenant list by name. */
export function OrgSelect({ value, onChange, allowClear = true, placeholder, testId, style, known }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState("");
  const orgs = useQuery({
    queryKey: financeKeys.orgOptions(keyword),
    queryFn: () =>
      api.call(endpoints.financeOps.listOrgs, {
        query: { keyword: keyword.trim(), pageNum: 1, pageSize: 50 },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (orgs.data?.list ?? []).map((org) => ({ value: org.orgId, label: org.name }));
  if (known && !options.some((o) => o.value === known.orgId))
    options.unshift({ value: known.orgId, label: known.name });
  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear={allowClear}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={options}
      loading={orgs.isFetching}
      placeholder={placeholder ?? t("finance.ops.chooseOrg")}
      notFoundContent={orgs.isError ? t("common.loadFailed") : t("finance.ops.noOrgs")}
      style={{ minWidth: 220, ...style }}
      data-testid={testId}
    />
  );
}
