// /mgt/orders/:id (CC01): one of the organisation's orders; polled while it is being approved or
// provisioned. A returned order offers resubmitting and withdrawing to those who may buy resources.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useHasCode, useMayOpen } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { OrderDetailView } from "../../../features/services/order-detail-view";
import { resourceDetailPath } from "../../../features/services/resource-paths";
import { ReturnedOrderPanel } from "../../../features/services/returned-order-panel";
import { useOrder } from "../../../features/services/services-api";

export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const order = useOrder(id);
  const mayOpen = useMayOpen();
  const canBuy = useHasCode("CB01", "CB02", "CB09");

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/order" data-testid="order-detail-back">
          <ArrowLeftOutlined /> {t("services.orders.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.order.title", { orderNo: order.data?.orderNo ?? "" })}
      </Typography.Title>
      {order.isPending ? (
        <Skeleton active />
      ) : order.isError || !order.data ? (
        <LoadFailed onRetry={() => void order.refetch()} t={t} />
      ) : (
        <OrderDetailView
          order={order.data}
          banner={<ReturnedOrderPanel order={order.data} canAct={canBuy} />}
          resourcePath={(r) => {
            // Each resource opens its own kind's page, linked only when the user may open it.
            const path = resourceDetailPath(r.kind, r.id);
            return path && mayOpen(path) ? path : null;
          }}
        />
      )}
    </>
  );
}
