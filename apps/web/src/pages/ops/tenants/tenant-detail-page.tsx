// /sys/tenants/:id (BI/BT): one tenant — its card (main account, verification, account freeze with
// the freeze/unfreeze action for BI), its money (the finance accounts' view with the credit limit
// dialog under four-eyes), users, resources, orders, bills, invoices, vouchers, coupons, contracts
// and audit trail. Each tab shows only
// to who may read its list; actions only to BI, and signing in as support to BT (decision 0031).
import { endpoints, type TenantDetail } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Card, Descriptions, Skeleton, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { CertificationTag } from "../../../components/certification-tag";
import { useHasCode, useMayRead } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { UserData } from "../../../components/user-data";
import { useActivityTabs } from "../../../features/tenants/activity-tabs";
import { FreezeDialog } from "../../../features/tenants/freeze-dialog";
import { FrozenTag } from "../../../features/tenants/frozen-tag";
import { SupportDialog } from "../../../features/tenants/support-dialog";
import { OrgList, TenantUsers } from "../../../features/tenants/tenant-lists";
import {
  AuditLogView,
  contractColumns,
  couponColumns,
  OrgFinance,
  voucherColumns,
} from "../../../features/tenants/tenant-views";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";

const tenantKey = (orgId: string) => ["opsTenant", orgId];

function TenantCard({ tenant }: { tenant: TenantDetail }) {
  const { t } = useTranslation();
  const data = (v: string | null) => <UserData>{dash(v)}</UserData>;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="tenant-card">
      <Descriptions.Item label={t("ops.tenants.name")}>{data(tenant.name)}</Descriptions.Item>
      <Descriptions.Item label={t("ops.tenants.state")}>
        <FrozenTag frozen={tenant.frozen} />
      </Descriptions.Item>
      <Descriptions.Item label={t("ops.tenants.account")}>{data(tenant.account)}</Descriptions.Item>
      <Descriptions.Item label={t("console.fields.realName")}>{data(tenant.realName)}</Descriptions.Item>
      <Descriptions.Item label={t("console.fields.mobile")}>{data(tenant.mobile)}</Descriptions.Item>
      <Descriptions.Item label={t("console.fields.email")}>{data(tenant.email)}</Descriptions.Item>
      <Descriptions.Item label={t("ops.tenants.address")}>{data(tenant.address)}</Descriptions.Item>
      <Descriptions.Item label={t("common.createdAt")}>{formatDateTime(tenant.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t("ops.tenants.certification")}>
        <CertificationTag status={tenant.certificationStatus} />
      </Descriptions.Item>
      <Descriptions.Item label={t("ops.tenants.authRemark")}>{data(tenant.authRemark)}</Descriptions.Item>
    </Descriptions>
  );
}

function FrozenNote({ tenant }: { tenant: TenantDetail }) {
  const { t } = useTranslation();
  if (!tenant.frozen) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="tenant-frozen-note"
      title={t("ops.tenants.frozenSince", { time: formatDateTime(tenant.frozenAt) })}
      description={
        <>
          {t("ops.tenants.freeze.reason")}: <UserData>{tenant.freezeReason}</UserData>
        </>
      }
    />
  );
}

export function TenantDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState(false);
  const [supportDialog, setSupportDialog] = useState(false);
  const mayAct = useHasCode("BI");
  const maySupport = useHasCode(...endpoints.tenants.supportSignIn.permissions);
  const mayReadMoney = useMayRead("BI");
  const mayReadAudit = useMayRead("BA06");
  const activityTabs = useActivityTabs(id);
  const tenant = useQuery({
    queryKey: tenantKey(id),
    queryFn: () => api.call(endpoints.tenants.detail, { params: { orgId: id } }),
  });

  if (tenant.isPending) return <Skeleton active />;
  if (tenant.isError) return <LoadFailed onRetry={() => void tenant.refetch()} t={t} />;
  const row = tenant.data;
  const org = { orgId: row.orgId, name: row.name, email: row.email, createdAt: row.createdAt };

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/sys/tenants">{t("ops.tenants.back")}</Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        <UserData>{row.name}</UserData>
      </Typography.Title>
      <FrozenNote tenant={row} />
      <Card>
        {(mayAct || maySupport) && (
          <Space style={{ marginBottom: 16 }}>
            {mayAct && (
              <Button danger={!row.frozen} onClick={() => setDialog(true)} data-testid="tenant-freeze">
                {t(row.frozen ? "ops.tenants.unfreeze.button" : "ops.tenants.freeze.button")}
              </Button>
            )}
            {maySupport && (
              <Button onClick={() => setSupportDialog(true)} data-testid="tenant-support">
                {t("ops.tenants.support.button")}
              </Button>
            )}
          </Space>
        )}
        <Tabs
          items={[
            { key: "card", label: t("ops.tenants.tabs.card"), children: <TenantCard tenant={row} /> },
            {
              key: "account",
              label: t("ops.tenants.tabs.account"),
              children: <OrgFinance org={org} bills={false} />,
            },
            { key: "users", label: t("ops.tenants.tabs.users"), children: <TenantUsers orgId={row.orgId} /> },
            ...activityTabs,
            ...(mayReadMoney
              ? [
                  {
                    key: "vouchers",
                    label: t("ops.tenants.tabs.vouchers"),
                    children: (
                      <OrgList
                        queryKey="tenantVouchers"
                        endpoint={endpoints.financeOps.listCashVouchers}
                        orgId={row.orgId}
                        rowKey="id"
                        columns={voucherColumns(t, { operator: true })}
                        testId="tenant-vouchers-table"
                      />
                    ),
                  },
                  {
                    key: "coupons",
                    label: t("ops.tenants.tabs.coupons"),
                    children: (
                      <OrgList
                        queryKey="tenantCoupons"
                        endpoint={endpoints.financeOps.listCoupons}
                        orgId={row.orgId}
                        rowKey="id"
                        columns={couponColumns(t)}
                        testId="tenant-coupons-table"
                      />
                    ),
                  },
                  {
                    key: "contracts",
                    label: t("ops.tenants.tabs.contracts"),
                    children: (
                      <OrgList
                        queryKey="tenantContracts"
                        endpoint={endpoints.contracts.opsList}
                        orgId={row.orgId}
                        rowKey="id"
                        columns={contractColumns(t, null)}
                        testId="tenant-contracts-table"
                      />
                    ),
                  },
                ]
              : []),
            ...(mayReadAudit
              ? [
                  {
                    key: "audit",
                    label: t("ops.tenants.tabs.audit"),
                    children: (
                      <AuditLogView endpoint={endpoints.audit.listAll} operator fixedOrgId={row.orgId} />
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <SupportDialog tenant={row} open={supportDialog} onClose={() => setSupportDialog(false)} />
      <FreezeDialog
        tenant={row}
        open={dialog}
        onClose={() => setDialog(false)}
        onDone={(next) => queryClient.setQueryData(tenantKey(id), next)}
      />
    </>
  );
}
