import type { Endpoint, EndpointParamsInput, EndpointResponse, Page } from "@skyledger/contracts";
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

/**
 * Extra parts of a paged list: the path parameters of a list below another object (a project's
 * member candidates), and a poll while the shown page has rows still changing.
 */
export type PagedOptions<E extends Endpoint> = {
  params?: EndpointParamsInput<E>;
  refetchInterval?: (page: Page<RowOf<E>> | undefined) => number | false;
};

/** A server-paged list endpoint (pageNum/pageSize/total) wired to an antd Table's pagination. */
export function usePagedQuery<E extends Endpoint>(
  key: string,
  endpoint: E,
  filters: Query = {},
  options: PagedOptions<E> = {},
): PagedList<RowOf<E>> {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const poll = options.refetchInterval;
  const query = useQuery({
    queryKey: ["ops", key, filters, page],
    // A list endpoint answers Page<RowOf<E>>; its query takes the filters and the page.
    queryFn: () =>
      api.call(endpoint, { params: options.params, query: { ...filters, ...page } } as never) as Promise<
        Page<RowOf<E>>
      >,
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
