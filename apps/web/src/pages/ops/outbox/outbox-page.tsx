// The message outbox (`/sys/outbox`, BA03): every SMS and e-mail, by channel, recipient and
// delivery state; `?status=failed` opens the messages failed for good (the dashboard's queue).
import type { OutboxMessage, OutboxStatus } from "@skyledger/contracts";
import { endpoints, OUTBOX_STATUSES } from "@skyledger/contracts";
import {
  Button,
  Card,
  Descriptions,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { usePagedQuery } from "../../../components/use-paged-query";
import { dash, formatDateTime } from "../../../lib/format";

type Channel = OutboxMessage["channel"];

const STATUS_COLORS: Record<OutboxMessage["status"], string> = {
  pending: "processing",
  sending: "processing",
  recorded: "default",
  sent: "success",
  failed: "error",
};

/** The translation key naming a purpose (`code:email:reset` → `ops.outbox.purposes.code_email_reset`). */
export function purposeKey(purpose: string): string {
  return `ops.outbox.purposes.${purpose.replace(/[.:]/g, "_")}`;
}

/** What a message is for, in the reader's language (`order.completed` → "Order ready"). */
export function purposeText(purpose: string, t: TFunction): string {
  return t(purposeKey(purpose), { defaultValue: purpose });
}

/** A delivery state; "recorded" says why nothing was sent. */
function StatusTag({ status, t }: { status: OutboxMessage["status"]; t: TFunction }) {
  const tag = <Tag color={STATUS_COLORS[status]}>{t(`ops.outbox.status.${status}`)}</Tag>;
  return status === "recorded" ? <Tooltip title={t("ops.outbox.recordedHint")}>{tag}</Tooltip> : tag;
}

export function OutboxPage() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel | undefined>();
  const [recipient, setRecipient] = useState("");
  const [params] = useSearchParams();
  const [status, setStatus] = useState<OutboxStatus | undefined>(() =>
    OUTBOX_STATUSES.find((s) => s === params.get("status")),
  );
  const list = usePagedQuery("outbox", endpoints.messaging.outbox, {
    channel,
    recipient: recipient.trim(),
    status,
  });
  const [viewing, setViewing] = useState<OutboxMessage | null>(null);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.outbox.title")}
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<Channel>
            allowClear
            placeholder={t("ops.outbox.allChannels")}
            value={channel}
            onChange={list.onFilter(setChannel)}
            options={[
              { value: "sms", label: t("ops.outbox.channel.sms") },
              { value: "email", label: t("ops.outbox.channel.email") },
            ]}
            style={{ width: 160 }}
            aria-label={t("ops.outbox.channelLabel")}
            data-testid="outbox-channel"
          />
          <Select<OutboxStatus>
            allowClear
            placeholder={t("ops.outbox.allStatuses")}
            value={status}
            onChange={list.onFilter(setStatus)}
            options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`ops.outbox.status.${s}`) }))}
            style={{ width: 160 }}
            aria-label={t("common.status")}
            data-testid="outbox-status"
          />
          <Input.Search
            allowClear
            placeholder={t("ops.outbox.recipientPlaceholder")}
            onSearch={list.onFilter(setRecipient)}
            maxLength={128}
            style={{ width: 280 }}
            aria-label={t("ops.outbox.recipient")}
            data-testid="outbox-recipient"
          />
        </Space>
        <Table<OutboxMessage>
          rowKey="id"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          scroll={{ x: 960 }}
          data-testid="outbox-table"
          columns={[
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("ops.outbox.channelLabel"),
              dataIndex: "channel",
              render: (c: Channel) => <Tag>{t(`ops.outbox.channel.${c}`)}</Tag>,
            },
            { title: t("ops.outbox.recipient"), dataIndex: "recipient" },
            {
              title: t("ops.outbox.subject"),
              dataIndex: "subject",
              // As sent to the recipient, in the language chosen for them.
              render: (v: string | null) => <span data-user-data>{dash(v)}</span>,
              ellipsis: true,
            },
            {
              title: t("ops.outbox.purpose"),
              dataIndex: "purpose",
              render: (v: string) => purposeText(v, t),
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              render: (s: OutboxMessage["status"]) => <StatusTag status={s} t={t} />,
            },
            {
              title: t("ops.outbox.error"),
              dataIndex: "error",
              render: (v: string | null) => dash(v),
              ellipsis: true,
            },
            {
              title: t("ops.outbox.gatewayAnswer"),
              dataIndex: "gatewayAnswer",
              // The provider's own words (codes, request id), as it answered.
              render: (v: string | null) => <span data-user-data>{dash(v)}</span>,
              ellipsis: true,
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Button type="link" size="small" onClick={() => setViewing(row)}>
                  {t("ops.outbox.view")}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={viewing !== null}
        title={t("ops.outbox.bodyTitle")}
        footer={null}
        onCancel={() => setViewing(null)}
        width={720}
      >
        {viewing && (
          <>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: "to", label: t("ops.outbox.recipient"), children: viewing.recipient },
                {
                  key: "subject",
                  label: t("ops.outbox.subject"),
                  children: <span data-user-data>{dash(viewing.subject)}</span>,
                },
                { key: "purpose", label: t("ops.outbox.purpose"), children: purposeText(viewing.purpose, t) },
                { key: "at", label: t("common.createdAt"), children: formatDateTime(viewing.createdAt) },
                {
                  key: "status",
                  label: t("common.status"),
                  children: <StatusTag status={viewing.status} t={t} />,
                },
                { key: "attempts", label: t("ops.outbox.attempts"), children: viewing.attempts },
                { key: "error", label: t("ops.outbox.error"), children: dash(viewing.error) },
                {
                  key: "answer",
                  label: t("ops.outbox.gatewayAnswer"),
                  children: (
                    <span data-user-data data-testid="outbox-gateway-answer">
                      {dash(viewing.gatewayAnswer)}
                    </span>
                  ),
                },
              ]}
            />
            {/* Message bodies are shown as text, never as HTML. */}
            <pre
              data-testid="outbox-body"
              data-user-data
              style={{
                whiteSpace: "pre-wrap",
                wordBreak: "break-word",
                background: "#fafafa",
                padding: 12,
                marginTop: 12,
              }}
            >
              {viewing.body}
            </pre>
          </>
        )}
      </Modal>
    </>
  );
}
