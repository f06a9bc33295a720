// The foot of every purchase and create form: the server's refusal of the last try (a business
// rule: quota, balance, one per organisation…) above the primary button and Cancel. A form's
// button submits it; without a form, `onSubmit` does.
import { Alert, Button, Space } from "antd";
import { useTranslation } from "react-i18next";

type Props = {
  refusal: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel(): void;
  /** For a button outside a Form; inside one, the button submits the form. */
  onSubmit?(): void;
  disabled?: boolean;
  /** `${testId}-refusal` and `${testId}-submit`. */
  testId: string;
};

export function OrderSubmitBar({
  refusal,
  saving,
  submitLabel,
  onCancel,
  onSubmit,
  disabled,
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid={`${testId}-refusal`}
        />
      )}
      <Space>
        <Button
          type="primary"
          htmlType={onSubmit ? "button" : "submit"}
          loading={saving}
          disabled={disabled}
          onClick={onSubmit}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t("common.cancel")}</Button>
      </Space>
    </>
  );
}
