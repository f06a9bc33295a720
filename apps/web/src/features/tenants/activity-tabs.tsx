// The tabs of a tenant's page that show what it has and did: its resources, orders, bills and
// invoice requests, the operators' lists narrowed to the tenant, newest first and read-only. Each
// tab shows only to who may read its list (the endpoint's codes); an order opens its operator page
// (/sys/orders/:id) for who may open it, a bill or an invoice request its drawer.
import { endpoints, type InvoiceRequestRecord, type OpsResourceRecord } from "@skyledger/contracts";
import { Button, Drawer, type TabsProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayRead } from "../../components/require-org";
import { OrgBills } from "../finance/org-drawer";
import { InvoiceRequestById } from "../invoices/invoice-request-view";
import { requestColumns } from "../invoices/request-columns";
import { opsOrderPath, opsResourceColumns } from "../services/ops-resource-columns";
import { orderColumns } from "../services/orders-table";
import { OrgList } from "./tenant-lists";

function TenantInvoices({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <OrgList
        queryKey="tenantInvoices"
        endpoint={endpoints.invoices.queue}
        orgId={orgId}
        query={{ order: "newest" }}
        rowKey="id"
        testId="tenant-invoices-table"
        columns={[
          {
            title: t("invoices.fields.requestNo"),
            dataIndex: "requestNo",
            render: (v: string, row: InvoiceRequestRecord) => (
              <Button
                type="link"
                size="small"
                onClick={() => setOpen(row.id)}
                data-testid={`tenant-invoice-${v}`}
              >
                {v}
              </Button>
            ),
          },
          ...requestColumns(t),
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={720}
        title={t("invoices.detailTitle")}
        destroyOnHidden
      >
        {open && <InvoiceRequestById id={open} operator />}
      </Drawer>
    </>
  );
}

/** The tabs, for `<Tabs items>`: only those the signed-in operator may read. */
export function useActivityTabs(orgId: string): NonNullable<TabsProps["items"]> {
  const { t } = useTranslation();
  // The order page reads the order through the approvals' endpoint.
  const mayOpenOrder = useMayRead(...endpoints.orders.getApproval.permissions);
  const readable = {
    resources: useMayRead(...endpoints.resources.opsList.permissions),
    orders: useMayRead(...endpoints.orders.opsList.permissions),
    bills: useMayRead(...endpoints.financeOps.listBills.permissions),
    invoices: useMayRead(...endpoints.invoices.queue.permissions),
  };
  const tabs = {
    resources: (
      <OrgList
        queryKey="tenantResources"
        endpoint={endpoints.resources.opsList}
        orgId={orgId}
        rowKey="id"
        testId="tenant-resources-table"
        rowTestId={(row) => `tenant-resource-${row.name}`}
        columns={opsResourceColumns<OpsResourceRecord>(t, mayOpenOrder)}
      />
    ),
    orders: (
      <OrgList
        queryKey="tenantOrders"
        endpoint={endpoints.orders.opsList}
        orgId={orgId}
        rowKey="id"
        testId="tenant-orders-table"
        rowTestId={(row) => `tenant-order-${row.orderNo}`}
        columns={orderColumns(t, { detailPath: mayOpenOrder ? (o) => opsOrderPath(o.id) : undefined })}
      />
    ),
    bills: <OrgBills orgId={orgId} />,
    invoices: <TenantInvoices orgId={orgId} />,
  };
  return (Object.keys(tabs) as (keyof typeof tabs)[])
    .filter((key) => readable[key])
    .map((key) => ({ key, label: t(`ops.tenants.tabs.${key}`), children: tabs[key] }));
}
