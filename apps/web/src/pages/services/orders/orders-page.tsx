// /mgt/order (CC01): the organisation's orders — purchases, changes, unsubscribes — with their
// money and where they stand (approval, provisioning).
import {
  endpoints,
  ORDER_DELIVERING_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  type OrderStatus,
  type OrderType,
} from "@skyledger/contracts";
import { Card, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { statusLabelKey } from "../../../components/status-tags";
import { usePagedQuery } from "../../../components/use-paged-query";
import { POLL_MS } from "../../../features/services/host-state";
import { OrdersTable } from "../../../features/services/orders-table";
import { ORDERS_LIST_KEY } from "../../../features/services/services-api";

const MOVING = new Set<OrderStatus>(ORDER_DELIVERING_STATUSES);

export function OrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [type, setType] = useState<OrderType | undefined>();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(
    ORDERS_LIST_KEY,
    endpoints.orders.list,
    { status, type, keyword: keyword.trim() },
    {
      // An order waiting for manual activation may wait for days: only orders on the move are polled.
      refetchInterval: (page) =>
        page?.list.some((o) => MOVING.has(o.status) && !o.awaitingActivation) ? POLL_MS : false,
    },
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.orders.title")}
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<OrderStatus>
            allowClear
            placeholder={t("services.allStatuses")}
            aria-label={t("common.status")}
            value={status}
            onChange={list.onFilter(setStatus)}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: t(statusLabelKey("order", s)) }))}
            style={{ width: 160 }}
            data-testid="orders-status"
          />
          <Select<OrderType>
            allowClear
            placeholder={t("services.orders.allTypes")}
            aria-label={t("services.fields.orderType")}
            value={type}
            onChange={list.onFilter(setType)}
            options={ORDER_TYPES.map((s) => ({ value: s, label: t(`services.orderType.${s}`) }))}
            style={{ width: 160 }}
            data-testid="orders-type"
          />
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t("services.orders.keyword")}
            aria-label={t("services.orders.keyword")}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 260 }}
            data-testid="orders-keyword"
          />
        </Space>
        <OrdersTable list={list} detailPath={(o) => `/mgt/orders/${encodeURIComponent(o.id)}`} />
      </Card>
    </>
  );
}
