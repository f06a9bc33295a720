// The caller's access keys (CH06): create (secret shown once), enable, disable, delete, CSV list.
import { ACCESS_KEY_LIMIT, type AccessKeyCreated, type AccessKeyRow } from "@skyledger/contracts";
import { Alert, App, Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { userDataCells } from "../../../components/user-data";
import {
  deleteAccessKey,
  disableAccessKey,
  downloadAccessKeys,
  enableAccessKey,
  refreshAccessKeys,
  useAccessKeys,
} from "../../../features/access-keys/access-keys-api";
import { dash, formatDateTime } from "../../../lib/format";
import { saveBlob } from "../../../lib/save-blob";
import { AccessKeyCreateDialog } from "./access-key-create-dialog";
import { AccessKeySecretModal } from "./access-key-secret-modal";

export function AccessKeysCard({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const keys = useAccessKeys(allowed);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AccessKeyCreated | null>(null);
  const [downloading, setDownloading] = useState(false);

  if (!allowed) {
    return (
      <Alert
        type="info"
        showIcon
        title={t("profile.accessKeys.noPermission")}
        data-testid="accesskey-no-permission"
      />
    );
  }

  const rows = keys.data?.list ?? [];
  const full = (keys.data?.total ?? 0) >= ACCESS_KEY_LIMIT;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(t(done));
    } catch {
      // The API client already showed why.
    } finally {
      await refreshAccessKeys();
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadAccessKeys(), "access-keys.csv");
    } catch {
      // Reported by the API client.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t("profile.accessKeys.hint", { max: ACCESS_KEY_LIMIT })}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          disabled={full}
          onClick={() => setCreating(true)}
          data-testid="accesskey-create"
        >
          {t("profile.accessKeys.create")}
        </Button>
        <Button onClick={() => void download()} loading={downloading} data-testid="accesskey-download">
          {t("profile.accessKeys.download")}
        </Button>
      </Space>
      {full && (
        <Alert
          type="warning"
          showIcon
          title={t("profile.accessKeys.limitReached", { max: ACCESS_KEY_LIMIT })}
        />
      )}
      <Table<AccessKeyRow>
        rowKey="accessKeyId"
        size="middle"
        loading={keys.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 960 }}
        data-testid="accesskey-table"
        onRow={(row) =>
          ({ "data-testid": `accesskey-row-${row.accessKeyId}`, "data-status": row.status }) as object
        }
        columns={[
          {
            title: t("profile.accessKeys.columns.id"),
            dataIndex: "accessKeyId",
            render: (id: string) => (
              <Typography.Text code copyable>
                {id}
              </Typography.Text>
            ),
          },
          {
            title: t("profile.accessKeys.columns.description"),
            ...userDataCells,
            dataIndex: "description",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("profile.accessKeys.columns.status"),
            dataIndex: "status",
            render: (status: AccessKeyRow["status"]) => (
              <Tag color={status === "enabled" ? "success" : "default"}>
                {t(`profile.accessKeys.status.${status}`)}
              </Tag>
            ),
          },
          {
            title: t("profile.accessKeys.columns.createdAt"),
            dataIndex: "createdAt",
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t("profile.accessKeys.columns.lastUsedAt"),
            dataIndex: "lastUsedAt",
            render: (v: string | null) => (v ? formatDateTime(v) : t("profile.accessKeys.never")),
          },
          {
            title: t("profile.accessKeys.columns.lastUsedIp"),
            dataIndex: "lastUsedIp",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            render: (_, row) => (
              <Space size={0}>
                {row.status === "enabled" ? (
                  <Popconfirm
                    title={t("profile.accessKeys.disableConfirm", { id: row.accessKeyId })}
                    okText={t("profile.accessKeys.disable")}
                    cancelText={t("common.cancel")}
                    onConfirm={() =>
                      act(() => disableAccessKey(row.accessKeyId), "profile.accessKeys.disabled")
                    }
                  >
                    <Button type="link" size="small" data-testid="accesskey-disable">
                      {t("profile.accessKeys.disable")}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      void act(() => enableAccessKey(row.accessKeyId), "profile.accessKeys.enabled")
                    }
                    data-testid="accesskey-enable"
                  >
                    {t("profile.accessKeys.enable")}
                  </Button>
                )}
                <Popconfirm
                  title={t("profile.accessKeys.deleteConfirm", { id: row.accessKeyId })}
                  okText={t("profile.accessKeys.delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("common.cancel")}
                  onConfirm={() => act(() => deleteAccessKey(row.accessKeyId), "profile.accessKeys.deleted")}
                >
                  <Button type="link" size="small" danger data-testid="accesskey-delete">
                    {t("profile.accessKeys.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {creating && (
        <AccessKeyCreateDialog
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
            void refreshAccessKeys();
          }}
        />
      )}
      {created && <AccessKeySecretModal created={created} onClose={() => setCreated(null)} />}
    </Space>
  );
}
