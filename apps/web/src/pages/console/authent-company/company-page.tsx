// /authent/company: enterprise verification — certificate, legal representative, contact and the
// licence and power-of-attorney documents (at most five attachments).
import {
  CERTIFICATE_TYPES,
  type CertificateType,
  MAX_ATTACHMENTS,
  v,
  verificationContactName,
} from "@skyledger/contracts";
import { Button, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { AuthentFrame } from "../../../features/verification/authent-frame";
import { DocumentsField } from "../../../features/verification/documents-field";
import { creditCodeRule, idNumberRule, useSubmitted } from "../../../features/verification/form-rules";
import type { UploadedFile } from "../../../features/verification/upload-field";
import { submitCompany } from "../../../features/verification/verification-api";

type Values = {
  certificateType: CertificateType;
  companyName: string;
  licenseNumber: string;
  legalPerson: string;
  legalPersonIdNumber: string;
  contactPerson: string;
  contactPhone: string;
  license: UploadedFile[];
  attorney: UploadedFile[];
};

function CompanyForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submitted = useSubmitted();
  const { saving, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await submitCompany({
        certificateType: values.certificateType,
        companyName: values.companyName.trim(),
        licenseNumber: values.licenseNumber.trim().toUpperCase(),
        legalPerson: values.legalPerson.trim(),
        legalPersonIdNumber: values.legalPersonIdNumber.trim().toUpperCase(),
        contactPerson: values.contactPerson.trim(),
        contactPhone: values.contactPhone.trim(),
        licenseFileId: values.license[0]?.id ?? null,
        attorneyFileIds: values.attorney.map((f) => f.id),
      });
      await submitted();
      onDone();
    },
  });

  const text = (
    name: keyof Values,
    testId: string,
    rules: Parameters<typeof Form.Item>[0]["rules"],
    max = 128,
  ) => (
    <Form.Item name={name} label={t(`verification.fields.${name}`)} required rules={rules}>
      <Input maxLength={max} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ certificateType: "businessLicense", license: [], attorney: [] }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="certificateType" label={t("verification.fields.certificateType")} required>
        <Select
          data-testid="authent-certificate-type"
          options={CERTIFICATE_TYPES.map((type) => ({
            value: type,
            label: t(`verification.certificateTypes.${type}`),
          }))}
        />
      </Form.Item>
      {text("companyName", "authent-company-name", [zodRule(v.companyName, t)])}
      <Form.Item
        name="licenseNumber"
        label={t("verification.fields.licenseNumber")}
        required
        rules={[creditCodeRule(t)]}
      >
        <Input
          maxLength={18}
          placeholder={t("verification.placeholders.licenseNumber")}
          data-testid="authent-license-number"
        />
      </Form.Item>
      {text("legalPerson", "authent-legal-person", [zodRule(v.personName, t)], 10)}
      {text("legalPersonIdNumber", "authent-legal-id-number", [idNumberRule(t)], 18)}
      {text("contactPerson", "authent-contact-person", [zodRule(verificationContactName, t)], 32)}
      {text("contactPhone", "authent-contact-phone", [zodRule(v.phone, t)], 11)}
      <DocumentsField
        name="license"
        purpose="verificationAttachment"
        max={1}
        hint={t("verification.hints.license")}
        testId="authent-license"
      />
      <DocumentsField
        name="attorney"
        purpose="verificationAttachment"
        max={MAX_ATTACHMENTS}
        hint={t("verification.hints.attorney", { max: MAX_ATTACHMENTS })}
        testId="authent-attorney"
      />
      <Button type="primary" htmlType="submit" loading={saving} data-testid="authent-submit">
        {t("verification.submit")}
      </Button>
    </Form>
  );
}

export function CompanyAuthentPage() {
  const { t } = useTranslation();
  return (
    <AuthentFrame
      title={t("verification.company.title")}
      formTitle={t("verification.company.formTitle")}
      other={{ to: "/authent", label: t("verification.company.toPersonal"), testId: "authent-to-personal" }}
    >
      {(done) => <CompanyForm onDone={done} />}
    </AuthentFrame>
  );
}
