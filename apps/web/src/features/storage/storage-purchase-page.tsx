// Buying a cloud disk (`/mgt/blockstorage/create`, CB02), allocating an elastic IP
// (`/mgt/floatip/create`, CB09), buying a database (`/mgt/rds/create`, CB04) or a cache instance
// (`/mgt/dcs/create`, CB13), a message-queue instance (`/mgt/dms/create`, CB14), a file share
// (`/mgt/share/create`, CB10), an elastic file (`/mgt/scalableFile/create`, CB20) or a bare-metal
// server (`/mgt/baremetalserver/create`, CB08): a listed product, the disk's type and size, the
// IP's bandwidth, the database's engine, class and storage, the cache's memory plan, the queue's
// plan, the share's protocol and capacity or the server's flavour and image,
// a name, the project, the payment type and period and a coupon; the hosts' price panel prices the
// choice live. Submitting places the order (paid at once when prepaid) and opens it. `?product=<code>`
// starts the form on that product (the elastic file service's public landing links here with it).
import { PREPAID_PERIODS, type PriceInquiry, v } from "@skyledger/contracts";
import { App, Card, Col, Form, Input, InputNumber, Radio, Row, Select } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { quoteErrorText, zodRule } from "../../components/form-rules";
import { OrderSubmitBar } from "../../components/order-submit-bar";
import { usePeriodLabel } from "../../components/payment-text";
import { PricePanel } from "../../components/price-panel";
import { useHasCode } from "../../components/require-org";
import { useFormSubmit } from "../../components/use-form-submit";
import { currentLanguage } from "../../i18n";
import { useActionKey } from "../../lib/action-key";
import { ApiError } from "../../lib/api-client";
import type { BmsProduct } from "../bms/bms-purchase";
import { BmsSpecFields } from "../bms/bms-spec-fields";
import type { CacheProduct } from "../cache/cache-purchase";
import { CacheSpecFields } from "../cache/cache-spec-fields";
import type { DmsProduct } from "../dms/dms-purchase";
import { DmsSpecFields } from "../dms/dms-spec-fields";
import { isFileProduct } from "../fileshare/fileshare-purchase";
import { FileSpecFields } from "../fileshare/fileshare-spec-fields";
import type { RdsProduct } from "../rds/rds-purchase";
import { RdsSpecFields } from "../rds/rds-spec-fields";
import { ManualActivationNotice } from "../services/manual-activation-notice";
import { ProjectCouponFields } from "../services/project-coupon-fields";
import { useSettled } from "../services/purchase";
import { PurchaseFrame } from "../services/purchase-frame";
import { servicesApi, useListedProducts, useQuote } from "../services/services-api";
import {
  type DiskProduct,
  type IpProduct,
  isStorageProduct,
  type PurchasableKind,
  type StoragePurchaseValues,
  sizeRange,
  storageDefaults,
  toStorageApplyBody,
  toStorageInquiry,
} from "./storage-purchase";

const PAGES = {
  disk: { ns: "storage.buyDisk", list: "/mgt/blockstorage", testId: "disk-create" },
  elasticIp: { ns: "storage.buyIp", list: "/mgt/floatip", testId: "eip-create" },
  rds: { ns: "rds.create", list: "/mgt/rds", testId: "rds-create" },
  cache: { ns: "dcs.create", list: "/mgt/dcs", testId: "dcs-create" },
  queue: { ns: "dms.create", list: "/mgt/dms", testId: "dms-create" },
  share: { ns: "share.create", list: "/mgt/share", testId: "share-create" },
  scalableFile: { ns: "scalableFile.create", list: "/mgt/scalableFile", testId: "scalableFile-create" },
  bareMetal: { ns: "bms.create", list: "/mgt/baremetalserver", testId: "bms-create" },
} as const;

