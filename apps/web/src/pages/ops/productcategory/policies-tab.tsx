// Billing policies (BB02): name, category, frequency, method, cloud environment and refund reading.
import {
  BILLING_FREQUENCIES,
  BILLING_METHODS,
  type BillingPolicy,
  type BillingPolicyInput,
  CLOUD_ENVS,
  endpoints,
  REFUND_READINGS,
} from "@skyledger/contracts";
import { Button, Form, Input, Popconfirm, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { catalogApi, useCatalogChoices } from "../../../features/catalog/catalog-api";

export function PoliciesTab() {
  const { t, i18n } = useTranslation();
  const list = usePagedQuery("catalogPolicies", endpoints.catalog.listBillingPolicies);
  const { categories } = useCatalogChoices();
  const mayAct = useMayActHere();
  const [editing, setEditing] = useState<BillingPolicy | "new" | null>(null);
  const [form] = Form.useForm<BillingPolicyInput>();
  const required = [{ required: true, message: t("validation.required") }];
  const options = (values: readonly string[], label: (value: string) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <>
      {mayAct && (
        <Button
          type="primary"
          onClick={() => setEditing("new")}
          data-testid="catalog-policy-create"
          style={{ marginBottom: 16 }}
        >
          {t("catalog.policy.create")}
        </Button>
      )}
      <PagedTable<BillingPolicy>
        rowKey="id"
        list={list}
        data-testid="catalog-policies-table"
        columns={[
          { title: t("catalog.fields.name"), dataIndex: "name" },
          {
            title: t("catalog.fields.category"),
            render: (_, r) => {
              const c = categories.find((x) => x.id === r.categoryId);
              return c ? (i18n.language === "en-US" ? c.nameEn : c.nameZh) : "";
            },
          },
          { title: t("catalog.policy.frequency"), render: (_, r) => t(`catalog.frequency.${r.frequency}`) },
          { title: t("catalog.policy.method"), render: (_, r) => t(`catalog.method.${r.method}`) },
          { title: t("catalog.policy.cloudEnv"), render: (_, r) => t(`catalog.cloudEnv.${r.cloudEnv}`) },
          {
            title: t("catalog.policy.refundReading"),
            render: (_, r) => t(`catalog.refundReading.${r.refundReading}`),
          },
          {
            title: t("common.actions"),
            hidden: !mayAct,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing(row)}
                  data-testid={`catalog-policy-edit-${row.id}`}
                >
                  {t("catalog.edit")}
                </Button>
                <Popconfirm
                  title={t("catalog.policy.deleteConfirm", { name: row.name })}
                  okText={t("catalog.delete")}
                  cancelText={t("common.cancel")}
                  onConfirm={() =>
                    catalogApi.deletePolicy(row.id).then(
                      () => list.query.refetch(),
                      () => {},
                    )
                  }
                >
                  <Button type="link" size="small" danger data-testid={`catalog-policy-delete-${row.id}`}>
                    {t("catalog.delete")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormDialog<BillingPolicyInput>
        form={form}
        open={editing !== null}
        title={t(editing === "new" ? "catalog.policy.create" : "catalog.policy.edit")}
        okText={t("catalog.save")}
        submitTestId="catalog-policy-submit"
        resetOnSuccess
        initialValues={
          editing && editing !== "new"
            ? editing
            : { frequency: "monthly", method: "prepaid", cloudEnv: "simulator", refundReading: "byMonth" }
        }
        onCancel={() => setEditing(null)}
        onSubmit={async (values) => {
          await catalogApi.savePolicy(values, editing && editing !== "new" ? editing.id : undefined);
          setEditing(null);
          await list.query.refetch();
        }}
      >
        <Form.Item name="name" label={t("catalog.fields.name")} rules={required}>
          <Input maxLength={64} data-testid="catalog-policy-name" />
        </Form.Item>
        <Form.Item name="categoryId" label={t("catalog.fields.category")} rules={required}>
          <Select
            data-testid="catalog-policy-category"
            options={categories.map((c) => ({
              value: c.id,
              label: i18n.language === "en-US" ? c.nameEn : c.nameZh,
            }))}
          />
        </Form.Item>
        <Form.Item name="method" label={t("catalog.policy.method")} extra={t("catalog.policy.methodHint")}>
          <Select
            data-testid="catalog-policy-method"
            options={options(BILLING_METHODS, (v) => t(`catalog.method.${v}`))}
          />
        </Form.Item>
        <Form.Item name="frequency" label={t("catalog.policy.frequency")}>
          <Select
            data-testid="catalog-policy-frequency"
            options={options(BILLING_FREQUENCIES, (v) => t(`catalog.frequency.${v}`))}
          />
        </Form.Item>
        <Form.Item name="cloudEnv" label={t("catalog.policy.cloudEnv")}>
          <Select
            data-testid="catalog-policy-cloud-env"
            options={options(CLOUD_ENVS, (v) => t(`catalog.cloudEnv.${v}`))}
          />
        </Form.Item>
        <Form.Item name="refundReading" label={t("catalog.policy.refundReading")}>
          <Select
            data-testid="catalog-policy-refund"
            options={options(REFUND_READINGS, (v) => t(`catalog.refundReading.${v}`))}
          />
        </Form.Item>
      </FormDialog>
    </>
  );
}
