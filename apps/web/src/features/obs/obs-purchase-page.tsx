// Buying a bucket (`/mgt/obs/create`): a listed object storage product, the bucket's S3 name
// (checked as it is typed with the rules the server repeats), its storage class with the price of
// a GB-month of each, its access (private, or public-read with a warning), the project, and the
// usage prices. A bucket is postpaid: billed hourly by what it stores and the requests it serves,
// nothing now. Submitting places the order and opens it (or the list, for users who may not read
// orders); the server's refusal (a name already taken…) stays on the form in the user's language.
import {
  BUCKET_ACLS,
  bucketName,
  endpoints,
  OBS_REQUESTS_DIMENSION,
  obsStorageDimension,
  REQUESTS_PER_PRICE_UNIT,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { zodRule } from "../../components/form-rules";
import { OrderSubmitBar } from "../../components/order-submit-bar";
import { useHasCode } from "../../components/require-org";
import { LoadFailed } from "../../components/table-states";
import { useFormSubmit } from "../../components/use-form-submit";
import { currentLanguage } from "../../i18n";
import { useActionKey } from "../../lib/action-key";
import { ApiError, api } from "../../lib/api-client";
import { formatYuan } from "../../lib/money";
import { PurchaseFrame } from "../services/purchase-frame";
import { servicesApi, useListedProducts, useProjectChoices } from "../services/services-api";
import {
  type BucketPurchaseValues,
  bucketDefaults,
  isBucketProduct,
  priceOf,
  toBucketApplyBody,
} from "./obs-purchase";

const LIST = "/mgt/obs";
const id = (what: string) => `obs-create-${what}`;

export function BucketPurchasePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canSeeOrders = useHasCode("CC01");
  const canProjects = useHasCode("CH04");
  const projects = useProjectChoices(canProjects);
  const english = currentLanguage() === "en-US";
  const [form] = Form.useForm<BucketPurchaseValues>();
  const actionKey = useActionKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const products = useListedProducts();
  const choices = useMemo(() => (products.data?.list ?? []).filter(isBucketProduct), [products.data]);
  const values = Form.useWatch([], { form, preserve: true }) as BucketPurchaseValues | undefined;
  const product = choices.find((p) => p.code === values?.productCode);
  const prices = useQuery({
    queryKey: ["obs", "prices", product?.code],
    queryFn: () =>
      api.call(endpoints.catalog.priceList, { query: { productCode: product!.code, pageSize: 50 } }),
    enabled: !!product,
  });
  const priceList = prices.data?.list;
  const price = (dimension: string) => {
    if (!prices.isSuccess) return "-";
    const row = priceOf(priceList, dimension);
    return row ? formatYuan(row.unitPrice) : t("obs.create.noPrice");
  };

  const { saving, submit } = useFormSubmit(form, {
    action: async (valid) => {
      setRefusal(null);
      const chosen = choices.find((p) => p.code === valid.productCode);
      if (!chosen) return;
      const body = toBucketApplyBody(valid, chosen);
      const order = await actionKey.run(body, (key) => servicesApi.apply(body, key));
      void message.success(t("services.create.placed", { orderNo: order.orderNo }));
      navigate(canSeeOrders ? `/mgt/orders/${encodeURIComponent(order.id)}` : LIST);
    },
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  const first = choices[0];
  const initial = first ? { productCode: first.code, ...bucketDefaults(first) } : {};

  return (
    <PurchaseFrame
      listPath={LIST}
      backLabel={t("obs.create.back")}
      title={t("obs.create.title")}
      noProductsText={t("obs.create.noProducts")}
      testId={"obs-create"}
      products={products}
      choices={choices.length}
    >
      <Row gutter={16} align="top">
        <Col xs={24} lg={16}>
          <Card>
            <Form<BucketPurchaseValues>
              form={form}
              layout="vertical"
              initialValues={initial}
              onValuesChange={(changed: BucketPurchaseValues) => {
                const picked = choices.find((p) => p.code === changed.productCode);
                if (picked) form.setFieldsValue(bucketDefaults(picked));
                setRefusal(null);
              }}
              onFinish={() => void submit()}
              data-testid={id("form")}
            >
              <Form.Item
                name="productCode"
                label={t("services.fields.product")}
                rules={[{ required: true, message: t("validation.required") }]}
              >
                <Select
                  options={choices.map((p) => ({ value: p.code, label: english ? p.nameEn : p.nameZh }))}
                  data-testid={id("product")}
                />
              </Form.Item>
              <Form.Item
                required
                name="bucketName"
                label={t("obs.fields.bucketName")}
                rules={[zodRule(bucketName, t)]}
                extra={t("obs.create.nameHint")}
              >
                <Input maxLength={63} autoComplete="off" spellCheck={false} data-testid={id("name")} />
              </Form.Item>
              {product && (
                <Form.Item
                  name="storageClass"
                  label={t("obs.fields.storageClass")}
                  rules={[{ required: true, message: t("validation.required") }]}
                >
                  <Radio.Group data-testid={id("class")}>
                    <Space orientation="vertical">
                      {product.spec.storageClasses.map((c) => (
                        <Radio key={c} value={c} data-testid={id(`class-${c}`)}>
                          {t(`obs.storageClass.${c}`)} ·{" "}
                          <span data-testid={id(`class-price-${c}`)}>
                            {t("obs.create.perGbMonth", { price: price(obsStorageDimension(c)) })}
                          </span>
                          <Typography.Text type="secondary">
                            {" "}
                            — {t(`obs.storageClassHint.${c}`)}
                          </Typography.Text>
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                </Form.Item>
              )}
              <Form.Item name="acl" label={t("obs.fields.acl")}>
                <Radio.Group optionType="button" data-testid={id("acl")}>
                  {BUCKET_ACLS.map((acl) => (
                    <Radio key={acl} value={acl} data-testid={id(`acl-${acl}`)}>
                      {t(`obs.acl.${acl}`)}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
              {values?.acl === "public-read" && (
                <Alert
                  type="warning"
                  showIcon
                  title={t("obs.publicWarning")}
                  style={{ marginBottom: 16 }}
                  data-testid={id("public-warning")}
                />
              )}
              {canProjects && (
                <Form.Item name="projectId" label={t("services.fields.project")}>
                  <Select
                    allowClear
                    loading={projects.isFetching}
                    placeholder={t("services.create.noProject")}
                    options={(projects.data?.list ?? []).map((p) => ({
                      value: p.projectId,
                      label: p.name,
                    }))}
                    data-testid={id("project")}
                  />
                </Form.Item>
              )}
              <OrderSubmitBar
                refusal={refusal}
                saving={saving}
                submitLabel={t("obs.create.submit")}
                onCancel={() => navigate(LIST)}
                testId="obs-create"
              />
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t("obs.create.pricesTitle")} data-testid={id("prices")}>
            {prices.isError ? (
              <LoadFailed onRetry={() => void prices.refetch()} t={t} />
            ) : (
              <Descriptions
                column={1}
                size="small"
                items={[
                  {
                    key: "storage",
                    label: t("obs.create.storagePrice"),
                    children: values?.storageClass
                      ? t("obs.create.perGbMonth", {
                          price: price(obsStorageDimension(values.storageClass)),
                        })
                      : "-",
                  },
                  {
                    key: "requests",
                    label: t("obs.create.requestsPrice"),
                    children: t("obs.create.perRequests", {
                      price: price(OBS_REQUESTS_DIMENSION),
                      units: REQUESTS_PER_PRICE_UNIT.toLocaleString("en-US"),
                    }),
                  },
                ]}
              />
            )}
            <Alert type="info" showIcon title={t("obs.create.billing")} data-testid={id("billing")} />
          </Card>
        </Col>
      </Row>
    </PurchaseFrame>
  );
}
