// /mgt/modelarts/enable (CB19; ordering needs CB1701, as for AI pools): the order page of the AI
// development platform, reached from /mgt/modelarts when the organisation has not enabled it. There
// is nothing to choose: the product, how it is billed, and beside it the live price (postpaid,
// quoted for one hour). Enabling places the order as every purchase does and opens the order (or
// goes back to the platform when the caller does not see orders). A second one is refused by the
// server with a message in the caller's language, shown here.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Alert, App, Card, Col, Descriptions, Row, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { quoteErrorText } from "../../../components/form-rules";
import { OrderSubmitBar } from "../../../components/order-submit-bar";
import { PricePanel } from "../../../components/price-panel";
import { LoadFailed } from "../../../components/table-states";
import { hpcApi, usePoolQuote } from "../../../features/hpc/hpc-api";
import { platformApplyBody, platformInquiry, useAiPlatform } from "../../../features/hpc/modelarts-api";
import { useOrderAccess } from "../../../features/hpc/order-access";
import { currentLanguage } from "../../../i18n";
import { useActionKey } from "../../../lib/action-key";
import { ApiError } from "../../../lib/api-client";

export function EnablePlatformPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { mayOrder, canSeeOrders, verified } = useOrderAccess();
  const platform = useAiPlatform();
  const product = platform.data?.product ?? null;
  const quote = usePoolQuote(product ? platformInquiry(product.code) : null);
  const actionKey = useActionKey();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const english = currentLanguage() === "en-US";

  const enable = async () => {
    if (!product) return;
    setRefusal(null);
    setSaving(true);
    try {
      const body = platformApplyBody(product.code, product.code);
      const order = await actionKey.run(body, (key) => hpcApi.apply(body, key));
      void message.success(t("hpc.modelarts.platform.placed", { orderNo: order.orderNo }));
      navigate(canSeeOrders ? `/mgt/orders/${encodeURIComponent(order.id)}` : "/mgt/modelarts");
    } catch (error) {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  const content = () => {
    if (platform.isPending) return <Skeleton active />;
    if (platform.isError) return <LoadFailed onRetry={() => void platform.refetch()} t={t} />;
    if (platform.data.enabled || platform.data.pendingOrderId)
      return (
        <Alert
          type="success"
          showIcon
          title={t(
            platform.data.enabled ? "hpc.modelarts.platform.enabled" : "hpc.modelarts.platform.pending",
          )}
          description={<Link to="/mgt/modelarts">{t("hpc.modelarts.platform.back")}</Link>}
          data-testid="platform-enable-done"
        />
      );
    if (!product)
      return (
        <Alert
          type="warning"
          showIcon
          title={t("hpc.modelarts.platform.noProduct")}
          data-testid="platform-enable-none"
        />
      );
    return (
      <Row gutter={16} align="top">
        <Col xs={24} lg={15}>
          {!verified && (
            <Alert
              type="warning"
              showIcon
              title={t("hpc.order.verifyFirst")}
              description={<Link to="/authent">{t("hpc.order.verifyLink")}</Link>}
              style={{ marginBottom: 16 }}
            />
          )}
          {!mayOrder && (
            <Alert
              type="info"
              showIcon
              title={t("hpc.modelarts.platform.noPermission")}
              style={{ marginBottom: 16 }}
              data-testid="platform-enable-no-permission"
            />
          )}
          <Card>
            <Descriptions
              column={1}
              items={[
                {
                  key: "product",
                  label: t("hpc.modelarts.platform.product"),
                  children: (
                    <span data-testid="platform-enable-product">
                      {english ? product.nameEn : product.nameZh}
                    </span>
                  ),
                },
                { key: "billing", label: t("hpc.fields.billing"), children: t("services.payment.postpaid") },
              ]}
            />
            <Typography.Paragraph type="secondary">
              {t("hpc.modelarts.platform.billing")}
            </Typography.Paragraph>
            <OrderSubmitBar
              refusal={refusal}
              saving={saving}
              disabled={!verified || !mayOrder}
              submitLabel={t("hpc.modelarts.platform.enable")}
              onSubmit={() => void enable()}
              onCancel={() => navigate("/mgt/modelarts")}
              testId="platform-enable"
            />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <PricePanel
            quote={quote.data}
            incomplete={false}
            loading={quote.isFetching}
            error={quoteErrorText(quote.error, t)}
          />
        </Col>
      </Row>
    );
  };

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/modelarts" data-testid="platform-enable-back">
          <ArrowLeftOutlined /> {t("hpc.modelarts.platform.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.modelarts.platform.title")}
      </Typography.Title>
      {content()}
    </>
  );
}
