// The fields of the cloud-host purchase form. Key pairs, projects and coupons are offered only to
// users who may read them (CB0117, CH04, CC02); the others buy without.
import { PREPAID_PERIODS, v } from "@skyledger/contracts";
import { Form, Input, InputNumber, Radio, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { usePeriodLabel } from "../../../components/payment-text";
import { useHasCode } from "../../../components/require-org";
import { HostNetworkFields } from "../../../features/services/host-network-fields";
import { ProjectCouponFields } from "../../../features/services/project-coupon-fields";
import type { HostProduct } from "../../../features/services/purchase";
import { useKeyPairOptions } from "../../../features/services/services-api";
import { currentLanguage } from "../../../i18n";

type Props = {
  products: HostProduct[];
  product: HostProduct | undefined;
  paymentType: "prepaid" | "postpaid" | undefined;
  quantity: number | null | undefined;
};

export function PurchaseFields({ products, product, paymentType, quantity }: Props) {
  const { t } = useTranslation();
  const period = usePeriodLabel();
  const canKeyPairs = useHasCode("CB0117");
  const keyPairs = useKeyPairOptions(canKeyPairs);
  const english = currentLanguage() === "en-US";
  const required = { required: true, message: t("validation.required") };

  return (
    <>
      <Form.Item name="productCode" label={t("services.fields.product")} rules={[required]}>
        <Select
          options={products.map((p) => ({ value: p.code, label: english ? p.nameEn : p.nameZh }))}
          data-testid="host-create-product"
        />
      </Form.Item>
      <Form.Item name="flavorId" label={t("services.fields.flavor")} rules={[required]}>
        <Select
          data-testid="host-create-flavor"
          options={(product?.spec.flavors ?? []).map((f) => ({
            value: f.id,
            label: (
              <span>
                {f.name}{" "}
                <Typography.Text type="secondary">
                  (
                  {[
                    t("services.create.vcpu", { count: f.vcpu }),
                    t("services.create.memory", { count: f.memoryGb }),
                    ...(f.gpuCount > 0
                      ? [t("services.create.gpu", { count: f.gpuCount, model: f.gpuModel })]
                      : []),
                  ].join(" · ")}
                  )
                </Typography.Text>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="imageId"
        label={t("services.fields.image")}
        rules={[required]}
        extra={product ? t("services.create.systemDisk", { size: product.spec.systemDiskGb }) : undefined}
      >
        <Select
          options={(product?.spec.images ?? []).map((i) => ({ value: i.id, label: i.name }))}
          data-testid="host-create-image"
        />
      </Form.Item>
      <Form.Item
        required
        name="name"
        label={t("services.fields.name")}
        rules={[zodRule(v.resourceName, t)]}
        extra={t("services.create.nameHint")}
      >
        <Input maxLength={24} autoComplete="off" data-testid="host-create-name" />
      </Form.Item>
      <Form.Item
        name="quantity"
        label={t("services.fields.quantity")}
        rules={[required]}
        extra={t("services.create.quantityHint")}
      >
        <InputNumber min={1} max={20} precision={0} data-testid="host-create-quantity" />
      </Form.Item>
      <Form.Item name="paymentType" label={t("services.fields.payment")} rules={[required]}>
        <Radio.Group optionType="button" data-testid="host-create-payment">
          {(product?.prepaidPeriods.length ?? 0) > 0 && (
            <Radio value="prepaid" data-testid="host-create-payment-prepaid">
              {t("services.payment.prepaid")}
            </Radio>
          )}
          {product?.postpaid && (
            <Radio value="postpaid" data-testid="host-create-payment-postpaid">
              {t("services.payment.postpaid")}
            </Radio>
          )}
        </Radio.Group>
      </Form.Item>
      <HostNetworkFields quantity={quantity} />
      {paymentType === "prepaid" && product && (
        <Form.Item name="periodMonths" label={t("services.fields.period")} rules={[required]}>
          <Radio.Group optionType="button" data-testid="host-create-period">
            {PREPAID_PERIODS.filter((m) => product.prepaidPeriods.includes(m)).map((m) => (
              <Radio key={m} value={m} data-testid={`host-create-period-${m}`}>
                {period(m)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
      )}
      {canKeyPairs && (
        <Form.Item
          name="keyPairId"
          label={t("services.fields.keyPair")}
          extra={t("services.create.keyPairHint")}
        >
          <Select
            allowClear
            loading={keyPairs.isFetching}
            placeholder={t("services.create.noKeyPair")}
            options={(keyPairs.data?.list ?? []).map((k) => ({ value: k.id, label: k.name }))}
            data-testid="host-create-keypair"
          />
        </Form.Item>
      )}
      <ProjectCouponFields testIdPrefix="host-create" />
    </>
  );
}
