// Coupons (CC02): the organisation's coupons and its cash vouchers, with code redemption.
import type { CouponRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Card, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { RequireOrg } from "../../../components/require-org";
import { StatusFilter } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { couponColumns } from "../../../features/finance/coupon-columns";
import { VouchersTab } from "./vouchers-tab";

const TABS = ["coupons", "vouchers"] as const;
type Tab = (typeof TABS)[number];
const COUPON_FILTERS: readonly CouponRecord["status"][] = ["valid", "inactive", "used", "expired", "voided"];

export function CouponsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "vouchers" ? "vouchers" : "coupons";
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.coupon.pageTitle")}
      </Typography.Title>
      <RequireOrg>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === "coupons" ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`coupons-tab-${key}`}>{t(`finance.coupon.tabs.${key}`)}</span>,
            children: key === "coupons" ? <CouponsTab /> : <VouchersTab />,
          }))}
        />
      </RequireOrg>
    </>
  );
}

function CouponsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CouponRecord["status"] | undefined>();
  const list = usePagedQuery("coupons", endpoints.finance.listCoupons, { status });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <StatusFilter
          kind="coupon"
          statuses={COUPON_FILTERS}
          value={status}
          onChange={list.onFilter(setStatus)}
          width={180}
          testId="coupons-status"
        />
      </Space>
      <PagedTable<CouponRecord>
        rowKey="id"
        list={list}
        emptyText={t("finance.coupon.empty")}
        scroll={{ x: 1400 }}
        data-testid="coupons-table"
        columns={couponColumns(t)}
      />
    </Card>
  );
}
