// Permission configuration (`/mgt/strategy`, CH05; changes CH0501): the built-in permission sets of
// spec §6 (read-only) and the tenant's custom sets, and the catalogue of permission codes
// (identifier, description, category, source) custom sets are built from.
import { PlusOutlined, ShareAltOutlined } from "@ant-design/icons";
import { endpoints } from "@skyledger/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Input, Popconfirm, Select, Space, Tabs, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData } from "../../../components/user-data";
import { deleteSet, fetchCatalogue, iamKeys, type PermissionSetRow } from "../../../features/iam/iam-api";
import { CodeTags, IamName, SourceTag, useCan } from "../../../features/iam/iam-labels";
import { dash } from "../../../lib/format";
import { CodeCatalogue } from "./code-catalogue";
import { PermissionSetDialog } from "./permission-set-dialog";

type Source = PermissionSetRow["source"];

export function StrategyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const canWrite = useCan("CH0501");
  const [keyword, setKeyword] = useState("");
  const [source, setSource] = useState<Source | undefined>();
  const [editing, setEditing] = useState<PermissionSetRow | "new" | null>(null);
  const list = usePagedQuery("iamSets", endpoints.permissionSets.list, {
    keyword: keyword.trim(),
    source,
  });
  const catalogue = useQuery({
    queryKey: iamKeys.catalogue,
    queryFn: fetchCatalogue,
    staleTime: 10 * 60_000,
  });
  const refresh = () => {
    void list.query.refetch();
    void client.invalidateQueries({ queryKey: ["iam"] });
  };

  const remove = async (set: PermissionSetRow) => {
    try {
      await deleteSet(set.id);
      void message.success(t("iam.set.deleted", { name: set.name }));
      refresh();
    } catch {
      // The API client already showed why.
    }
  };

  const sets = (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t("iam.set.keywordPlaceholder")}
          onSearch={list.onFilter(setKeyword)}
          maxLength={64}
          style={{ width: 280 }}
          aria-label={t("iam.set.keywordPlaceholder")}
          data-testid="strategy-keyword"
        />
        <Select<Source>
          allowClear
          placeholder={t("iam.source.all")}
          value={source}
          onChange={list.onFilter(setSource)}
          options={(["builtIn", "custom"] as const).map((s) => ({ value: s, label: t(`iam.source.${s}`) }))}
          style={{ width: 140 }}
          aria-label={t("iam.source.title")}
          data-testid="strategy-source"
        />
      </Space>
      <PagedTable<PermissionSetRow>
        rowKey="id"
        list={list}
        scroll={{ x: 1300 }}
        data-testid="strategy-table"
        rowTestId={(row) => `strategy-row-${row.key ?? row.name}`}
        columns={[
          {
            title: t("iam.set.name"),
            key: "name",
            fixed: "left",
            width: 200,
            render: (_, row) => (
              <Space size={4}>
                <IamName of={row} kind="set" />
                {row.shared && (
                  <Tooltip title={t("iam.set.sharedBy", { account: row.createdByAccount ?? "-" })}>
                    <Tag icon={<ShareAltOutlined />} color="purple">
                      {t("iam.set.sharedTag")}
                    </Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t("iam.source.title"),
            key: "source",
            width: 90,
            render: (_, row) => <SourceTag builtIn={row.builtIn} />,
          },
          { title: t("iam.set.codes"), key: "codes", render: (_, row) => <CodeTags codes={row.codes} /> },
          {
            title: t("iam.set.description"),
            key: "description",
            width: 220,
            render: (_, row) =>
              row.builtIn && row.key ? (
                t(`iam.builtInSetDescriptions.${row.key}`, { defaultValue: "-" })
              ) : (
                <UserData>{dash(row.description)}</UserData>
              ),
          },
          {
            title: t("iam.set.creator"),
            dataIndex: "createdByAccount",
            width: 120,
            render: (v: string | null) => dash(v),
          },
          {
            title: t("iam.set.usage"),
            key: "usage",
            width: 140,
            render: (_, row) => t("iam.set.usageText", { groups: row.groupCount, users: row.userCount }),
          },
          ...(canWrite
            ? [
                {
                  title: t("common.actions"),
                  key: "actions",
                  fixed: "right" as const,
                  width: 140,
                  render: (_: unknown, row: PermissionSetRow) =>
                    row.mayChange ? (
                      <Space size={0}>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => setEditing(row)}
                          data-testid={`strategy-edit-${row.name}`}
                        >
                          {t("iam.set.edit")}
                        </Button>
                        <Popconfirm
                          title={t("iam.set.deleteConfirm", { name: row.name })}
                          description={
                            row.groupCount + row.userCount > 0
                              ? t("iam.set.deleteUsedWarning", {
                                  groups: row.groupCount,
                                  users: row.userCount,
                                })
                              : undefined
                          }
                          okText={t("iam.set.delete")}
                          cancelText={t("common.cancel")}
                          okButtonProps={{ danger: true, "data-testid": "strategy-delete-confirm" }}
                          onConfirm={() => remove(row)}
                        >
                          <Button type="link" size="small" danger data-testid={`strategy-delete-${row.name}`}>
                            {t("iam.set.delete")}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ) : (
                      <Typography.Text type="secondary">
                        {t(row.builtIn ? "iam.set.readOnly" : "iam.set.creatorOnly")}
                      </Typography.Text>
                    ),
                },
              ]
            : []),
        ]}
      />
    </>
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("iam.set.title")}
      </Typography.Title>
      <Card
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing("new")}
              data-testid="strategy-create"
            >
              {t("iam.set.create")}
            </Button>
          )
        }
      >
        <Tabs
          items={[
            {
              key: "sets",
              label: <span data-testid="strategy-tab-sets">{t("iam.set.tabSets")}</span>,
              children: sets,
            },
            {
              key: "codes",
              label: <span data-testid="strategy-tab-codes">{t("iam.set.tabCodes")}</span>,
              children: <CodeCatalogue query={catalogue} />,
            },
          ]}
        />
      </Card>
      {canWrite && (
        <PermissionSetDialog
          key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
          open={editing !== null}
          set={editing && editing !== "new" ? editing : undefined}
          catalogue={catalogue.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
