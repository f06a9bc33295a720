// Creates or edits a product: names, category, provider, billing modes, approval flow, manual
// activation, billing policies and its specification schema — an HPC or AI pool's in fields (pool
// type, cluster, partition, limits), an object storage product's as its storage classes, a
// bare-metal product's as its flavours and images, any other kind's as JSON checked against the
// contracts' schema.
import {
  APPROVAL_FLOWS,
  CLOUD_ENVS,
  PREPAID_PERIODS,
  type Product,
  type ProductInput,
  productInput,
  type SpecSchema,
  STORAGE_CLASSES,
  type StorageClass,
  specSchema,
} from "@skyledger/contracts";
import { Checkbox, Form, Input, Radio, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog";
import { issueText, zodRule } from "../../../components/form-rules";
import {
  BMS_SAMPLE,
  BmsProductSpecFields,
  type BmsSpecValues,
  bmsSpecOf,
  bmsSpecValues,
} from "../../../features/catalog/bms-product-spec";
import { catalogApi, useCatalogChoices } from "../../../features/catalog/catalog-api";
import {
  HpcSpecFields,
  type HpcSpecValues,
  hpcSpecOf,
  hpcSpecValues,
} from "../../../features/catalog/hpc-pool-spec";

/**
 * An HPC or AI pool is described in fields, object storage by its storage classes, bare metal by
 * its flavours and images; every other kind as JSON.
 */
type SpecMode = "hpcPool" | "bucket" | "bareMetal" | "json";
type Values = Omit<ProductInput, "spec"> & {
  specMode: SpecMode;
  specJson: string;
  hpc?: HpcSpecValues;
  storageClasses?: StorageClass[];
  bms?: BmsSpecValues;
};

const modeOf = (spec: SpecSchema | undefined): SpecMode =>
  spec?.kind === "hpcPool" || spec?.kind === "bucket" || spec?.kind === "bareMetal" ? spec.kind : "json";

const SAMPLE_SPEC = {
  kind: "host",
  flavors: [{ id: "c2m4", name: "2 vCPU / 4 GB", vcpu: 2, memoryGb: 4, gpuCount: 0, gpuModel: "" }],
  images: [{ id: "ubuntu-22.04", name: "Ubuntu 22.04" }],
  systemDiskGb: 50,
};

type Props = { product: Product | "new" | null; onClose(): void; onSaved(): void };

export function ProductDialog({ product, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { categories, policies } = useCatalogChoices();
  const editing = product && product !== "new" ? product : null;
  const fields = productInput.shape;
  const required = [{ required: true, message: t("validation.required") }];
  const specMode = (Form.useWatch("specMode", form) ?? modeOf(editing?.spec)) as SpecMode;

  return (
    <FormDialog<Values>
      form={form}
      open={product !== null}
      title={t(editing ? "catalog.product.edit" : "catalog.product.create")}
      okText={t("catalog.save")}
      submitTestId="catalog-product-submit"
      refusalTestId="catalog-product-refusal"
      resetOnSuccess
      width={720}
      initialValues={
        editing
          ? {
              ...editing,
              specMode: modeOf(editing.spec),
              specJson: JSON.stringify(editing.spec, null, 2),
              ...(editing.spec.kind === "hpcPool" ? { hpc: hpcSpecValues(editing.spec) } : {}),
              ...(editing.spec.kind === "bucket" ? { storageClasses: [...editing.spec.storageClasses] } : {}),
              bms: editing.spec.kind === "bareMetal" ? bmsSpecValues(editing.spec) : BMS_SAMPLE,
            }
          : {
              specMode: "json",
              provider: "simulator",
              prepaidPeriods: [...PREPAID_PERIODS],
              postpaid: true,
              approvalFlow: "none",
              manualActivation: false,
              billingPolicyIds: [],
              specJson: JSON.stringify(SAMPLE_SPEC, null, 2),
              bms: BMS_SAMPLE,
            }
      }
      onCancel={onClose}
      onSubmit={async ({ specMode: mode, specJson, hpc, storageClasses, bms, ...values }) => {
        const spec =
          mode === "hpcPool"
            ? hpcSpecOf(hpc ?? {})
            : mode === "bucket"
              ? { kind: "bucket" as const, storageClasses: storageClasses ?? [] }
              : mode === "bareMetal"
                ? bmsSpecOf(bms ?? {})
                : JSON.parse(specJson);
        await catalogApi.saveProduct({ ...values, spec }, editing?.id);
        onSaved();
      }}
    >
      <Form.Item name="code" label={t("catalog.fields.code")} rules={[zodRule(fields.code, t)]}>
        <Input maxLength={48} data-testid="catalog-product-code" />
      </Form.Item>
      <Form.Item name="nameZh" label={t("catalog.fields.nameZh")} rules={[zodRule(fields.nameZh, t)]}>
        <Input maxLength={64} data-testid="catalog-product-name-zh" />
      </Form.Item>
      <Form.Item name="nameEn" label={t("catalog.fields.nameEn")} rules={[zodRule(fields.nameEn, t)]}>
        <Input maxLength={64} data-testid="catalog-product-name-en" />
      </Form.Item>
      <Form.Item name="categoryId" label={t("catalog.fields.category")} rules={required}>
        <Select
          data-testid="catalog-product-category"
          options={categories.map((c) => ({
            value: c.id,
            label: i18n.language === "en-US" ? c.nameEn : c.nameZh,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="provider"
        label={t("catalog.product.provider")}
        extra={t("catalog.product.providerHint")}
      >
        <Select
          data-testid="catalog-product-provider"
          options={CLOUD_ENVS.map((value) => ({ value, label: t(`catalog.cloudEnv.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="prepaidPeriods" label={t("catalog.product.prepaidPeriods")}>
        <Checkbox.Group
          data-testid="catalog-product-periods"
          options={PREPAID_PERIODS.map((m) => ({ value: m, label: t("catalog.periodMonths", { count: m }) }))}
        />
      </Form.Item>
      <Form.Item name="postpaid" label={t("catalog.product.postpaid")} valuePropName="checked">
        <Switch data-testid="catalog-product-postpaid" />
      </Form.Item>
      <Form.Item name="approvalFlow" label={t("catalog.product.approvalFlow")}>
        <Select
          data-testid="catalog-product-approval"
          options={APPROVAL_FLOWS.map((value) => ({ value, label: t(`catalog.approvalFlow.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="manualActivation"
        label={t("catalog.product.manualActivation")}
        extra={t("catalog.product.manualActivationHint")}
        valuePropName="checked"
      >
        <Switch data-testid="catalog-product-manual-activation" />
      </Form.Item>
      <Form.Item name="billingPolicyIds" label={t("catalog.product.policies")}>
        <Select
          mode="multiple"
          data-testid="catalog-product-policies"
          options={policies.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="specMode" label={t("catalog.product.specMode")}>
        <Radio.Group optionType="button" data-testid="catalog-product-spec-mode">
          <Radio value="json" data-testid="catalog-product-spec-mode-json">
            {t("catalog.product.specModeJson")}
          </Radio>
          <Radio value="hpcPool" data-testid="catalog-product-spec-mode-hpc">
            {t("catalog.product.specModeHpc")}
          </Radio>
          <Radio value="bucket" data-testid="catalog-product-spec-mode-bucket">
            {t("catalog.product.specModeBucket")}
          </Radio>
          <Radio value="bareMetal" data-testid="catalog-product-spec-mode-bms">
            {t("catalog.product.specModeBareMetal")}
          </Radio>
        </Radio.Group>
      </Form.Item>
      {specMode === "hpcPool" && <HpcSpecFields name="hpc" />}
      {specMode === "bareMetal" && <BmsProductSpecFields name="bms" />}
      {specMode === "bucket" && (
        <Form.Item
          name="storageClasses"
          label={t("catalog.product.storageClasses")}
          extra={t("catalog.product.storageClassesHint")}
          rules={[{ required: true, type: "array", min: 1, message: t("validation.required") }]}
        >
          <Checkbox.Group
            data-testid="catalog-product-storage-classes"
            options={STORAGE_CLASSES.map((c) => ({ value: c, label: t(`obs.storageClass.${c}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        hidden={specMode !== "json"}
        name="specJson"
        label={t("catalog.product.spec")}
        extra={t("catalog.product.specHint")}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (form.getFieldValue("specMode") !== "json") return;
              let parsed: unknown;
              try {
                parsed = JSON.parse(String(value ?? ""));
              } catch {
                throw new Error(t("catalog.product.specNotJson"));
              }
              const result = specSchema.safeParse(parsed);
              if (!result.success) {
                const issue = result.error.issues[0];
                const where = issue?.path.join(".") ?? "";
                throw new Error(`${where ? `${where}: ` : ""}${issueText(issue?.message, t)}`);
              }
            },
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: 8, maxRows: 20 }}
          spellCheck={false}
          data-testid="catalog-product-spec"
        />
      </Form.Item>
    </FormDialog>
  );
}
