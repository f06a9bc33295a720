// /mgt/cloudhost/create (CB01): buy cloud hosts. A listed host product, its flavour and image, a
// name, quantity, its network (VPC, subnet, security groups, a fixed address), optional key pair
// and project, the payment type and period and a coupon; the panel beside it prices the choice live
// and repeats the network chosen. Submitting places the order (paid at once when prepaid).
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { PriceInquiry } from "@skyledger/contracts";
import { App, Card, Col, Empty, Form, Row, Skeleton, Space, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { quoteErrorText } from "../../../components/form-rules";
import { OrderSubmitBar } from "../../../components/order-submit-bar";
import { PricePanel } from "../../../components/price-panel";
import { useHasCode } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { useFormSubmit } from "../../../components/use-form-submit";
import { HostNetworkSummary } from "../../../features/services/host-network-summary";
import { ManualActivationNotice } from "../../../features/services/manual-activation-notice";
import {
  isHostProduct,
  type PurchaseValues,
  productDefaults,
  toApplyBody,
  toInquiry,
  useSettled,
} from "../../../features/services/purchase";
import { servicesApi, useListedProducts, useQuote } from "../../../features/services/services-api";
import { useActionKey } from "../../../lib/action-key";
import { ApiError } from "../../../lib/api-client";
import { PurchaseFields } from "./purchase-fields";

export function CloudHostCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canSeeOrders = useHasCode("CC01");
  const [form] = Form.useForm<PurchaseValues>();
  const actionKey = useActionKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const products = useListedProducts();
  const hostProducts = useMemo(() => (products.data?.list ?? []).filter(isHostProduct), [products.data]);
  const values = Form.useWatch([], { form, preserve: true }) as PurchaseValues | undefined;
  const product = hostProducts.find((p) => p.code === values?.productCode);
  const inquiry: PriceInquiry | null = useSettled(toInquiry(values ?? {}, product));
  const quote = useQuote(inquiry);

  const { saving, submit } = useFormSubmit(form, {
    action: async (valid) => {
      setRefusal(null);
      const chosen = hostProducts.find((p) => p.code === valid.productCode);
      if (!chosen) return;
      const body = toApplyBody(valid, chosen);
      const order = await actionKey.run(body, (key) => servicesApi.apply(body, key));
      void message.success(t("services.create.placed", { orderNo: order.orderNo }));
      navigate(canSeeOrders ? `/mgt/orders/${encodeURIComponent(order.id)}` : "/mgt/cloudhost");
    },
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  const initial = hostProducts[0]
    ? { productCode: hostProducts[0].code, ...productDefaults(hostProducts[0]) }
    : {};
  const quoteError = quoteErrorText(quote.error, t);

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/cloudhost" data-testid="host-create-back">
          <ArrowLeftOutlined /> {t("services.hosts.backToList")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.create.title")}
      </Typography.Title>
      {products.isPending ? (
        <Skeleton active />
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} t={t} />
      ) : hostProducts.length === 0 ? (
        <Card>
          <Empty description={t("services.create.noProducts")} data-testid="host-create-no-products" />
        </Card>
      ) : (
        <Row gutter={16} align="top">
          <Col xs={24} lg={16}>
            <Card>
              <Form<PurchaseValues>
                form={form}
                layout="vertical"
                initialValues={{ quantity: 1, ...initial }}
                onValuesChange={(changed: PurchaseValues) => {
                  const picked = hostProducts.find((p) => p.code === changed.productCode);
                  if (picked) form.setFieldsValue({ ...productDefaults(picked), couponId: null });
                  setRefusal(null);
                }}
                onFinish={() => void submit()}
                data-testid="host-create-form"
              >
                <PurchaseFields
                  products={hostProducts}
                  product={product}
                  paymentType={values?.paymentType}
                  quantity={values?.quantity}
                />
                <ManualActivationNotice product={product} />
                <OrderSubmitBar
                  refusal={refusal}
                  saving={saving}
                  submitLabel={t("services.create.submit")}
                  onCancel={() => navigate("/mgt/cloudhost")}
                  testId="host-create"
                />
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <PricePanel
              quote={inquiry ? quote.data : undefined}
              incomplete={inquiry === null}
              loading={quote.isFetching}
              error={quoteError}
              choice={<HostNetworkSummary values={values} />}
            />
          </Col>
        </Row>
      )}
    </>
  );
}
