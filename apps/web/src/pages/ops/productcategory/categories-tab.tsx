// Product categories (BB02): list with product counts, create, edit, delete an unused one.
import { type Category, type CategoryInput, categoryInput, endpoints } from "@skyledger/contracts";
import { Button, Form, Input, InputNumber, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { zodRule } from "../../../components/form-rules";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { catalogApi } from "../../../features/catalog/catalog-api";

export function CategoriesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedQuery("catalogCategories", endpoints.catalog.listCategories);
  const mayAct = useMayActHere();
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const [form] = Form.useForm<CategoryInput>();
  const fields = categoryInput.shape;

  return (
    <>
      {mayAct && (
        <Button
          type="primary"
          onClick={() => setEditing("new")}
          data-testid="catalog-category-create"
          style={{ marginBottom: 16 }}
        >
          {t("catalog.category.create")}
        </Button>
      )}
      <PagedTable<Category>
        rowKey="id"
        list={list}
        data-testid="catalog-categories-table"
        rowTestId={(row) => `catalog-category-${row.code}`}
        columns={[
          // The code is edited in the dialog; the list names each category in the reader's language.
          {
            title: t("catalog.fields.name"),
            render: (_, r) => (i18n.language === "en-US" ? r.nameEn : r.nameZh),
          },
          { title: t("catalog.fields.sort"), dataIndex: "sort" },
          { title: t("catalog.category.productCount"), dataIndex: "productCount" },
          {
            title: t("common.actions"),
            hidden: !mayAct,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing(row)}
                  data-testid={`catalog-category-edit-${row.code}`}
                >
                  {t("catalog.edit")}
                </Button>
                <Popconfirm
                  title={t("catalog.category.deleteConfirm", {
                    name: i18n.language === "en-US" ? row.nameEn : row.nameZh,
                  })}
                  okText={t("catalog.delete")}
                  cancelText={t("common.cancel")}
                  onConfirm={() =>
                    catalogApi.deleteCategory(row.id).then(
                      () => list.query.refetch(),
                      () => {},
                    )
                  }
                >
                  <Button type="link" size="small" danger data-testid={`catalog-category-delete-${row.code}`}>
                    {t("catalog.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<CategoryInput>
        form={form}
        open={editing !== null}
        title={t(editing === "new" ? "catalog.category.create" : "catalog.category.edit")}
        okText={t("catalog.save")}
        submitTestId="catalog-category-submit"
        resetOnSuccess
        initialValues={editing && editing !== "new" ? editing : { sort: 0 }}
        onCancel={() => setEditing(null)}
        onSubmit={async (values) => {
          await catalogApi.saveCategory(values, editing && editing !== "new" ? editing.id : undefined);
          setEditing(null);
          await list.query.refetch();
        }}
      >
        <Form.Item name="code" label={t("catalog.fields.code")} rules={[zodRule(fields.code, t)]}>
          <Input maxLength={48} data-testid="catalog-category-code" />
        </Form.Item>
        <Form.Item name="nameZh" label={t("catalog.fields.nameZh")} rules={[zodRule(fields.nameZh, t)]}>
          <Input maxLength={64} data-testid="catalog-category-name-zh" />
        </Form.Item>
        <Form.Item name="nameEn" label={t("catalog.fields.nameEn")} rules={[zodRule(fields.nameEn, t)]}>
          <Input maxLength={64} data-testid="catalog-category-name-en" />
        </Form.Item>
        <Form.Item name="sort" label={t("catalog.fields.sort")}>
          <InputNumber min={0} max={9999} data-testid="catalog-category-sort" />
        </Form.Item>
      </FormDialog>
    </>
  );
}
