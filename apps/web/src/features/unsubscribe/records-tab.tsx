// The second tab of unsubscribe management: the organisation's unsubscribe and release orders
// (`GET /orders?types=unsubscribe,release`), each in progress until the provider has released the
// resource, then done or failed (spec §4), with the refund, what was charged and a link to the order.
import { endpoints, type OrderRecord, type OrderStatus, type OrderType } from "@skyledger/contracts";
import { Input, Select, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Yuan } from "../../components/money-text";
import { PagedTable } from "../../components/paged-table";
import { statusLabelKey } from "../../components/status-tags";
import { usePagedQuery } from "../../components/use-paged-query";
import { userDataCells } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";
import { POLL_MS } from "../services/host-state";
import { RECORD_STATUSES, RECORD_TYPES, RECORDS_LIST_KEY } from "./unsubscribe-api";

type RecordStatus = (typeof RECORD_STATUSES)[number];

const COLORS: Partial<Record<OrderStatus, string>> = {
  provisioning: "processing",
  completed: "success",
  failed: "error",
};

function RecordStatusTag({ order }: { order: OrderRecord }) {
  const { t } = useTranslation();
  const known = (RECORD_STATUSES as readonly OrderStatus[]).includes(order.status);
  return (
    <Tag
      color={COLORS[order.status] ?? "default"}
      data-testid={`record-status-${order.orderNo}`}
      data-status={order.status}
    >
      {known ? t(`unsubscribe.status.${order.status}`) : t(statusLabelKey("order", order.status))}
    </Tag>
  );
}

export function RecordsTab() {
  const { t } = useTranslation();
  const [type, setType] = useState<OrderType | undefined>();
  const [status, setStatus] = useState<RecordStatus | undefined>();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    RECORDS_LIST_KEY,
    endpoints.orders.list,
    { types: type ?? RECORD_TYPES.join(","), status, keyword: keyword.trim() },
    { refetchInterval: (page) => (page?.list.some((o) => o.status === "provisioning") ? POLL_MS : false) },
  );

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<OrderType>
          allowClear
          placeholder={t("unsubscribe.records.allTypes")}
          aria-label={t("services.fields.orderType")}
          value={type}
          onChange={list.onFilter(setType)}
          options={RECORD_TYPES.map((v) => ({ value: v, label: t(`services.orderType.${v}`) }))}
          style={{ width: 200 }}
          data-testid="records-type"
        />
        <Select<RecordStatus>
          allowClear
          placeholder={t("services.allStatuses")}
          aria-label={t("common.status")}
          value={status}
          onChange={list.onFilter(setStatus)}
          options={RECORD_STATUSES.map((s) => ({ value: s, label: t(`unsubscribe.status.${s}`) }))}
          style={{ width: 160 }}
          data-testid="records-status"
        />
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t("services.orders.keyword")}
          aria-label={t("services.orders.keyword")}
          onSearch={list.onFilter(setKeyword)}
          style={{ width: 260 }}
          data-testid="records-keyword"
        />
      </Space>
      <PagedTable<OrderRecord>
        rowKey="id"
        list={list}
        emptyText={t("unsubscribe.records.empty")}
        scroll={{ x: 1300 }}
        data-testid="records-table"
        rowTestId={(row) => `record-row-${row.orderNo}`}
        columns={[
          {
            title: t("services.fields.orderNo"),
            dataIndex: "orderNo",
            fixed: "left",
            width: 200,
            render: (v: string, row) => (
              <Link to={`/mgt/orders/${encodeURIComponent(row.id)}`} data-testid={`record-open-${v}`}>
                {v}
              </Link>
            ),
          },
          {
            title: t("services.fields.orderType"),
            dataIndex: "type",
            width: 120,
            render: (v: OrderType) => t(`services.orderType.${v}`),
          },
          { title: t("unsubscribe.records.resource"), ...userDataCells, dataIndex: "name", width: 160 },
          { title: t("services.fields.product"), dataIndex: "productName", width: 160 },
          {
            title: t("unsubscribe.records.refund"),
            dataIndex: "refunded",
            width: 140,
            render: (v: string, row) => <Yuan value={v} strong testId={`record-refund-${row.orderNo}`} />,
          },
          {
            title: t("unsubscribe.records.charged"),
            dataIndex: "paidAmount",
            width: 140,
            render: (v: string) => <Yuan value={v} />,
          },
          {
            title: t("common.status"),
            key: "status",
            width: 120,
            render: (_: unknown, row: OrderRecord) => <RecordStatusTag order={row} />,
          },
          { title: t("services.fields.submitter"), ...userDataCells, dataIndex: "submitter", width: 120 },
          {
            title: t("unsubscribe.records.time"),
            dataIndex: "createdAt",
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </>
  );
}
