// Every tenant's resources for operators (`/sys/resources`, BI, BT, BA07; the auditor reads it):
// newest first and paged by the server (`GET /api/ops/resources`), with the tenant each belongs to
// (opening its page, /sys/tenants/:id, for who may) and its catalogue product. The filters live in
// the address (resource-filters.tsx), so the dashboard's resource numbers open it filtered and its
// total is the number.
import { endpoints, type OpsResourceRecord } from "@skyledger/contracts";
import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { useMayOpen, useMayRead } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData } from "../../../components/user-data";
import { opsResourceColumns } from "../../../features/services/ops-resource-columns";
import { dash } from "../../../lib/format";
import { ResourceFilterBar, useResourceFilters } from "./resource-filters";

const tenantPath = (orgId: string) => `/sys/tenants/${encodeURIComponent(orgId)}`;

export function OpsResourcesPage() {
  const { t } = useTranslation();
  const [filters, setFilter] = useResourceFilters();
  const list = usePagedQuery("opsResources", endpoints.resources.opsList, filters);
  const mayOpen = useMayOpen();
  // The order page reads the order through the approvals' endpoint.
  const mayOpenOrder = useMayRead(...endpoints.orders.getApproval.permissions);
  const orgName = filters.orgId ? (list.rows.find((r) => r.orgId === filters.orgId)?.orgName ?? null) : null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.resources.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("ops.resources.intro")}</Typography.Paragraph>
      <Card>
        <ResourceFilterBar
          filters={filters}
          onFilter={(key) => list.onFilter((value: string | undefined) => setFilter(key, value))}
          orgName={orgName}
        />
        <PagedTable<OpsResourceRecord>
          rowKey="id"
          list={list}
          emptyText={t("ops.resources.empty")}
          scroll={{ x: 1700 }}
          data-testid="ops-resources-table"
          rowTestId={(row) => `ops-resource-${row.name}`}
          columns={[
            {
              title: t("ops.resources.tenant"),
              key: "tenant",
              fixed: "left",
              width: 180,
              render: (_, row) => {
                const name = <UserData>{dash(row.orgName)}</UserData>;
                return mayOpen(tenantPath(row.orgId)) ? <Link to={tenantPath(row.orgId)}>{name}</Link> : name;
              },
            },
            ...opsResourceColumns<OpsResourceRecord>(t, mayOpenOrder),
            {
              title: t("ops.resources.product"),
              key: "product",
              width: 180,
              render: (_, row) =>
                row.productName === null ? (
                  t("ops.resources.noProduct")
                ) : (
                  <UserData>{row.productName}</UserData>
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}
