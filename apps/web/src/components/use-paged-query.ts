import type { Endpoint, EndpointResponse, Page } from "@skyledger/contracts";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { TablePaginationConfig } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api, type Query } from "../lib/api-client";

const DEFAULT_PAGE_SIZE = 20;

/** What usePagedQuery returns, e.g. for PagedTable. */
export type PagedList<T> = {
  query: UseQueryResult<Page<T>>;
  rows: T[];
  pagination: TablePaginationConfig;
  resetPage(): void;
  /** A filter's setter made into a filter control's onChange or onSearch that also resets the page. */
  onFilter<V>(set: (value: V) => void): (value: V) => void;
};

/** The row type of a paged list endpoint. */
export type RowOf<E> = EndpointResponse<E> extends Page<infer T> ? T : never;

/** Extra behaviour of a paged list: a poll while the shown page has rows still changing. */
export type PagedOptions<T> = { refetchInterval?: (page: Page<T> | undefined) => number | false };

/** A server-paged list (pageNum/pageSize/total) wired to an antd Table's pagination. */
export function usePagedQuery<E extends Endpoint>(
  key: string,
  endpoint: E,
  filters?: Query,
  options?: PagedOptions<RowOf<E>>,
): PagedList<RowOf<E>>;
/** The same for a path the caller builds (a list below another object). */
export function usePagedQuery<T>(
  key: string,
  path: string,
  filters?: Query,
  options?: PagedOptions<T>,
): PagedList<T>;
export function usePagedQuery(
  key: string,
  source: string | Endpoint,
  filters: Query = {},
  options: PagedOptions<never> = {},
): PagedList<unknown> {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const poll = options.refetchInterval;
  const query = useQuery({
    queryKey: ["ops", key, filters, page],
    queryFn: () =>
      typeof source === "string"
        ? api.get<Page<unknown>>(source, { query: { ...filters, ...page } })
        : // The list endpoints answer Page<row> (RowOf in the overload above).
          (api.call(source, { query: { ...filters, ...page } } as never) as Promise<Page<unknown>>),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? (q) => poll(q.state.data as never) : false,
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
