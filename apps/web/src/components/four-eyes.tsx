// The four-eyes rule on operator screens: a pending request is decided by another operator than
// the one who asked (the server refuses the requester's own; the screen says whose turn it is), with
// an optional remark.
import type { FourEyesStatus } from "@skyledger/contracts";
import { Button, Form, Input, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "./form-dialog";

export type Decision = "approve" | "reject";
type Decidable = { id: string; status: FourEyesStatus; requestedBy: string };

/** What the signed-in operator can do with a request: decide it, wait for someone else, or nothing. */
export function decisionFor(row: Decidable, userId: string): "decide" | "awaitingOther" | "none" {
  if (row.status !== "pending_approval") return "none";
  return row.requestedBy === userId ? "awaitingOther" : "decide";
}

/** Approve and reject for someone else's pending request; the requester sees it waiting. */
export function FourEyesActions({
  row,
  userId,
  testIdPrefix,
  onDecide,
}: {
  row: Decidable;
  userId: string;
  testIdPrefix: string;
  onDecide(decision: Decision): void;
}) {
  const { t } = useTranslation();
  const state = decisionFor(row, userId);
  if (state === "none") return null;
  if (state === "awaitingOther") {
    return (
      <Tag color="warning" data-testid={`${testIdPrefix}-awaiting-${row.id}`}>
        {t("finance.fourEyes.awaitingOther")}
      </Tag>
    );
  }
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => onDecide("approve")}
        data-testid={`${testIdPrefix}-approve-${row.id}`}
      >
        {t("finance.fourEyes.approve")}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        onClick={() => onDecide("reject")}
        data-testid={`${testIdPrefix}-reject-${row.id}`}
      >
        {t("finance.fourEyes.reject")}
      </Button>
    </Space>
  );
}

/** Confirms a decision with an optional remark; a refusal (e.g. one's own request) stays in the dialog. */
export function FourEyesDecisionDialog({
  decision,
  title,
  summary,
  testIdPrefix,
  onConfirm,
  onClose,
}: {
  decision: Decision | null;
  title: ReactNode;
  summary: ReactNode;
  testIdPrefix: string;
  onConfirm(remark: string): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ remark: string }>();
  const approve = decision === "approve";
  return (
    <FormDialog
      form={form}
      open={decision !== null}
      title={title}
      okText={t(approve ? "finance.fourEyes.approve" : "finance.fourEyes.reject")}
      danger={!approve}
      submitTestId={`${testIdPrefix}-decide-submit`}
      refusalTestId={`${testIdPrefix}-decide-error`}
      onSubmit={({ remark }) => onConfirm((remark ?? "").trim())}
      onCancel={onClose}
      resetOnSuccess
      initialValues={{ remark: "" }}
    >
      <Typography.Paragraph>{summary}</Typography.Paragraph>
      <Form.Item
        name="remark"
        label={t("finance.fourEyes.remark")}
        rules={[{ max: 256, message: t("validation.maxLength", { max: 256 }) }]}
      >
        <Input.TextArea
          maxLength={256}
          showCount
          autoSize={{ minRows: 2 }}
          data-testid={`${testIdPrefix}-remark`}
        />
      </Form.Item>
    </FormDialog>
  );
}
