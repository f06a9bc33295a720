// The access-keys tab of `/mgt/obs` (CB0502): the organisation's S3 access keys (id, description,
// when and by whom made), making one (its secret is shown this once, with copy buttons) and
// deleting one after a confirmation; and where S3 tools reach the buckets, with an example command.
import type { ObsAccessKeySecret } from "@skyledger/contracts";
import { endpoints, OBS_ACCESS_KEYS_MAX } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Descriptions, Form, Input, Popconfirm, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { KeySecretModal } from "../../components/key-secret-modal";
import { tableLocale } from "../../components/table-states";
import { UserData } from "../../components/user-data";
import { api } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { obsApi, obsKeys, useAccessKeys } from "./obs-api";

export function ObsAccessKeys() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const keys = useAccessKeys(true);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ObsAccessKeySecret | null>(null);
  const [form] = Form.useForm<{ description: string }>();
  const rows = keys.data ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: obsKeys.accessKeys });

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <S3Endpoint />
      <Card
        title={t("obs.keys.title")}
        extra={
          <Button
            type="primary"
            disabled={rows.length >= OBS_ACCESS_KEYS_MAX}
            onClick={() => setCreating(true)}
            data-testid="obs-key-create"
          >
            {t("obs.keys.create")}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          {t("obs.keys.intro", { max: OBS_ACCESS_KEYS_MAX })}
        </Typography.Paragraph>
        <Table
          rowKey="accessKeyId"
          dataSource={rows}
          loading={keys.isFetching}
          pagination={false}
          locale={tableLocale(keys, t, t("obs.keys.empty"))}
          onRow={(row) => ({ "data-testid": `obs-key-${row.accessKeyId}` }) as never}
          columns={[
            {
              title: t("obs.keys.id"),
              dataIndex: "accessKeyId",
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              title: t("obs.keys.description"),
              dataIndex: "description",
              render: (v: string) => (v ? <UserData>{v}</UserData> : "-"),
            },
            {
              title: t("obs.keys.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("obs.keys.createdBy"),
              dataIndex: "createdBy",
              render: (v: string | null) => v ?? "-",
            },
            {
              title: t("common.actions"),
              key: "actions",
              width: 120,
              render: (_, row) => (
                <Popconfirm
                  title={t("obs.keys.deleteConfirm", { id: row.accessKeyId })}
                  okText={t("obs.keys.delete")}
                  cancelText={t("common.cancel")}
                  okButtonProps={{ danger: true, "data-testid": "obs-key-delete-ok" } as never}
                  onConfirm={async () => {
                    try {
                      await obsApi.deleteAccessKey(row.accessKeyId);
                    } catch {
                      // The client showed the refusal; the key stays listed.
                      return;
                    }
                    void message.success(t("obs.keys.deleted", { id: row.accessKeyId }));
                    await refresh();
                  }}
                >
                  <Button type="link" size="small" danger data-testid={`obs-key-delete-${row.accessKeyId}`}>
                    {t("obs.keys.delete")}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      <FormDialog<{ description: string }>
        form={form}
        open={creating}
        title={t("obs.keys.create")}
        okText={t("obs.keys.createOk")}
        submitTestId="obs-key-create-ok"
        refusalTestId="obs-key-create-refusal"
        resetOnSuccess
        initialValues={{ description: "" }}
        onCancel={() => setCreating(false)}
        onSubmit={async ({ description }) => {
          const made = await obsApi.createAccessKey({ description });
          setCreating(false);
          setCreated(made);
          await refresh();
        }}
      >
        <Form.Item name="description" label={t("obs.keys.description")}>
          <Input maxLength={64} autoComplete="off" data-testid="obs-key-description" />
        </Form.Item>
      </FormDialog>
      {created && <SecretModal created={created} onClose={() => setCreated(null)} />}
    </Space>
  );
}

/** The new key's secret, shown once. */
function SecretModal({ created, onClose }: { created: ObsAccessKeySecret; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <KeySecretModal
      accessKeyId={created.accessKeyId}
      secret={created.secretAccessKey}
      texts={{
        title: t("obs.keys.secretTitle"),
        warning: t("obs.keys.secretWarning"),
        id: t("obs.keys.id"),
        secret: t("obs.keys.secret"),
        close: t("obs.keys.secretClose"),
      }}
      testId="obs-key-secret"
      onClose={onClose}
    />
  );
}

/**
 * Where S3 tools reach the buckets. Every bucket of the platform has the same endpoint and region,
 * so the first bucket's tell them; before the first bucket there is nothing to reach.
 */
function S3Endpoint() {
  const { t } = useTranslation();
  const first = useQuery({
    queryKey: ["obs", "endpoint"],
    queryFn: () => api.call(endpoints.obs.list, { query: { pageNum: 1, pageSize: 1 } }),
  });
  const bucket = first.data?.list[0];
  const location = bucket?.location;
  return (
    <Card title={t("obs.keys.endpointTitle")}>
      {location ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            {
              key: "endpoint",
              label: t("obs.fields.endpoint"),
              children: (
                <Typography.Text code copyable data-testid="obs-endpoint">
                  {location.endpoint}
                </Typography.Text>
              ),
            },
            {
              key: "region",
              label: t("obs.fields.region"),
              children: <Typography.Text code>{location.region}</Typography.Text>,
            },
            {
              key: "example",
              label: t("obs.keys.example"),
              children: (
                <Typography.Text code copyable data-testid="obs-example">
                  {`aws s3 ls s3://${bucket?.bucketName ?? ""} --endpoint-url ${location.endpoint} --region ${location.region}`}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary" data-testid="obs-endpoint-none">
          {t("obs.keys.endpointAfterBucket")}
        </Typography.Text>
      )}
    </Card>
  );
}
