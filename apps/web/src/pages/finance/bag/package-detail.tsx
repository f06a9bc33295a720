// A package's expanded row: its usage records (what resource packages gave to postpaid hours) and
// its charges (purchase and renewals, each with the sources that paid it).
import type { TenantPackage } from "@skyledger/contracts";
import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Yuan } from "../../../components/money-text";
import { formatDateTime } from "../../../lib/format";

export function PackageDetail({ pkg }: { pkg: TenantPackage }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`bag-detail-${pkg.offerCode}`}>
      {pkg.kind === "resource" && (
        <>
          <Typography.Title level={5}>{t("bag.mine.usages")}</Typography.Title>
          <Table
            size="small"
            rowKey={(u) => `${u.resourceId}-${u.usageStart}`}
            dataSource={pkg.usages}
            pagination={false}
            locale={{ emptyText: t("bag.mine.noUsage") }}
            columns={[
              { key: "resource", title: t("bag.usage.resource"), dataIndex: "resourceName" },
              { key: "hours", title: t("bag.usage.hours"), dataIndex: "hours" },
              { key: "unitHours", title: t("bag.usage.unitHours"), dataIndex: "unitHours" },
              {
                key: "span",
                title: t("bag.usage.span"),
                render: (_, u) => `${formatDateTime(u.usageStart)} – ${formatDateTime(u.usageEnd)}`,
              },
            ]}
          />
        </>
      )}
      <Typography.Title level={5}>{t("bag.mine.charges")}</Typography.Title>
      <Table
        size="small"
        rowKey="orderNo"
        dataSource={pkg.charges}
        pagination={false}
        columns={[
          { key: "orderNo", title: t("bag.charge.orderNo"), dataIndex: "orderNo" },
          { key: "kind", title: t("bag.charge.kind"), render: (_, c) => t(`bag.charge.${c.kind}`) },
          { key: "amount", title: t("bag.charge.amount"), render: (_, c) => <Yuan value={c.amount} /> },
          { key: "at", title: t("bag.charge.at"), render: (_, c) => formatDateTime(c.at) },
        ]}
      />
    </div>
  );
}
