// The configuration change page's "now" card: the host, its current flavour, payment, expiry and price.
import type { ResourceRecord } from "@skyledger/contracts";
import { Card, Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PaymentText } from "../../../components/payment-text";
import { UserData } from "../../../components/user-data";
import { HostStatusTag } from "../../../features/services/service-tags";
import { dash, formatDateTime } from "../../../lib/format";

export function CurrentConfig({ host }: { host: ResourceRecord }) {
  const { t } = useTranslation();
  return (
    <Card title={t("renew.change.currentConfig")} data-testid="change-current">
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="small"
        bordered
        items={[
          {
            key: "name",
            label: t("renew.fields.name"),
            children: (
              <Link to={`/mgt/host/${encodeURIComponent(host.id)}/detail`}>
                <UserData>{host.name}</UserData>
              </Link>
            ),
          },
          { key: "status", label: t("common.status"), children: <HostStatusTag host={host} /> },
          { key: "product", label: t("renew.change.product"), children: dash(host.productName) },
          {
            key: "flavor",
            label: t("renew.change.currentFlavor"),
            children: <span data-testid="change-current-flavor">{host.summary}</span>,
          },
          {
            key: "payment",
            label: t("renew.change.payment"),
            children: <PaymentText paymentType={host.paymentType} periodMonths={host.periodMonths} />,
          },
          { key: "expires", label: t("renew.fields.expiresAt"), children: formatDateTime(host.expiresAt) },
          {
            key: "price",
            label: t("renew.fields.monthlyPrice"),
            children: <Yuan value={host.monthlyPrice} testId="change-current-price" />,
          },
        ]}
      />
    </Card>
  );
}
