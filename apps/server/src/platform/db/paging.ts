export type PageRequest = { pageNum: number; pageSize: number };
export type PageOf<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/**
 * One page of a list query with the total count, in the `{ list, total, pageNum, pageSize }` shape
 * every list endpoint answers. `rows` receives the limit and offset of the requested page.
 */
export async function pageOf<R, T>(
  page: PageRequest,
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
  toItem: (row: R) => T,
): Promise<PageOf<T>> {
  const [list, totals] = await Promise.all([rows(page.pageSize, (page.pageNum - 1) * page.pageSize), total]);
  return { list: list.map(toItem), total: totals[0]?.n ?? 0, pageNum: page.pageNum, pageSize: page.pageSize };
}
