// The frame both network lists share (/mgt/vpc and /mgt/route): title, introduction, the simulated
// network notice, a search box and a create button over a server-paged table whose last columns
// are the creation time and a delete that asks first (shown only where the caller may delete).
import { Button, Card, Input, Space, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../components/paged-table";
import type { PagedList } from "../../components/use-paged-query";
import { formatDateTime } from "../../lib/format";
import { ConfirmDelete } from "./confirm-delete";
import { SimulatedNetworkNotice } from "./simulated-network-notice";

type Row = { id: string; name: string; createdAt: string; editable: boolean };

type Props<T extends Row> = {
  /** i18n prefix: `network.vpc` or `network.router` (title, intro, keywordPlaceholder, empty…). */
  texts: "network.vpc" | "network.router";
  /** data-testid prefix: `vpc` or `router`. */
  testPrefix: string;
  list: PagedList<T>;
  onKeyword(keyword: string): void;
  onCreate(): void;
  columns: ColumnsType<T>;
  onDelete(row: T): Promise<void>;
  scrollX: number;
};

export function NetworkList<T extends Row>({
  texts,
  testPrefix,
  list,
  onKeyword,
  onCreate,
  columns,
  onDelete,
  scrollX,
}: Props<T>) {
  const { t } = useTranslation();
  // When each row was made, and its delete (asked first) where the caller may delete it.
  const closing: ColumnsType<T> = [
    {
      key: "createdAt",
      width: 180,
      title: t("common.createdAt"),
      render: (_, row) => formatDateTime(row.createdAt),
    },
    {
      key: "actions",
      fixed: "right",
      width: 100,
      title: t("common.actions"),
      render: (_, row) =>
        row.editable && (
          <ConfirmDelete
            question={t(`${texts}.deleteConfirm`, { name: row.name })}
            label={t(`${texts}.delete`)}
            testId={`${testPrefix}-delete-${row.name}`}
            onConfirm={() => onDelete(row)}
            inRow
          />
        ),
    },
  ];
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${texts}.title`)}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`${texts}.intro`)}</Typography.Paragraph>
      <SimulatedNetworkNotice />
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Input.Search
            allowClear
            placeholder={t(`${texts}.keywordPlaceholder`)}
            aria-label={t(`${texts}.keywordPlaceholder`)}
            maxLength={64}
            onSearch={list.onFilter(onKeyword)}
            style={{ width: 300 }}
            data-testid={`${testPrefix}-keyword`}
          />
          <Button type="primary" onClick={onCreate} data-testid={`${testPrefix}-create`}>
            {t(`${texts}.create`)}
          </Button>
        </Space>
        <PagedTable<T>
          rowKey="id"
          list={list}
          emptyText={t(`${texts}.empty`)}
          scroll={{ x: scrollX }}
          data-testid={`${testPrefix}-table`}
          rowTestId={(row) => `${testPrefix}-row-${row.name}`}
          columns={[...columns, ...closing]}
        />
      </Card>
    </>
  );
}
