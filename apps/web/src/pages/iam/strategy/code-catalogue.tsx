// The permission codes a custom set can hold (spec §3 permission: identifier, description,
// category, source).
import type { UseQueryResult } from "@tanstack/react-query";
import { Table } from "antd";
import { useTranslation } from "react-i18next";
import { tableLocale } from "../../../components/table-states";
import type { PermissionCatalogueItem } from "../../../features/iam/iam-api";
import { SourceTag } from "../../../features/iam/iam-labels";

export function CodeCatalogue({ query }: { query: UseQueryResult<PermissionCatalogueItem[]> }) {
  const { t, i18n } = useTranslation();
  return (
    <Table<PermissionCatalogueItem>
      rowKey="code"
      size="small"
      loading={query.isFetching}
      dataSource={query.data ?? []}
      locale={tableLocale(query, t)}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      data-testid="strategy-codes-table"
      columns={[
        {
          title: t("iam.code.identifier"),
          dataIndex: "code",
          width: 140,
          render: (code: string) => <code>{code}</code>,
        },
        {
          title: t("iam.code.description"),
          key: "description",
          render: (_, item) => (i18n.language === "zh-CN" ? item.descriptionZh : item.descriptionEn),
        },
        {
          title: t("iam.code.category"),
          dataIndex: "category",
          width: 180,
          render: (category: string) => t(`menu.group.${category}`),
        },
        { title: t("iam.source.title"), key: "source", width: 100, render: () => <SourceTag builtIn /> },
      ]}
    />
  );
}
