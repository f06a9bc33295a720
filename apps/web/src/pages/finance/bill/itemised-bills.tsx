import type { BillRecord } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, DatePicker, Drawer, Input, Select, Skeleton, Space } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { LoadFailed } from "../../../components/table-states";
import { usePagedQuery } from "../../../components/use-paged-query";
import { BillJobs } from "../../../features/finance/bill-jobs";
import { BILL_TYPES, BillDetail, billColumns } from "../../../features/finance/bill-views";
import { fetchBill, financeKeys } from "../../../features/finance/finance-api";

type Props = { cycle: string | undefined; onCycle(cycle: string | undefined): void };

export function ItemisedBills({ cycle, onCycle }: Props) {
  const { t } = useTranslation();
  const [type, setType] = useState<BillRecord["type"] | undefined>();
  const [orderNo, setOrderNo] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const list = usePagedQuery("bills", endpoints.finance.listBills, {
    billingCycle: cycle,
    type,
    orderNo: orderNo.trim(),
  });

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker
          picker="month"
          value={cycle ? dayjs(`${cycle}-01`) : null}
          onChange={(value) => {
            onCycle(value ? value.format("YYYY-MM") : undefined);
            list.resetPage();
          }}
          placeholder={t("finance.bill.cycleFilter")}
          aria-label={t("finance.bill.cycle")}
          data-testid="bills-filter-cycle"
        />
        <Select<BillRecord["type"]>
          allowClear
          placeholder={t("finance.bill.allTypes")}
          value={type}
          onChange={list.onFilter(setType)}
          options={BILL_TYPES.map((v) => ({ value: v, label: t(`finance.bill.types.${v}`) }))}
          style={{ width: 160 }}
          aria-label={t("finance.bill.type")}
          data-testid="bills-filter-type"
        />
        <Input.Search
          allowClear
          placeholder={t("finance.bill.orderNoPlaceholder")}
          onSearch={list.onFilter(setOrderNo)}
          maxLength={64}
          style={{ width: 260 }}
          aria-label={t("finance.bill.orderNo")}
          data-testid="bills-filter-order"
        />
      </Space>
      <PagedTable<BillRecord>
        rowKey="billNo"
        list={list}
        emptyText={t("finance.bill.empty")}
        scroll={{ x: 1200 }}
        data-testid="bills-table"
        onRow={(row) => ({ onClick: () => setOpen(row.billNo), style: { cursor: "pointer" } })}
        columns={billColumns(t)}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size={760}
        title={t("finance.bill.detailTitle", { billNo: open ?? "" })}
        destroyOnHidden
      >
        {open && <BillDetailLoader billNo={open} />}
      </Drawer>
    </Card>
  );
}

function BillDetailLoader({ billNo }: { billNo: string }) {
  const { t } = useTranslation();
  const bill = useQuery({ queryKey: financeKeys.bill(billNo), queryFn: () => fetchBill(billNo) });
  if (bill.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (bill.isError) return <LoadFailed onRetry={() => void bill.refetch()} t={t} />;
  return (
    <>
      <BillDetail bill={bill.data} />
      {bill.data.type === "charge" && bill.data.chargeType === "postpaid" && <BillJobs billNo={billNo} />}
    </>
  );
}
