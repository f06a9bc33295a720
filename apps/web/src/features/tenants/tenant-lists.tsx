// The tabs of a tenant's page that are the operators' existing lists narrowed to the tenant (cash
// vouchers, coupons, contracts, resources, orders, invoices), each with the list's own columns; and
// the tenant's users.
import { type Endpoint, endpoints, type TenantUser } from "@skyledger/contracts";
import type { TableColumnsType } from "antd";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../components/paged-table";
import { type PagedList, type RowOf, usePagedQuery } from "../../components/use-paged-query";
import type { Query } from "../../lib/api-client";
import { accountTimeColumns, personColumns } from "../iam/account-table-parts";

type ListProps<E extends Endpoint, T extends object> = {
  queryKey: string;
  endpoint: E;
  orgId: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  testId: string;
  /** More of the list's query than the tenant (an order). */
  query?: Query;
  rowTestId?(row: T): string;
};

/** One of the operators' paged lists with `orgId` fixed to the tenant's; T is the endpoint's row. */
export function OrgList<E extends Endpoint, T extends RowOf<E> & object>({
  queryKey,
  endpoint,
  orgId,
  rowKey,
  columns,
  testId,
  query,
  rowTestId,
}: ListProps<E, T>) {
  // RowOf<E> is not known to be an object inside this generic; T names it for the columns.
  const list = usePagedQuery(`${queryKey}-${orgId}`, endpoint, {
    ...query,
    orgId,
  }) as unknown as PagedList<T>;
  return (
    <PagedTable<T>
      rowKey={rowKey}
      size="small"
      list={list}
      scroll={{ x: 1000 }}
      data-testid={testId}
      columns={columns}
      {...(rowTestId ? { rowTestId } : {})}
    />
  );
}

/** The tenant's main account and sub-users. */
export function TenantUsers({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const list = usePagedQuery(`tenantUsers-${orgId}`, endpoints.tenants.users, {}, { params: { orgId } });
  return (
    <PagedTable<TenantUser>
      rowKey="userSid"
      size="small"
      list={list}
      scroll={{ x: 1000 }}
      data-testid="tenant-users-table"
      columns={[
        ...personColumns<TenantUser>(t),
        {
          title: t("ops.tenants.userKind"),
          dataIndex: "main",
          render: (main: boolean) => t(main ? "ops.tenants.mainAccount" : "ops.tenants.subUser"),
        },
        {
          title: t("common.status"),
          dataIndex: "status",
          render: (s: TenantUser["status"]) => t(`ops.users.status.${s}`),
        },
        ...accountTimeColumns<TenantUser>(t),
      ]}
    />
  );
}
