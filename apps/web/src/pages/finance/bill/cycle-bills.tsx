import { useQuery } from "@tanstack/react-query";
import { Button, Card, Table } from "antd";
import { useTranslation } from "react-i18next";
import { SignedYuan, Yuan } from "../../../components/money-text";
import { tableLocale } from "../../../components/table-states";
import { type CycleBill, fetchCycleBills, financeKeys } from "../../../features/finance/finance-api";

const AMOUNTS = [
  "originalAmount",
  "discountAmount",
  "contractDiscount",
  "couponDeduction",
  "actualAmount",
  "cashAmount",
  "creditAmount",
  "voucherAmount",
  "arrearsAmount",
  "refundAmount",
] as const;

const PAGE_SIZE = 12;

/** One row per billing cycle with its totals; a row opens that cycle's itemised bills. */
export function CycleBills({ onOpen }: { onOpen(cycle: string): void }) {
  const { t } = useTranslation();
  const cycles = useQuery({ queryKey: financeKeys.cycleBills, queryFn: fetchCycleBills });
  return (
    <Card>
      <Table<CycleBill>
        rowKey="billingCycle"
        loading={cycles.isFetching}
        dataSource={cycles.data ?? []}
        pagination={{
          defaultPageSize: PAGE_SIZE,
          hideOnSinglePage: true,
          showTotal: (total) => t("common.total", { total }),
        }}
        locale={tableLocale(cycles, t, t("finance.bill.emptyCycles"))}
        scroll={{ x: 1400 }}
        data-testid="cycle-bills-table"
        columns={[
          { title: t("finance.bill.cycle"), dataIndex: "billingCycle", fixed: "left", width: 110 },
          { title: t("finance.bill.count"), dataIndex: "count", align: "right", width: 90 },
          ...AMOUNTS.map((key) => ({
            title: t(`finance.bill.${key}`),
            dataIndex: key,
            align: "right" as const,
            render: (v: string) => <Yuan value={v} strong={key === "actualAmount"} />,
          })),
          {
            title: t("finance.bill.adjustmentAmount"),
            dataIndex: "adjustmentAmount",
            align: "right",
            render: (v: string) => <SignedYuan value={v} />,
          },
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => onOpen(row.billingCycle)}
                data-testid={`cycle-open-${row.billingCycle}`}
              >
                {t("finance.bill.viewItems")}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
