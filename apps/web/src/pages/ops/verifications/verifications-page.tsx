// /sys/verifications (BA05): the review queue — pending submissions first, oldest first.
import type { VerificationRow, VerificationStatus } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { Button, Card, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { dash, formatDateTime } from "../../../lib/format";
import { ReviewDrawer } from "./review-drawer";

const STATUS_COLORS: Record<VerificationStatus, string> = {
  authing: "processing",
  authSucceed: "success",
  authFiled: "error",
};

export function VerificationsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VerificationStatus | "">("authing");
  const [kind, setKind] = useState<"" | "personal" | "company">("");
  const [keyword, setKeyword] = useState("");
  const [open, setOpen] = useState<string | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery("verifications", endpoints.verification.list, {
    status,
    kind,
    keyword: keyword.trim(),
  });

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("verification.review.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card>
        <Space wrap style={{ marginBottom: 16 }} size="large">
          <Select
            value={status}
            style={{ width: 180 }}
            aria-label={t("verification.review.status")}
            data-testid="review-filter-status"
            onChange={list.onFilter(setStatus)}
            options={[
              { value: "", label: t("verification.review.allStatuses") },
              ...(["authing", "authSucceed", "authFiled"] as const).map((s) => ({
                value: s,
                label: t(`verification.submission.${s}`),
              })),
            ]}
          />
          <Select
            value={kind}
            style={{ width: 160 }}
            aria-label={t("verification.review.kind")}
            data-testid="review-filter-kind"
            onChange={list.onFilter(setKind)}
            options={[
              { value: "", label: t("verification.review.allKinds") },
              { value: "personal", label: t("verification.kind.personal") },
              { value: "company", label: t("verification.kind.company") },
            ]}
          />
          <Input.Search
            allowClear
            maxLength={64}
            style={{ width: 280 }}
            placeholder={t("verification.review.keyword")}
            aria-label={t("verification.review.keyword")}
            data-testid="review-keyword"
            onSearch={list.onFilter(setKeyword)}
          />
        </Space>
        <Table<VerificationRow>
          rowKey="id"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          scroll={{ x: 1000 }}
          data-testid="review-table"
          onRow={(row) => ({ "data-testid": `review-row-${row.id}`, "data-account": row.account }) as object}
          columns={[
            { title: t("verification.review.subject"), dataIndex: "subject" },
            {
              title: t("verification.review.kind"),
              dataIndex: "kind",
              // A passport is worth seeing in the queue: its name and number follow other rules.
              render: (k: VerificationRow["kind"], row) =>
                k === "personal" && row.documentType === "passport"
                  ? t("verification.review.typeAndKind", {
                      kind: t(`verification.kind.${k}`),
                      document: t("verification.documentType.passport"),
                    })
                  : t(`verification.kind.${k}`),
            },
            { title: t("verification.review.account"), ...userDataCells, dataIndex: "account" },
            {
              title: t("verification.review.organisation"),
              ...userDataCells,
              dataIndex: "orgName",
              render: (v: string | null) => dash(v),
            },
            {
              title: t("verification.review.status"),
              dataIndex: "status",
              render: (s: VerificationStatus) => (
                <Tag color={STATUS_COLORS[s]} data-status={s}>
                  {t(`verification.submission.${s}`)}
                </Tag>
              ),
            },
            {
              title: t("verification.review.submittedAt"),
              dataIndex: "submittedAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("verification.review.reviewedAt"),
              dataIndex: "reviewedAt",
              render: (v: string | null) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setOpen(row.id)}
                  data-testid={`review-open-${row.id}`}
                >
                  {t(
                    mayAct && row.status === "authing"
                      ? "verification.review.open"
                      : "verification.review.view",
                  )}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ReviewDrawer id={open} onClose={() => setOpen(null)} onDecided={() => void list.query.refetch()} />
    </>
  );
}
