// One submission for review: applicant, details (the identity document's type, ID numbers in full),
// documents, and the decision with a remark (required to reject).
import type { VerificationDetail } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Descriptions, Drawer, Form, Input, Space, Spin, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { useMayActHere } from "../../../components/require-org";
import { UserData } from "../../../components/user-data";
import { DOCUMENT_TEXTS } from "../../../features/verification/document-texts";
import { decideVerification, fetchReviewDetail } from "../../../features/verification/verification-api";
import { dash, formatDateTime } from "../../../lib/format";
import { ReviewFiles } from "./review-files";

const DETAIL_FIELDS: Record<VerificationDetail["kind"], string[]> = {
  personal: ["realName", "idNumber"],
  company: [
    "certificateType",
    "companyName",
    "licenseNumber",
    "legalPerson",
    "legalPersonIdNumber",
    "contactPerson",
    "contactPhone",
  ],
};

function DecisionDialog({
  detail,
  approve,
  onClose,
  onDone,
}: {
  detail: VerificationDetail;
  approve: boolean | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ remark: string }>();

  const submit = async (values: { remark: string }) => {
    if (approve === null) return;
    await decideVerification({ id: detail.id, approved: approve, remark: (values.remark ?? "").trim() });
    void message.success(t(approve ? "verification.review.approved" : "verification.review.rejected"));
    onDone();
  };

  return (
    <FormDialog
      form={form}
      open={approve !== null}
      title={t(approve ? "verification.review.approveTitle" : "verification.review.rejectTitle")}
      okText={t("verification.review.confirm")}
      danger={approve === false}
      submitTestId="review-confirm"
      onSubmit={submit}
      onCancel={onClose}
      refusalTestId="review-error"
      initialValues={{ remark: "" }}
    >
      <Form.Item
        name="remark"
        label={t("verification.review.remark")}
        extra={t("verification.review.remarkHint")}
        required={approve === false}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (approve === false && !value?.trim())
                throw new Error(t("verification.review.remarkRequired"));
            },
          },
        ]}
      >
        <Input.TextArea maxLength={256} showCount autoSize={{ minRows: 3 }} data-testid="review-remark" />
      </Form.Item>
    </FormDialog>
  );
}

export function ReviewDrawer({
  id,
  onClose,
  onDecided,
}: {
  id: string | null;
  onClose(): void;
  onDecided(): void;
}) {
  const { t } = useTranslation();
  const [approve, setApprove] = useState<boolean | null>(null);
  const mayAct = useMayActHere();
  const detail = useQuery({
    queryKey: ["ops", "verification", id],
    queryFn: () => fetchReviewDetail(id!),
    enabled: id !== null,
  });
  const d = detail.data;
  const fieldText = (field: string, value: string) =>
    field === "certificateType"
      ? t(`verification.certificateTypes.${value}`, { defaultValue: value })
      : value;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={
        d
          ? t("verification.review.drawerTitle", { subject: d.details.realName ?? d.details.companyName })
          : ""
      }
      data-testid="review-drawer"
      extra={
        mayAct &&
        d?.status === "authing" && (
          <Space>
            <Button danger onClick={() => setApprove(false)} data-testid="review-reject">
              {t("verification.review.reject")}
            </Button>
            <Button type="primary" onClick={() => setApprove(true)} data-testid="review-approve">
              {t("verification.review.approve")}
            </Button>
          </Space>
        )
      }
    >
      {!d ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions
            title={t("verification.review.applicant")}
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: "account",
                label: t("verification.review.account"),
                children: <UserData>{d.account}</UserData>,
              },
              {
                key: "org",
                label: t("verification.review.organisation"),
                children: <UserData>{dash(d.orgName)}</UserData>,
              },
              {
                key: "email",
                label: t("console.fields.email"),
                children: <UserData>{dash(d.email)}</UserData>,
              },
              {
                key: "mobile",
                label: t("console.fields.mobile"),
                children: <UserData>{dash(d.mobile)}</UserData>,
              },
              {
                key: "kind",
                label: t("verification.status.kind"),
                children: t(`verification.kind.${d.kind}`),
              },
              {
                key: "status",
                label: t("verification.review.status"),
                children: <span data-testid="review-status">{t(`verification.submission.${d.status}`)}</span>,
              },
              {
                key: "submitted",
                label: t("verification.review.submittedAt"),
                children: formatDateTime(d.submittedAt),
              },
              {
                key: "reviewed",
                label: t("verification.review.reviewedAt"),
                children: formatDateTime(d.reviewedAt),
              },
              { key: "reviewer", label: t("verification.review.reviewer"), children: dash(d.reviewer) },
              {
                key: "remark",
                label: t("verification.review.remark"),
                children: <UserData>{dash(d.remark)}</UserData>,
              },
            ]}
          />
          <Descriptions
            title={t("verification.review.details")}
            size="small"
            column={1}
            bordered
            items={[
              ...(d.kind === "personal"
                ? [
                    {
                      key: "documentType",
                      label: t("verification.documentType.label"),
                      children: (
                        <span data-testid="review-document-type" data-type={d.documentType}>
                          {t(`verification.documentType.${d.documentType}`)}
                        </span>
                      ),
                    },
                  ]
                : []),
              ...DETAIL_FIELDS[d.kind].map((field) => ({
                key: field,
                label: t(
                  field === "idNumber"
                    ? DOCUMENT_TEXTS[d.documentType].number
                    : `verification.fields.${field}`,
                ),
                children: dash(d.details[field] ? fieldText(field, d.details[field]) : null),
              })),
            ]}
          />
          <div>
            <Typography.Title level={5}>{t("verification.review.documents")}</Typography.Title>
            <ReviewFiles files={d.files} documentType={d.documentType} />
          </div>
          <DecisionDialog
            detail={d}
            approve={approve}
            onClose={() => setApprove(null)}
            onDone={() => {
              setApprove(null);
              void detail.refetch();
              onDecided();
            }}
          />
        </Space>
      )}
    </Drawer>
  );
}
