// /authent: personal (real-name) verification — name, ID card number and both sides of the card.
import { v } from "@skyledger/contracts";
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { AuthentFrame } from "../../../features/verification/authent-frame";
import { DocumentsField } from "../../../features/verification/documents-field";
import { idNumberRule, useSubmitted } from "../../../features/verification/form-rules";
import type { UploadedFile } from "../../../features/verification/upload-field";
import { submitPersonal } from "../../../features/verification/verification-api";

type Values = { realName: string; idNumber: string; portrait: UploadedFile[]; emblem: UploadedFile[] };

function PersonalForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submitted = useSubmitted();
  const { saving, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await submitPersonal({
        realName: values.realName.trim(),
        idNumber: values.idNumber.trim().toUpperCase(),
        portraitFileId: values.portrait[0]?.id ?? null,
        emblemFileId: values.emblem[0]?.id ?? null,
      });
      await submitted();
      onDone();
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ portrait: [], emblem: [] }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="realName"
        label={t("verification.fields.realName")}
        required
        rules={[zodRule(v.personName, t)]}
      >
        <Input
          maxLength={10}
          placeholder={t("verification.placeholders.realName")}
          data-testid="authent-name"
        />
      </Form.Item>
      <Form.Item name="idNumber" label={t("verification.fields.idNumber")} required rules={[idNumberRule(t)]}>
        <Input
          maxLength={18}
          placeholder={t("verification.placeholders.idNumber")}
          data-testid="authent-id-number"
        />
      </Form.Item>
      <DocumentsField
        name="portrait"
        purpose="idPhoto"
        max={1}
        hint={t("verification.hints.idPhoto")}
        testId="authent-portrait"
      />
      <DocumentsField
        name="emblem"
        purpose="idPhoto"
        max={1}
        hint={t("verification.hints.idPhoto")}
        testId="authent-emblem"
      />
      <Button type="primary" htmlType="submit" loading={saving} data-testid="authent-submit">
        {t("verification.submit")}
      </Button>
    </Form>
  );
}

export function AuthentPage() {
  const { t } = useTranslation();
  return (
    <AuthentFrame
      title={t("verification.personal.title")}
      formTitle={t("verification.personal.formTitle")}
      other={{
        to: "/authent/company",
        label: t("verification.personal.toCompany"),
        testId: "authent-to-company",
      }}
    >
      {(done) => <PersonalForm onDone={done} />}
    </AuthentFrame>
  );
}
