// The billing rows of a resource's detail page — payment, monthly price, expiry, the auto-renew
// switch (for those who may renew a prepaid resource), its order and creation time — shared by the
// host, disk and elastic-IP pages.
import type { ResourceRecord } from "@skyledger/contracts";
import type { DescriptionsProps } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { PaymentText } from "../../components/payment-text";
import { useHasCode, useMayAct } from "../../components/require-org";
import { dash, formatDateTime } from "../../lib/format";
import { mayRenew } from "../renew/renew-actions";
import { AutoRenewSwitch } from "../renew/renew-cells";

type Items = NonNullable<DescriptionsProps["items"]>;

/** `orderTestId`: the order link's test id on the page. */
export function useBillingItems(r: ResourceRecord, orderTestId: string): Items {
  const { t } = useTranslation();
  const canSeeOrders = useHasCode("CC01");
  const canRenew = useMayAct("renew");
  return [
    {
      key: "payment",
      label: t("services.fields.payment"),
      children: <PaymentText paymentType={r.paymentType} periodMonths={r.periodMonths} />,
    },
    { key: "monthly", label: t("services.fields.monthlyPrice"), children: <Yuan value={r.monthlyPrice} /> },
    { key: "expires", label: t("services.fields.expiresAt"), children: formatDateTime(r.expiresAt) },
    {
      key: "autoRenew",
      label: t("services.fields.autoRenew"),
      children:
        r.paymentType === "prepaid" ? (
          <AutoRenewSwitch row={r} disabled={!canRenew || !mayRenew(r)} />
        ) : (
          t(r.autoRenew ? "services.yes" : "services.no")
        ),
    },
    {
      key: "order",
      label: t("services.fields.order"),
      children:
        r.orderId && canSeeOrders ? (
          <Link to={`/mgt/orders/${encodeURIComponent(r.orderId)}`} data-testid={orderTestId}>
            {t("services.host.openOrder")}
          </Link>
        ) : (
          dash(r.orderId)
        ),
    },
    { key: "created", label: t("common.createdAt"), children: formatDateTime(r.createdAt) },
  ];
}
