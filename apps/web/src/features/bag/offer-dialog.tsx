// Defines or edits a package offer: a discount package (discount, products) or a resource package
// (product, priced dimension, unit-hours), its validity in months and its price. The server checks
// the products and dimension against the catalogue; its refusals stay in the dialog. Products and
// dimensions are picked from the catalogue: every product, and the priced dimensions of the one chosen.
import {
  dimensionName,
  endpoints,
  type PackageOffer,
  type PackageOfferInput,
  PREPAID_PERIODS,
  type Product,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Form, Input, InputNumber, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/form-dialog";
import { YuanInput } from "../../components/yuan-input";
import { api } from "../../lib/api-client";
import { cleanAmount } from "../../lib/money";
import { catalogApi } from "../catalog/catalog-api";
import { bagApi } from "./bag-api";

type Values = {
  code: string;
  nameZh: string;
  nameEn: string;
  kind: PackageOffer["kind"];
  discount?: string;
  productCodes?: string[];
  productCode?: string;
  dimension?: string;
  unitHours?: number;
  validityMonths: number;
  price: string;
};

type Props = { offer: PackageOffer | null; open: boolean; onClose(): void; onSaved(): void };

const initial = (o: PackageOffer | null): Partial<Values> =>
  o
    ? {
        code: o.code,
        nameZh: o.nameZh,
        nameEn: o.nameEn,
        kind: o.kind,
        discount: o.discount ?? "",
        productCodes: o.productCodes,
        ...(o.productCode ? { productCode: o.productCode } : {}),
        ...(o.dimension ? { dimension: o.dimension } : {}),
        ...(o.unitHours ? { unitHours: o.unitHours } : {}),
        validityMonths: o.validityMonths,
        price: o.price,
      }
    : { kind: "discount", productCodes: [], validityMonths: 1, price: "" };

/** Every product of the catalogue, and the priced dimensions of the chosen one with their names. */
function useProductChoices(productCode: string | undefined, language: string) {
  const products = useQuery({
    queryKey: ["ops", "bagOfferProducts"],
    queryFn: () => api.call(endpoints.catalog.listProducts, { query: { pageSize: 200 } }),
  });
  const list = products.data?.list ?? [];
  const chosen = list.find((p) => p.code === productCode);
  const pricing = useQuery({
    queryKey: ["ops", "bagOfferPricing", chosen?.id],
    queryFn: () => catalogApi.pricing(chosen!.id),
    enabled: chosen !== undefined,
  });
  const name = (p: Product) => (language === "en-US" ? p.nameEn : p.nameZh);
  return {
    products: list.map((p) => ({ value: p.code, label: `${name(p)} (${p.code})` })),
    dimensions: (pricing.data?.dimensions ?? []).map((d) => {
      const named = chosen ? dimensionName(chosen.spec, d) : undefined;
      return { value: d, label: named ? `${named} (${d})` : d };
    }),
  };
}

export function OfferDialog({ offer, open, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch("kind", form) ?? offer?.kind ?? "discount";
  const productCode = Form.useWatch("productCode", form) ?? offer?.productCode ?? undefined;
  const choices = useProductChoices(productCode, i18n.language);

  const submit = async (v: Values) => {
    const body: PackageOfferInput = {
      code: v.code.trim(),
      nameZh: v.nameZh.trim(),
      nameEn: v.nameEn.trim(),
      kind: v.kind,
      discount: v.kind === "discount" ? (v.discount ?? "").trim() : null,
      productCodes: v.kind === "discount" ? (v.productCodes ?? []) : [],
      productCode: v.kind === "resource" ? (v.productCode ?? null) : null,
      dimension: v.kind === "resource" ? (v.dimension ?? null) : null,
      unitHours: v.kind === "resource" ? (v.unitHours ?? null) : null,
      validityMonths: v.validityMonths,
      price: cleanAmount(v.price),
    };
    if (offer) await bagApi.updateOffer(offer.id, body);
    else await bagApi.createOffer(body);
    onSaved();
  };

  const required = [{ required: true, message: t("validation.required") }];
  return (
    <FormDialog<Values>
      form={form}
      open={open}
      title={t(offer ? "bag.ops.editTitle" : "bag.ops.createTitle")}
      okText={t("bag.ops.save")}
      submitTestId="bag-offer-submit"
      refusalTestId="bag-offer-error"
      onSubmit={submit}
      onCancel={onClose}
      initialValues={initial(offer)}
      resetOnSuccess
      width={560}
    >
      <Form.Item name="code" label={t("bag.fields.code")} rules={required}>
        <Input maxLength={48} data-testid="bag-offer-code" />
      </Form.Item>
      <Form.Item name="nameZh" label={t("bag.fields.nameZh")} rules={required}>
        <Input maxLength={64} data-testid="bag-offer-name-zh" />
      </Form.Item>
      <Form.Item name="nameEn" label={t("bag.fields.nameEn")} rules={required}>
        <Input maxLength={64} data-testid="bag-offer-name-en" />
      </Form.Item>
      <Form.Item name="kind" label={t("bag.fields.kind")}>
        <Radio.Group
          data-testid="bag-offer-kind"
          options={[
            { value: "discount", label: t("bag.kind.discount") },
            { value: "resource", label: t("bag.kind.resource") },
          ]}
        />
      </Form.Item>
      {kind === "discount" ? (
        <>
          <Form.Item name="discount" label={t("bag.fields.discount")} rules={required}>
            <Input placeholder="0.80" data-testid="bag-offer-discount" />
          </Form.Item>
          <Form.Item
            name="productCodes"
            label={t("bag.fields.productCodes")}
            extra={t("bag.ops.productCodesHelp")}
          >
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={choices.products}
              data-testid="bag-offer-products"
            />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="productCode" label={t("bag.fields.productCode")} rules={required}>
            <Select
              showSearch
              optionFilterProp="label"
              options={choices.products}
              onChange={() => form.setFieldValue("dimension", undefined)}
              data-testid="bag-offer-product"
            />
          </Form.Item>
          <Form.Item
            name="dimension"
            label={t("bag.fields.dimension")}
            extra={t("bag.ops.dimensionHelp")}
            rules={required}
          >
            <Select options={choices.dimensions} data-testid="bag-offer-dimension" />
          </Form.Item>
          <Form.Item
            name="unitHours"
            label={t("bag.fields.unitHours")}
            extra={t("bag.ops.unitHoursHelp")}
            rules={required}
          >
            <InputNumber min={1} precision={0} style={{ width: "100%" }} data-testid="bag-offer-unit-hours" />
          </Form.Item>
        </>
      )}
      <Form.Item name="validityMonths" label={t("bag.fields.validityMonths")}>
        <Select
          data-testid="bag-offer-months"
          options={PREPAID_PERIODS.map((m) => ({ value: m, label: t("bag.months", { count: m }) }))}
        />
      </Form.Item>
      <Form.Item name="price" label={t("bag.fields.price")} rules={required}>
        <YuanInput data-testid="bag-offer-price" />
      </Form.Item>
    </FormDialog>
  );
}
