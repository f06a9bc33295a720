// Money approvals (BI): manual recharges and voucher issues waiting for a second operator, with
// their history, and payment notifications that could not be credited. Balance adjustments keep
// their own page; the threshold and maxima are under System configuration › Money controls.
import { Card, Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ReadOnlyNote } from "../../../components/require-org";
import { ManualRechargesTab } from "./manual-recharges-tab";
import { PaymentFailuresTab } from "./payment-failures-tab";
import { VoucherIssuesTab } from "./voucher-issues-tab";

const TABS = ["recharges", "vouchers", "failures"] as const;
type Tab = (typeof TABS)[number];

export function MoneyApprovalsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : "recharges";
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.approvals.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("finance.approvals.intro")}</Typography.Paragraph>
      <ReadOnlyNote />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: "recharges",
              label: t("finance.approvals.tabs.recharges"),
              children: <ManualRechargesTab />,
            },
            { key: "vouchers", label: t("finance.approvals.tabs.vouchers"), children: <VoucherIssuesTab /> },
            {
              key: "failures",
              label: t("finance.approvals.tabs.failures"),
              children: <PaymentFailuresTab />,
            },
          ].map((item) => ({
            ...item,
            label: <span data-testid={`money-approvals-tab-${item.key}`}>{item.label}</span>,
          }))}
        />
      </Card>
    </>
  );
}
