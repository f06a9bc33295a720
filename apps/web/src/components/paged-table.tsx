// An antd Table over a server-paged list (usePagedQuery): its rows, its spinner while a page loads,
// its pagination, and an empty state that offers a retry when the list could not be loaded. Columns,
// rowKey, scroll and the table's data-testid stay with each page.
import { Table, type TableProps } from "antd";
import type { HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { tableLocale } from "./table-states";
import type { PagedList } from "./use-paged-query";

type Props<T> = Omit<TableProps<T>, "dataSource" | "loading" | "pagination" | "locale"> & {
  list: PagedList<T>;
  /** What an empty list says; common.empty when not given. */
  emptyText?: string;
  /** The data-testid of each row (tests find a row by its account, name…); onRow, if given, wins. */
  rowTestId?(row: T): string;
};

export function PagedTable<T extends object>({ list, emptyText, rowTestId, ...table }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      loading={list.query.isFetching}
      dataSource={list.rows}
      pagination={list.pagination}
      locale={tableLocale(list.query, t, emptyText)}
      onRow={rowTestId && ((row) => ({ "data-testid": rowTestId(row) }) as HTMLAttributes<HTMLElement>)}
      {...table}
    />
  );
}
