import type { DictCategory, DictItem } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";

export function dictOptions(
  items: readonly DictItem[],
  language: string,
): { value: string; label: string }[] {
  return [...items]
    .sort((a, b) => a.sort - b.sort)
    .map((item) => ({ value: item.code, label: language === "en-US" ? item.labelEn : item.labelZh }));
}

/** A dictionary as select options, labelled in the current language. */
export function useDictOptions(category: DictCategory) {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ["dict", category],
    queryFn: () => api.call(endpoints.config.codeList, { params: { category: category }, anonymous: true }),
    staleTime: 30 * 60_000,
  });
  return { loading: query.isPending, options: dictOptions(query.data ?? [], i18n.language) };
}
