import type { Page } from "@skyledger/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TablePaginationConfig } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, type Query } from "../lib/api-client";

const DEFAULT_PAGE_SIZE = 20;

/** What usePagedQuery returns, e.g. for PagedTable. */
export type PagedList<T> = ReturnType<typeof usePagedQuery<T>>;

/** Extra behaviour of a paged list: a poll while the shown page has rows still changing. */
export type PagedOptions<T> = { refetchInterval?: (page: Page<T> | undefined) => number | false };

/** A server-paged list (pageNum/pageSize/total) wired to an antd Table's pagination. */
export function usePagedQuery<T>(
  key: string,
  path: string,
  filters: Query = {},
  options: PagedOptions<T> = {},
) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const poll = options.refetchInterval;
  const query = useQuery({
    queryKey: ["ops", key, filters, page],
    queryFn: () => api.get<Page<T>>(path, { query: { ...filters, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? (q) => poll(q.state.data) : false,
  });
  const pagination: TablePaginationConfig = {
    current: page.pageNum,
    pageSize: page.pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total) => t("common.total", { total }),
    onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
  };
  /** New filters start again on the first page. */
  const resetPage = () => setPage((old) => ({ ...old, pageNum: 1 }));
  return {
    query,
    rows: query.data?.list ?? [],
    pagination,
    resetPage,
    /** A filter's setter made into a filter control's onChange or onSearch that also resets the page. */
    onFilter:
      <V>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        resetPage();
      },
  };
}
