// Bills (CC03): totals per billing cycle, itemised bills with their details, and exports.
import { ExportOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Space, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RequireOrg } from "../../../components/require-org";
import { DownloadsPanel } from "../../../features/finance/downloads-panel";
import { financeKeys } from "../../../features/finance/finance-api";
import { CycleBills } from "./cycle-bills";
import { ExportDialog } from "./export-dialog";
import { ItemisedBills } from "./itemised-bills";

export function BillPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.bill.title")}
      </Typography.Title>
      <RequireOrg>
        <Bills />
      </RequireOrg>
    </>
  );
}

function Bills() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "items" ? "items" : "cycles";
  const cycle = params.get("cycle") ?? undefined;
  const [exporting, setExporting] = useState(false);

  const showItems = (billingCycle?: string) =>
    setParams(billingCycle ? { tab: "items", cycle: billingCycle } : { tab: "items" }, { replace: true });

  return (
    <Space orientation="vertical" size="middle" style={{ width: "100%" }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => (key === "items" ? showItems(cycle) : setParams({}, { replace: true }))}
        tabBarExtraContent={
          <Button icon={<ExportOutlined />} onClick={() => setExporting(true)} data-testid="bill-export">
            {t("finance.export.button")}
          </Button>
        }
        items={[
          {
            key: "cycles",
            label: <span data-testid="bill-tab-cycles">{t("finance.bill.tabs.cycles")}</span>,
            children: <CycleBills onOpen={showItems} />,
          },
          {
            key: "items",
            label: <span data-testid="bill-tab-items">{t("finance.bill.tabs.items")}</span>,
            children: (
              <ItemisedBills
                cycle={cycle}
                onCycle={(value) =>
                  setParams(value ? { tab: "items", cycle: value } : { tab: "items" }, { replace: true })
                }
              />
            ),
          },
        ]}
      />
      <DownloadsPanel />
      <ExportDialog
        open={exporting}
        onClose={() => setExporting(false)}
        onStarted={() => {
          setExporting(false);
          void message.success(t("finance.export.started"));
          void queryClient.invalidateQueries({ queryKey: financeKeys.downloads });
        }}
      />
    </Space>
  );
}
