// /mgt/sshkeypairs (CB0117): the organisation's SSH key pairs. Create one (the private key is shown
// and downloadable once), import a public key, or delete one; the detail shows the public key.
import { endpoints, type KeyPairCreated, type KeyPairRecord } from "@skyledger/contracts";
import { App, Button, Card, Input, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { useHasCode } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { KEY_PAIRS_LIST_KEY, keyPairsApi, useRefreshKeyPairs } from "../../../features/keypairs/keypairs-api";
import { dash, formatDateTime } from "../../../lib/format";
import { KeyPairFormDialog } from "./keypair-form-dialog";
import { PrivateKeyModal } from "./private-key-modal";

export function KeyPairsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canOpenDetail = useHasCode("CB011702");
  const [keyword, setKeyword] = useState("");
  const [dialog, setDialog] = useState<"create" | "import" | null>(null);
  const [created, setCreated] = useState<KeyPairCreated | null>(null);
  const list = usePagedQuery(KEY_PAIRS_LIST_KEY, endpoints.keypairs.list, { keyword: keyword.trim() });
  const refresh = useRefreshKeyPairs();

  const remove = async (row: KeyPairRecord) => {
    await keyPairsApi.remove(row.id);
    void message.success(t("keypairs.deleted", { name: row.name }));
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("keypairs.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("keypairs.intro")}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            placeholder={t("keypairs.keywordPlaceholder")}
            aria-label={t("keypairs.keywordPlaceholder")}
            maxLength={64}
            onSearch={list.onFilter(setKeyword)}
            style={{ width: 300 }}
            data-testid="keypair-keyword"
          />
          <Space>
            <Button onClick={() => setDialog("import")} data-testid="keypair-import">
              {t("keypairs.import")}
            </Button>
            <Button type="primary" onClick={() => setDialog("create")} data-testid="keypair-create">
              {t("keypairs.create")}
            </Button>
          </Space>
        </Space>
        <PagedTable<KeyPairRecord>
          rowKey="id"
          list={list}
          emptyText={t("keypairs.empty")}
          scroll={{ x: 1100 }}
          data-testid="keypair-table"
          rowTestId={(row) => `keypair-row-${row.name}`}
          columns={[
            {
              title: t("keypairs.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 200,
              render: (v: string, row) =>
                canOpenDetail ? (
                  <Link
                    to={`/mgt/ssh/deatil/${encodeURIComponent(row.id)}`}
                    data-testid={`keypair-open-${v}`}
                  >
                    {v}
                  </Link>
                ) : (
                  v
                ),
            },
            { title: t("keypairs.fields.type"), dataIndex: "keyType", width: 170 },
            {
              title: t("keypairs.fields.fingerprint"),
              dataIndex: "fingerprint",
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            {
              title: t("keypairs.fields.project"),
              ...userDataCells,
              dataIndex: "projectName",
              width: 160,
              render: (v: string | null) => dash(v),
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              width: 180,
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 100,
              render: (_, row) => (
                <Popconfirm
                  title={t("keypairs.deleteConfirm", { name: row.name })}
                  okText={t("keypairs.delete")}
                  okButtonProps={{ danger: true, ...{ "data-testid": "keypair-delete-confirm" } }}
                  cancelText={t("common.cancel")}
                  onConfirm={() => remove(row).catch(() => {})}
                >
                  <Button type="link" size="small" danger data-testid={`keypair-delete-${row.name}`}>
                    {t("keypairs.delete")}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
      {dialog && (
        <KeyPairFormDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onCreated={(pair) => {
            setDialog(null);
            setCreated(pair);
            void refresh();
          }}
          onImported={(pair) => {
            setDialog(null);
            void message.success(t("keypairs.imported", { name: pair.name }));
            void refresh();
          }}
        />
      )}
      {created && <PrivateKeyModal created={created} onClose={() => setCreated(null)} />}
    </>
  );
}
