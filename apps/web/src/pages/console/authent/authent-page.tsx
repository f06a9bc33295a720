// /authent: personal (real-name) verification — the identity document (a resident ID card, or a
// passport for a foreign national), the name and number as the document's rules say (a Chinese name
// and the 18-digit number with its check digit; a Latin-script name and a passport number), and the
// document's two photos.
import { documentRules, ID_DOCUMENT_TYPES, type IdDocumentType } from "@skyledger/contracts";
import { Button, Form, Input, Radio } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { AuthentFrame } from "../../../features/verification/authent-frame";
import { DOCUMENT_TEXTS } from "../../../features/verification/document-texts";
import { DocumentsField } from "../../../features/verification/documents-field";
import { idNumberRule, useSubmitted } from "../../../features/verification/form-rules";
import type { UploadedFile } from "../../../features/verification/upload-field";
import { submitPersonal } from "../../../features/verification/verification-api";

type Values = {
  documentType: IdDocumentType;
  realName: string;
  idNumber: string;
  portrait: UploadedFile[];
  emblem: UploadedFile[];
};

/** The longest name and number each document allows, for the inputs. */
const MAX_LENGTHS: Record<IdDocumentType, { name: number; number: number }> = {
  idCard: { name: 10, number: 18 },
  passport: { name: 64, number: 20 },
};

function PersonalForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const submitted = useSubmitted();
  const documentType = Form.useWatch("documentType", form) ?? "idCard";
  const texts = DOCUMENT_TEXTS[documentType];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the document type decides, once its fields' rules are the new ones
  useEffect(() => {
    // The name and number already typed are judged again by the other document's rules.
    const typed = (["realName", "idNumber"] as const).filter((f) => form.isFieldTouched(f));
    if (typed.length > 0) void form.validateFields(typed).catch(() => undefined);
  }, [documentType]);
  const { saving, run: submit } = useFormSubmit(form, {
    action: async (values) => {
      await submitPersonal({
        documentType: values.documentType,
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
      initialValues={{ documentType: "idCard", portrait: [], emblem: [] }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="documentType" label={t("verification.documentType.label")} required>
        <Radio.Group data-testid="authent-document-type">
          {ID_DOCUMENT_TYPES.map((type) => (
            <Radio.Button key={type} value={type} data-testid={`authent-document-${type}`}>
              {t(`verification.documentType.${type}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="realName"
        label={t("verification.fields.realName")}
        required
        extra={t(texts.nameHint)}
        rules={[zodRule(documentRules[documentType].name, t)]}
      >
        <Input
          maxLength={MAX_LENGTHS[documentType].name}
          placeholder={t(texts.namePlaceholder)}
          data-testid="authent-name"
        />
      </Form.Item>
      <Form.Item
        name="idNumber"
        label={t(texts.number)}
        required
        rules={[documentType === "idCard" ? idNumberRule(t) : zodRule(documentRules.passport.number, t)]}
      >
        <Input
          maxLength={MAX_LENGTHS[documentType].number}
          placeholder={t(texts.numberPlaceholder)}
          data-testid="authent-id-number"
        />
      </Form.Item>
      <DocumentsField
        name="portrait"
        purpose="idPhoto"
        max={1}
        hint={t(texts.photoHint)}
        labelKey={texts.portrait}
        whatKey={texts.portraitWhat}
        testId="authent-portrait"
      />
      <DocumentsField
        name="emblem"
        purpose="idPhoto"
        max={1}
        hint={t(texts.photoHint)}
        labelKey={texts.emblem}
        whatKey={texts.emblemWhat}
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
