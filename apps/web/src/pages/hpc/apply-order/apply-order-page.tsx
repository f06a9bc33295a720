// /mgt/hpc/apply/:id (CB17; ordering needs CB1701): the order form of an HPC or AI pool product,
// reached from its public landing `/apply/:id` (signed in first when needed). The pool's name and
// its payment; beside it the live price panel and the unit prices its jobs are charged at (a shared
// pool costs nothing by itself: its jobs are charged by the core-hour and GPU-hour). Submitting
// places the order as every purchase does and opens the order. An unverified organisation is told
// to verify first.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { type HpcProductLanding, PREPAID_PERIODS, v } from "@skyledger/contracts";
import {
  Alert,
  App,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Skeleton,
  Space,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { quoteErrorText, zodRule } from "../../../components/form-rules";
import { OrderSubmitBar } from "../../../components/order-submit-bar";
import { usePeriodLabel } from "../../../components/payment-text";
import { PricePanel } from "../../../components/price-panel";
import { LoadFailed } from "../../../components/table-states";
import { useFormSubmit } from "../../../components/use-form-submit";
import { hpcApi, usePoolQuote, useProductLanding } from "../../../features/hpc/hpc-api";
import { poolTypeLabel, SimulatedNotice } from "../../../features/hpc/hpc-labels";
import { useOrderAccess } from "../../../features/hpc/order-access";
import {
  defaultPoolPayment,
  type PoolOrderValues,
  poolApplyBody,
  poolInquiry,
} from "../../../features/hpc/pool-order";
import { PoolPrices } from "../../../features/hpc/pool-prices";
import { currentLanguage } from "../../../i18n";
import { useActionKey } from "../../../lib/action-key";
import { ApiError } from "../../../lib/api-client";

export function ApplyOrderPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const landing = useProductLanding(id);
  const english = currentLanguage() === "en-US";
  const p = landing.data;

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={`/apply/${encodeURIComponent(id)}`} data-testid="hpc-order-back">
          <ArrowLeftOutlined /> {t("hpc.order.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("hpc.order.title", { name: p ? (english ? p.nameEn : p.nameZh) : "" })}
      </Typography.Title>
      {landing.isPending ? (
        <Skeleton active />
      ) : landing.isError || !p ? (
        <LoadFailed onRetry={() => void landing.refetch()} t={t} />
      ) : (
        <OrderForm p={p} />
      )}
    </>
  );
}

function OrderForm({ p }: { p: HpcProductLanding }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { mayOrder, canSeeOrders, verified } = useOrderAccess();
  const period = usePeriodLabel();
  const [form] = Form.useForm<PoolOrderValues>();
  const actionKey = useActionKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = Form.useWatch([], { form, preserve: true }) as PoolOrderValues | undefined;
  const inquiry = values ? poolInquiry(values, p) : null;
  const quote = usePoolQuote(inquiry);
  const required = { required: true, message: t("validation.required") };

  const { saving, submit } = useFormSubmit(form, {
    action: async (valid) => {
      setRefusal(null);
      const body = poolApplyBody(valid, p);
      const order = await actionKey.run(body, (key) => hpcApi.apply(body, key));
      void message.success(t("hpc.order.placed", { orderNo: order.orderNo }));
      navigate(canSeeOrders ? `/mgt/orders/${encodeURIComponent(order.id)}` : "/mgt/hpc");
    },
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  return (
    <Row gutter={16} align="top">
      <Col xs={24} lg={15}>
        {p.simulated && <SimulatedNotice testId="hpc-order-simulated" />}
        {!verified && (
          <Alert
            type="warning"
            showIcon
            title={t("hpc.order.verifyFirst")}
            description={
              <Link to="/authent" data-testid="hpc-order-verify">
                {t("hpc.order.verifyLink")}
              </Link>
            }
            style={{ marginBottom: 16 }}
            data-testid="hpc-order-unverified"
          />
        )}
        {!mayOrder && (
          <Alert
            type="info"
            showIcon
            title={t("hpc.order.noPermission")}
            style={{ marginBottom: 16 }}
            data-testid="hpc-order-no-permission"
          />
        )}
        <Card>
          <Typography.Paragraph type="secondary">
            {t("hpc.order.intro", { type: poolTypeLabel(p.poolType, t) })}
          </Typography.Paragraph>
          <Form<PoolOrderValues>
            form={form}
            layout="vertical"
            initialValues={defaultPoolPayment(p)}
            onValuesChange={() => setRefusal(null)}
            onFinish={() => void submit()}
            data-testid="hpc-order-form"
          >
            <Form.Item
              required
              name="name"
              label={t("hpc.fields.poolName")}
              rules={[zodRule(v.resourceName, t)]}
              extra={t("hpc.order.nameHint")}
            >
              <Input maxLength={24} autoComplete="off" data-testid="hpc-order-name" />
            </Form.Item>
            <Form.Item name="paymentType" label={t("hpc.fields.billing")} rules={[required]}>
              <Radio.Group optionType="button" data-testid="hpc-order-payment">
                {p.postpaid && (
                  <Radio value="postpaid" data-testid="hpc-order-payment-postpaid">
                    {t("services.payment.postpaid")}
                  </Radio>
                )}
                {p.prepaidPeriods.length > 0 && (
                  <Radio value="prepaid" data-testid="hpc-order-payment-prepaid">
                    {t("services.payment.prepaid")}
                  </Radio>
                )}
              </Radio.Group>
            </Form.Item>
            {p.maxNodes !== null && (
              <Form.Item
                name="nodes"
                label={t("hpc.order.nodes")}
                rules={[required]}
                extra={t("hpc.order.nodesHint", { max: p.maxNodes })}
              >
                <InputNumber min={1} max={p.maxNodes} precision={0} data-testid="hpc-order-nodes" />
              </Form.Item>
            )}
            {values?.paymentType === "prepaid" && (
              <Form.Item name="periodMonths" label={t("hpc.order.period")} rules={[required]}>
                <Radio.Group optionType="button" data-testid="hpc-order-period">
                  {PREPAID_PERIODS.filter((m) => p.prepaidPeriods.includes(m)).map((m) => (
                    <Radio key={m} value={m}>
                      {period(m)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
            )}
            {p.manualActivation && (
              <Alert
                type="info"
                showIcon
                title={t("hpc.landing.manualActivation")}
                style={{ marginBottom: 16 }}
              />
            )}
            <OrderSubmitBar
              refusal={refusal}
              saving={saving}
              disabled={!verified || !mayOrder}
              submitLabel={t("hpc.order.submit")}
              onCancel={() => navigate("/mgt/hpc")}
              testId="hpc-order"
            />
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Space orientation="vertical" size={16} style={{ width: "100%" }}>
          <Card title={t("hpc.order.unitPrices")} data-testid="hpc-order-unit-prices">
            <PoolPrices prices={p.prices} testId="hpc-order-prices" />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t(`hpc.landing.billing.${p.poolType}`)}
            </Typography.Paragraph>
          </Card>
          <PricePanel
            quote={inquiry ? quote.data : undefined}
            incomplete={inquiry === null}
            loading={quote.isFetching}
            error={quoteErrorText(quote.error, t)}
          />
        </Space>
      </Col>
    </Row>
  );
}
