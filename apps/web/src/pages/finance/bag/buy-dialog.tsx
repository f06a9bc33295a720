// Buying a package through the purchase form (`/applyPackage`): quantity (resource packages only,
// a discount package is one per period), when the validity starts (now, or later — e.g. the next
// discount package right after the current one ends), subscribing to auto-renew, the live quote
// with the deduction breakdown, and one idempotency key per purchase so a retried click pays once.
import type { PackageOffer } from "@skyledger/contracts";
import {
  Alert,
  App,
  Checkbox,
  DatePicker,
  Descriptions,
  Divider,
  Form,
  InputNumber,
  Radio,
  Skeleton,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { DeductionBreakdown } from "../../../components/deduction-breakdown";
import { FormDialog } from "../../../components/form-dialog";
import { Yuan } from "../../../components/money-text";
import { bagApi, usePackageQuote, useRefreshBag } from "../../../features/bag/bag-api";
import { CoversText } from "../../../features/bag/package-cells";
import { useActionKey } from "../../../lib/action-key";
import { mulYuan } from "./bag-money";

type Values = { quantity: number; autoRenew: boolean; start: "now" | "later"; startAt?: Dayjs };

export function BuyDialog({ offer, onClose }: { offer: PackageOffer; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const quantity = Form.useWatch("quantity", form) ?? 1;
  const start = Form.useWatch("start", form) ?? "now";
  const validQuantity = Number.isInteger(quantity) && quantity >= 1 && quantity <= 100;
  const quote = usePackageQuote(offer.code, validQuantity ? quantity : 1);
  const actionKey = useActionKey();
  const refresh = useRefreshBag();
  const name = i18n.language === "en-US" ? offer.nameEn : offer.nameZh;

  const submit = async (values: Values) => {
    const body = {
      offerCode: offer.code,
      quantity: values.quantity,
      autoRenew: values.autoRenew,
      startAt: values.start === "later" && values.startAt ? values.startAt.toISOString() : null,
    };
    await actionKey.run(body, (key) => bagApi.apply(body, key));
    void message.success(t("bag.buyDialog.bought"));
    await refresh();
    onClose();
  };

  return (
    <FormDialog<Values>
      form={form}
      open
      title={t("bag.buyDialog.title", { name })}
      okText={t("bag.buyDialog.confirm")}
      submitTestId="bag-buy-submit"
      refusalTestId="bag-buy-error"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={{ quantity: 1, autoRenew: false, start: "now" }}
    >
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: "covers", label: t("bag.fields.covers"), children: <CoversText item={offer} /> },
          {
            key: "validity",
            label: t("bag.fields.validity"),
            children: t("bag.months", { count: offer.validityMonths }),
          },
          { key: "price", label: t("bag.fields.price"), children: <Yuan value={offer.price} /> },
        ]}
      />
      {offer.kind === "resource" && (
        <Form.Item
          name="quantity"
          label={t("bag.fields.quantity")}
          rules={[{ required: true, type: "integer", min: 1, max: 100, message: t("validation.quantity") }]}
        >
          <InputNumber min={1} max={100} precision={0} data-testid="bag-buy-quantity" />
        </Form.Item>
      )}
      <Form.Item name="start" label={t("bag.buyDialog.start")}>
        <Radio.Group data-testid="bag-buy-start">
          <Radio value="now">{t("bag.buyDialog.startNow")}</Radio>
          <Radio value="later" data-testid="bag-buy-start-later">
            {t("bag.buyDialog.startLater")}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {start === "later" && (
        <Form.Item
          name="startAt"
          label={t("bag.buyDialog.startAt")}
          rules={[{ required: true, message: t("validation.required") }]}
        >
          <DatePicker
            showTime
            style={{ width: "100%" }}
            disabledDate={(d) => d.isBefore(dayjs(), "day")}
            data-testid="bag-buy-start-at"
          />
        </Form.Item>
      )}
      <Form.Item name="autoRenew" valuePropName="checked">
        <Checkbox data-testid="bag-buy-auto-renew">{t("bag.buyDialog.autoRenew")}</Checkbox>
      </Form.Item>
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: "total",
            label: t("bag.buyDialog.total"),
            children: <Yuan value={mulYuan(offer.price, quantity)} strong testId="bag-buy-total" />,
          },
        ]}
      />
      <Divider style={{ margin: "12px 0" }} />
      {quote.error ? (
        <Alert type="error" showIcon title={quote.error.message} data-testid="price-error" />
      ) : quote.data ? (
        <DeductionBreakdown deduction={quote.data.deduction} />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </FormDialog>
  );
}
