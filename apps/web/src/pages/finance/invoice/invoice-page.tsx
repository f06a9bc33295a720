// /mgt/invoice (CC05; CC0501 acts): the invoiceable amount and the requests, the invoice titles and
// the mailing addresses, one tab each.
import { Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RequireOrg } from "../../../components/require-org";
import { AddressesTab } from "./addresses-tab";
import { RequestsTab } from "./requests-tab";
import { TitlesTab } from "./titles-tab";

const TABS = ["requests", "titles", "addresses"] as const;
type Tab = (typeof TABS)[number];

export function InvoicePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : "requests";
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("invoices.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("invoices.intro")}</Typography.Paragraph>
      <RequireOrg>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: "requests", label: t("invoices.tabs.requests"), children: <RequestsTab /> },
            { key: "titles", label: t("invoices.tabs.titles"), children: <TitlesTab /> },
            { key: "addresses", label: t("invoices.tabs.addresses"), children: <AddressesTab /> },
          ]}
          data-testid="invoice-tabs"
        />
      </RequireOrg>
    </>
  );
}
