// Publishing a new version makes every user accept it again (policyAgreeSign 2/3/4).
import { endpoints, type PolicyKind, policyPublish } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, Segmented, Skeleton, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyFieldErrors, zodRule } from "../../../components/form-rules";
import { useMayActHere } from "../../../components/require-org";
import { policyKey, usePolicyDocument } from "../../../features/config/policy-api";
import { api } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";

type Values = { contentZh: string; contentEn: string };

export function AgreementPublish() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PolicyKind>("agreement");
  const current = usePolicyDocument(kind);
  const [form] = Form.useForm<Values>();
  const [publishing, setPublishing] = useState(false);
  const mayAct = useMayActHere();

  useEffect(() => {
    if (current.data)
      form.setFieldsValue({ contentZh: current.data.contentZh, contentEn: current.data.contentEn });
  }, [current.data, form]);

  const publish = async (values: Values) => {
    setPublishing(true);
    try {
      const doc = await api.call(endpoints.config.publishAgreement, { body: { kind, ...values } });
      queryClient.setQueryData(policyKey(kind), doc);
      void message.success(t("ops.agreements.published", { version: doc.version }));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setPublishing(false);
    }
  };

  const confirm = async () => {
    const values = await form.validateFields();
    modal.confirm({
      title: t("ops.agreements.confirmTitle"),
      content: t(kind === "agreement" ? "ops.agreements.confirmAgreement" : "ops.agreements.confirmPrivacy"),
      okText: t("ops.agreements.publish"),
      cancelText: t("common.cancel"),
      onOk: () => publish(values),
    });
  };

  return (
    <div style={{ maxWidth: 960 }}>
      <Segmented<PolicyKind>
        value={kind}
        onChange={setKind}
        options={[
          { value: "agreement", label: t("account.policy.agreementTitle") },
          { value: "privacy", label: t("account.policy.privacyTitle") },
        ]}
        aria-label={t("ops.agreements.kind")}
        data-testid="agreement-kind"
        style={{ marginBottom: 16 }}
      />
      {current.isPending ? (
        <Skeleton active />
      ) : (
        <Typography.Paragraph type="secondary">
          {current.data
            ? t("ops.agreements.current", {
                version: current.data.version,
                date: formatDateTime(current.data.publishedAt),
              })
            : t("ops.agreements.none")}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" disabled={!mayAct} onFinish={() => void confirm()}>
        <Form.Item
          required
          name="contentZh"
          label={t("ops.agreements.contentZh")}
          rules={[zodRule(policyPublish.shape.contentZh, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid="agreement-content-zh" />
        </Form.Item>
        <Form.Item
          required
          name="contentEn"
          label={t("ops.agreements.contentEn")}
          rules={[zodRule(policyPublish.shape.contentEn, t)]}
        >
          <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} data-testid="agreement-content-en" />
        </Form.Item>
        {mayAct && (
          <Button type="primary" htmlType="submit" loading={publishing} data-testid="agreement-publish">
            {t("ops.agreements.publish")}
          </Button>
        )}
      </Form>
    </div>
  );
}
