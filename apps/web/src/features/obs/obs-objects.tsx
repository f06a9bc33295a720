// A bucket's objects tab: the breadcrumb of the folder shown, its folders first and then its
// objects (name, size, type, modified), a page at a time ("More" reads the next), and — for users
// who may manage the bucket (CB0501) — uploading, new folders, deleting one or the selected entries
// (a folder with everything in it) and share links. Anyone who may read it downloads.

import { FileOutlined, FolderOutlined } from "@ant-design/icons";
import type { Bucket } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Breadcrumb, Button, Card, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { tableLocale } from "../../components/table-states";
import { formatDateTime } from "../../lib/format";
import { saveBlob } from "../../lib/save-blob";
import { obsApi, obsKeys, useObjects } from "./obs-api";
import { FolderDialog } from "./obs-folder-dialog";
import { folderName, humanBytes, prefixTrail } from "./obs-format";
import { ShareDialog } from "./obs-share-dialog";
import { UploadDialog } from "./obs-upload-dialog";

type Entry = {
  key: string;
  name: string;
  folder: boolean;
  size: number | null;
  contentType: string | null;
  lastModified: string | null;
};

export function ObjectBrowser({ bucket, canManage }: { bucket: Bucket; canManage: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [prefix, setPrefix] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [makingFolder, setMakingFolder] = useState(false);
  const [sharing, setSharing] = useState<string | null>(null);
  const available = bucket.status === "available";
  const listing = useObjects(bucket.id, prefix, available);
  const pages = listing.data?.pages ?? [];
  const entries: Entry[] = [
    ...pages.flatMap((p) =>
      p.folders.map((key) => ({
        key,
        name: folderName(key),
        folder: true,
        size: null,
        contentType: null,
        lastModified: null,
      })),
    ),
    ...pages.flatMap((p) => p.objects.map((o) => ({ ...o, folder: false }))),
  ];

  const open = (next: string) => {
    setSelected([]);
    setPrefix(next);
  };
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: obsKeys.objects(bucket.id, prefix) }),
      client.invalidateQueries({ queryKey: obsKeys.bucket(bucket.id) }),
    ]);
  const remove = (keys: string[]) => {
    const folders = keys.filter((k) => k.endsWith("/")).length;
    modal.confirm({
      title: t("obs.objects.deleteTitle", { n: keys.length }),
      content: (
        <>
          <Typography.Paragraph>{keys.map((k) => k.slice(prefix.length)).join(", ")}</Typography.Paragraph>
          {folders > 0 && <Typography.Text type="danger">{t("obs.objects.deleteFolders")}</Typography.Text>}
        </>
      ),
      okText: t("obs.objects.delete"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "obs-delete-confirm" } as never,
      onOk: async () => {
        const { deleted } = await obsApi.deleteObjects(bucket.id, keys);
        setSelected([]);
        void message.success(t("obs.objects.deleted", { n: deleted }));
        await refresh();
      },
    });
  };
  const download = async (entry: Entry) => {
    try {
      saveBlob(await obsApi.download(bucket.id, entry.key), entry.name);
    } catch {
      // The client showed why (the object is gone, the session ended…).
    }
  };

  return (
    <Card>
      <Space wrap style={{ width: "100%", justifyContent: "space-between", marginBottom: 12 }}>
        <Breadcrumb
          data-testid="obs-breadcrumb"
          items={[
            { key: "", name: bucket.bucketName ?? bucket.name, prefix: "" },
            ...prefixTrail(prefix).map((p) => ({ key: p.prefix, ...p })),
          ].map((p, i, all) => ({
            key: p.key,
            title:
              i === all.length - 1 ? (
                <span data-testid={`obs-crumb-${p.prefix}`}>{p.name}</span>
              ) : (
                <Typography.Link onClick={() => open(p.prefix)} data-testid={`obs-crumb-${p.prefix}`}>
                  {p.name}
                </Typography.Link>
              ),
          }))}
        />
        {canManage && (
          <Space wrap>
            <Button
              type="primary"
              disabled={!available}
              onClick={() => setUploading(true)}
              data-testid="obs-upload"
            >
              {t("obs.objects.upload")}
            </Button>
            <Button disabled={!available} onClick={() => setMakingFolder(true)} data-testid="obs-new-folder">
              {t("obs.objects.newFolder")}
            </Button>
            <Button
              danger
              disabled={selected.length === 0}
              onClick={() => remove(selected)}
              data-testid="obs-delete-selected"
            >
              {t("obs.objects.deleteSelected", { n: selected.length })}
            </Button>
          </Space>
        )}
      </Space>
      {!available && (
        <Typography.Paragraph type="secondary" data-testid="obs-objects-unavailable">
          {t("obs.objects.unavailable")}
        </Typography.Paragraph>
      )}
      <Table<Entry>
        rowKey="key"
        size="small"
        dataSource={entries}
        loading={listing.isFetching}
        pagination={false}
        locale={tableLocale(listing, t, t("obs.objects.empty"))}
        onRow={(row) => ({ "data-testid": `obs-entry-${row.name}` }) as never}
        rowSelection={
          canManage
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
            : undefined
        }
        columns={[
          {
            title: t("obs.objects.name"),
            key: "name",
            render: (_, row) =>
              row.folder ? (
                <Typography.Link onClick={() => open(row.key)} data-testid={`obs-open-folder-${row.name}`}>
                  <FolderOutlined /> {row.name}/
                </Typography.Link>
              ) : (
                <span>
                  <FileOutlined /> {row.name}
                </span>
              ),
          },
          {
            title: t("obs.objects.size"),
            key: "size",
            width: 110,
            render: (_, row) => (row.size === null ? "-" : humanBytes(row.size)),
          },
          {
            title: t("obs.objects.type"),
            key: "type",
            width: 180,
            render: (_, row) => (row.folder ? t("obs.objects.folder") : (row.contentType ?? "-")),
          },
          {
            title: t("obs.objects.modified"),
            key: "modified",
            width: 170,
            render: (_, row) => formatDateTime(row.lastModified),
          },
          {
            title: t("common.actions"),
            key: "actions",
            width: 230,
            render: (_, row) => (
              <Space size={0}>
                {!row.folder && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void download(row)}
                    data-testid={`obs-download-${row.name}`}
                  >
                    {t("obs.objects.download")}
                  </Button>
                )}
                {!row.folder && canManage && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setSharing(row.key)}
                    data-testid={`obs-share-${row.name}`}
                  >
                    {t("obs.objects.share")}
                  </Button>
                )}
                {canManage && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => remove([row.key])}
                    data-testid={`obs-delete-${row.name}`}
                  >
                    {t("obs.objects.delete")}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {listing.hasNextPage && (
        <div style={{ textAlign: "center", marginTop: 12 }}>
          <Button
            loading={listing.isFetchingNextPage}
            onClick={() => void listing.fetchNextPage()}
            data-testid="obs-objects-more"
          >
            {t("obs.objects.more")}
          </Button>
        </div>
      )}
      {uploading && (
        <UploadDialog
          bucketId={bucket.id}
          prefix={prefix}
          onClose={() => {
            setUploading(false);
            void refresh();
          }}
        />
      )}
      {makingFolder && (
        <FolderDialog
          bucketId={bucket.id}
          prefix={prefix}
          onClose={() => setMakingFolder(false)}
          onDone={() => {
            setMakingFolder(false);
            void refresh();
          }}
        />
      )}
      {sharing && <ShareDialog bucketId={bucket.id} objectKey={sharing} onClose={() => setSharing(null)} />}
    </Card>
  );
}
