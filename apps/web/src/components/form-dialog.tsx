// The shell every form dialog shares: a modal whose OK button validates the form and sends it,
// spins while the call runs, and leaves the dialog open with the server's reasons when it fails
// (field messages on their fields; a business refusal, when asked for, in the dialog itself).
import { Alert, Form, type FormInstance, type FormProps, Modal } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/api-client";
import { useFormSubmit } from "./use-form-submit";

type Props<Values> = {
  form: FormInstance<Values>;
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  /** data-testid of the OK button. */
  submitTestId: string;
  /** Sends the valid values; a throw keeps the dialog open. */
  onSubmit(values: Values): Promise<void>;
  onCancel(): void;
  initialValues?: FormProps<Values>["initialValues"];
  /**
   * Empties the form after a success: the dialog stays mounted between uses (the form instance
   * outlives destroyOnHidden), so the next one would otherwise start with these values.
   */
  resetOnSuccess?: boolean;
  /**
   * Shows a business refusal (e.g. an operator deciding their own request) inside the dialog under
   * this data-testid, so it stays readable after the toast is gone; cleared on the next try.
   */
  refusalTestId?: string;
  /** A red OK button, for a decision that refuses something. */
  danger?: boolean;
  width?: number;
  /** Pressing Enter in a field submits (dialogs with a single text field). */
  submitOnEnter?: boolean;
  preserve?: boolean;
  children: ReactNode;
};

export function FormDialog<Values>({
  form,
  open,
  title,
  okText,
  submitTestId,
  onSubmit,
  onCancel,
  initialValues,
  resetOnSuccess,
  refusalTestId,
  danger,
  width,
  submitOnEnter,
  preserve,
  children,
}: Props<Values>) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, submit } = useFormSubmit(form, {
    action: async (values) => {
      setRefusal(null);
      await onSubmit(values);
      if (resetOnSuccess) form.resetFields();
    },
    onOtherError: (error) => {
      if (refusalTestId && error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={() => {
        setRefusal(null);
        onCancel();
      }}
      confirmLoading={saving}
      okButtonProps={{ danger, "data-testid": submitTestId }}
      width={width}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={preserve}
        initialValues={initialValues}
        onFinish={submitOnEnter ? () => void submit() : undefined}
      >
        {children}
      </Form>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid={refusalTestId} />}
    </Modal>
  );
}