export function StoragePurchasePage({ kind }: { kind: PurchasableKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const page = PAGES[kind];
  const canSeeOrders = useHasCode("CC01");
  const period = usePeriodLabel();
  const english = currentLanguage() === "en-US";
  const [form] = Form.useForm<StoragePurchaseValues>();
  const actionKey = useActionKey();
  const [refusal, setRefusal] = useState<string | null>(null);
  const products = useListedProducts();
  const choices = useMemo(
    () => (products.data?.list ?? []).filter((p) => isStorageProduct(kind, p)),
    [products.data, kind],
  );
  const values = Form.useWatch([], { form, preserve: true }) as StoragePurchaseValues | undefined;
  const product = choices.find((p) => p.code === values?.productCode);
  const inquiry: PriceInquiry | null = useSettled(toStorageInquiry(values ?? {}, product));
  const quote = useQuote(inquiry);
  const required = { required: true, message: t("validation.required") };
  const id = (what: string) => `${page.testId}-${what}`;

  const { saving, submit } = useFormSubmit(form, {
    action: async (valid) => {
      setRefusal(null);
      const chosen = choices.find((p) => p.code === valid.productCode);
      if (!chosen) return;
      const body = toStorageApplyBody(valid, chosen);
      const order = await actionKey.run(body, (key) => servicesApi.apply(body, key));
      void message.success(t("services.create.placed", { orderNo: order.orderNo }));
      navigate(canSeeOrders ? `/mgt/orders/${encodeURIComponent(order.id)}` : page.list);
    },
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  // The product the link asked for when it is on sale here; otherwise the first one.
  const first = choices.find((p) => p.code === search.get("product")) ?? choices[0];
  const initial = first ? { productCode: first.code, ...storageDefaults(first) } : {};
  const quoteError = quoteErrorText(quote.error, t);
  const disk = product?.spec.kind === "disk" ? (product as DiskProduct) : undefined;
  const ip = product?.spec.kind === "elasticIp" ? (product as IpProduct) : undefined;
  const database = product?.spec.kind === "rds" ? (product as RdsProduct) : undefined;
  const cache = product?.spec.kind === "cache" ? (product as CacheProduct) : undefined;
  const queue = product?.spec.kind === "queue" ? (product as DmsProduct) : undefined;
  const bareMetal = product?.spec.kind === "bareMetal" ? (product as BmsProduct) : undefined;
  const fileShare = product && isFileProduct(product) ? product : undefined;
  const range = disk ? sizeRange(disk) : undefined;

  return (
    <PurchaseFrame
      listPath={page.list}
      backLabel={t(`${page.ns}.back`)}
      title={t(`${page.ns}.title`)}
      noProductsText={t(`${page.ns}.noProducts`)}
      testId={page.testId}
      products={products}
      choices={choices.length}
    >
      <Row gutter={16} align="top">
        <Col xs={24} lg={16}>
          <Card>
            <Form<StoragePurchaseValues>
              form={form}
              layout="vertical"
              initialValues={initial}
              onValuesChange={(changed: StoragePurchaseValues) => {
                const picked = choices.find((p) => p.code === changed.productCode);
                if (picked) form.setFieldsValue({ ...storageDefaults(picked), couponId: null });
                setRefusal(null);
              }}
              onFinish={() => void submit()}
              data-testid={id("form")}
            >
              <Form.Item name="productCode" label={t("services.fields.product")} rules={[required]}>
                <Select
                  options={choices.map((p) => ({ value: p.code, label: english ? p.nameEn : p.nameZh }))}
                  data-testid={id("product")}
                />
              </Form.Item>
              {disk && range && (
                <>
                  <Form.Item name="diskType" label={t("storage.fields.diskType")} rules={[required]}>
                    <Radio.Group optionType="button" data-testid={id("type")}>
                      {disk.spec.diskTypes.map((d) => (
                        <Radio key={d.id} value={d.id} data-testid={id(`type-${d.id}`)}>
                          {d.name}
                        </Radio>
                      ))}
                    </Radio.Group>
                  </Form.Item>
                  <Form.Item
                    name="sizeGb"
                    label={t("storage.fields.size")}
                    rules={[
                      required,
                      {
                        type: "integer",
                        min: range.min,
                        max: range.max,
                        message: t("storage.buyDisk.sizeRange", range),
                      },
                    ]}
                    extra={t("storage.buyDisk.sizeRange", range)}
                  >
                    <InputNumber
                      min={range.min}
                      max={range.max}
                      precision={0}
                      suffix="GB"
                      data-testid={id("size")}
                    />
                  </Form.Item>
                </>
              )}
              {database && <RdsSpecFields product={database} />}
              {cache && <CacheSpecFields product={cache} />}
              {queue && <DmsSpecFields product={queue} />}
              {bareMetal && <BmsSpecFields product={bareMetal} />}
              {fileShare && <FileSpecFields product={fileShare} testId={page.testId} />}
              {ip && (
                <Form.Item
                  name="bandwidthMbps"
                  label={t("storage.fields.bandwidth")}
                  rules={[
                    required,
                    {
                      type: "integer",
                      min: 1,
                      max: ip.spec.maxMbps,
                      message: t("storage.buyIp.bandwidthRange", { max: ip.spec.maxMbps }),
                    },
                  ]}
                  extra={t("storage.buyIp.bandwidthHint", {
                    default: ip.spec.defaultMbps,
                    max: ip.spec.maxMbps,
                  })}
                >
                  <InputNumber
                    min={1}
                    max={ip.spec.maxMbps}
                    precision={0}
                    suffix="Mbit/s"
                    data-testid={id("bandwidth")}
                  />
                </Form.Item>
              )}
              <Form.Item
                required
                name="name"
                label={t("services.fields.name")}
                rules={[zodRule(v.resourceName, t)]}
                extra={t("storage.nameHint")}
              >
                <Input maxLength={24} autoComplete="off" data-testid={id("name")} />
              </Form.Item>
              <Form.Item name="paymentType" label={t("services.fields.payment")} rules={[required]}>
                <Radio.Group optionType="button" data-testid={id("payment")}>
                  {(product?.prepaidPeriods.length ?? 0) > 0 && (
                    <Radio value="prepaid" data-testid={id("payment-prepaid")}>
                      {t("services.payment.prepaid")}
                    </Radio>
                  )}
                  {product?.postpaid && (
                    <Radio value="postpaid" data-testid={id("payment-postpaid")}>
                      {t("services.payment.postpaid")}
                    </Radio>
                  )}
                </Radio.Group>
              </Form.Item>
              {values?.paymentType === "prepaid" && product && (
                <Form.Item name="periodMonths" label={t("services.fields.period")} rules={[required]}>
                  <Radio.Group optionType="button" data-testid={id("period")}>
                    {PREPAID_PERIODS.filter((m) => product.prepaidPeriods.includes(m)).map((m) => (
                      <Radio key={m} value={m} data-testid={id(`period-${m}`)}>
                        {period(m)}
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
              )}
              <ProjectCouponFields testIdPrefix={page.testId} />
              <ManualActivationNotice product={product} />
              <OrderSubmitBar
                refusal={refusal}
                saving={saving}
                submitLabel={t("services.create.submit")}
                onCancel={() => navigate(page.list)}
                testId={page.testId}
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
          />
        </Col>
      </Row>
    </PurchaseFrame>
  );
}
