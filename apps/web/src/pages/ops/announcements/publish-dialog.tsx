// Publishing an announcement: title, type, body (≤ 2,000 characters), now or at a time to come,
// to everyone or the tenants of one product. The server checks the same rules (a past time, an
// unknown product) and its messages show on the fields.
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TYPES,
  type AnnouncementRecord,
  type AnnouncementType,
  announcementBody,
} from "@skyledger/contracts";
import { DatePicker, Form, Input, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { messagesApi, useAudienceProducts } from "../../../features/messages/messages-api";

type Values = {
  title: string;
  type: AnnouncementType;
  body: string;
  publishAt?: Dayjs | null;
  productId?: string;
};

type Props = { open: boolean; onClose(): void; onPublished(a: AnnouncementRecord): void };

const shape = announcementBody.shape;
const EVERYONE = "";

export function PublishDialog({ open, onClose, onPublished }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const products = useAudienceProducts();
  const zh = i18n.language === "zh-CN";

  const submit = async (values: Values) => {
    const created = await messagesApi.publish({
      title: values.title,
      type: values.type,
      body: values.body,
      publishAt: values.publishAt ? values.publishAt.toISOString() : null,
      productId: values.productId ? values.productId : null,
    });
    onPublished(created);
  };

  return (
    <FormDialog
      form={form}
      open={open}
      title={t("messages.announcements.publishTitle")}
      okText={t("messages.announcements.publish")}
      submitTestId="announcement-submit"
      onSubmit={submit}
      onCancel={onClose}
      resetOnSuccess
      initialValues={{ type: "notice", productId: EVERYONE }}
    >
      <Form.Item
        name="title"
        label={t("messages.announcements.fields.title")}
        rules={[zodRule(shape.title, t)]}
      >
        <Input maxLength={100} data-testid="announcement-title" />
      </Form.Item>
      <Form.Item name="type" label={t("messages.announcements.fields.type")}>
        <Select
          data-testid="announcement-type"
          options={ANNOUNCEMENT_TYPES.map((type) => ({
            value: type,
            label: t(`messages.announcementTypes.${type}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="body" label={t("messages.announcements.fields.body")} rules={[zodRule(shape.body, t)]}>
        <Input.TextArea
          showCount
          maxLength={ANNOUNCEMENT_BODY_MAX}
          autoSize={{ minRows: 4 }}
          data-testid="announcement-body"
        />
      </Form.Item>
      <Form.Item
        name="publishAt"
        label={t("messages.announcements.fields.publishAt")}
        extra={t("messages.announcements.publishAtHint")}
      >
        <DatePicker
          showTime
          style={{ width: "100%" }}
          disabledDate={(d) => d.isBefore(dayjs(), "day")}
          data-testid="announcement-publish-at"
        />
      </Form.Item>
      <Form.Item name="productId" label={t("messages.announcements.fields.audience")}>
        <Select
          data-testid="announcement-audience"
          loading={products.isLoading}
          options={[
            { value: EVERYONE, label: t("messages.announcements.everyone") },
            ...(products.data?.list ?? []).map((p) => ({
              value: p.id,
              label: t("messages.announcements.productTenants", { product: zh ? p.nameZh : p.nameEn }),
            })),
          ]}
        />
      </Form.Item>
    </FormDialog>
  );
}
