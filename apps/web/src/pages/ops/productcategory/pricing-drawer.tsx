// A product's pricing configuration: the saved rows (edit, remove), new rows added one at a time
// (the previous row complete first, at most 10 per save) and the price-inquiry preview.
import {
  dimensionName,
  MAX_PRICING_ROWS_PER_ADD,
  OBS_REQUESTS_DIMENSION,
  type PricingRow,
  type Product,
  STORAGE_CLASSES,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Drawer, Select, Space, Table, Typography } from "antd";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayActHere } from "../../../components/require-org";
import { YuanInput } from "../../../components/yuan-input";
import { catalogApi } from "../../../features/catalog/catalog-api";
import {
  addRowEnabled,
  type DraftRow,
  emptyRow,
  rowsSavable,
  toRowInput,
} from "../../../features/catalog/pricing-rows";
import { PricePreview } from "./price-preview";

type Props = { product: Product | null; onClose(): void; onChanged(): void };

/** An object storage product's dimensions: each storage class's GB-month, and requests per 10,000. */
function bucketDimensionName(dimension: string, t: TFunction): string {
  if (dimension === OBS_REQUESTS_DIMENSION) return t("catalog.pricing.bucketRequestsDimension");
  const storageClass = dimension.replace(/^storage:/, "");
  if (!(STORAGE_CLASSES as readonly string[]).includes(storageClass)) return dimension;
  return t("catalog.pricing.bucketStorageDimension", { class: t(`obs.storageClass.${storageClass}`) });
}

export function PricingDrawer({ product, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  // Operators read the flavour's, disk type's or option's name; bandwidth is the elastic IP's only
  // item; an HPC pool's are core-hours, GPU-hours (priced per hour) or nodes (per month).
  const hpcPool = product?.spec.kind === "hpcPool";
  const nameOf = (dimension: string) =>
    (product && dimensionName(product.spec, dimension)) ??
    (dimension === "bandwidth"
      ? t("catalog.pricing.bandwidthDimension")
      : hpcPool
        ? t(`catalog.pricing.hpcDimension.${dimension}`, { defaultValue: dimension })
        : product?.spec.kind === "aiPlatform"
          ? t("catalog.pricing.platformDimension")
          : product?.spec.kind === "bucket"
            ? bucketDimensionName(dimension, t)
            : dimension);
  const pricing = useQuery({
    queryKey: ["ops", "catalogPricing", product?.id],
    queryFn: () => catalogApi.pricing(product!.id),
    enabled: !!product,
  });
  const [drafts, setDrafts] = useState<DraftRow[]>([]);
  // The auditor reads the rows; adding, editing and previewing prices are catalogue actions.
  const mayAct = useMayActHere();
  const [edits, setEdits] = useState<Record<string, DraftRow>>({});
  const saved = pricing.data?.rows ?? [];
  const taken = new Set([...saved.map((r) => r.dimension), ...drafts.map((d) => d.dimension)]);
  const free = (current?: string | null) =>
    (pricing.data?.dimensions ?? []).filter((d) => d === current || !taken.has(d));

  const refresh = async () => {
    await pricing.refetch();
    onChanged();
  };
  const patch = (i: number, change: Partial<DraftRow>) =>
    setDrafts((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const rowEditor = (
    row: DraftRow,
    change: (c: Partial<DraftRow>) => void,
    testId: string,
    dimensions: string[],
  ) => (
    <Space wrap data-testid={testId}>
      <Select
        style={{ width: 200 }}
        placeholder={t("catalog.pricing.dimension")}
        value={row.dimension ?? undefined}
        onChange={(dimension) => change({ dimension })}
        options={dimensions.map((d) => ({ value: d, label: nameOf(d) }))}
        data-testid={`${testId}-dimension`}
      />
      <Select
        style={{ width: 150 }}
        value={row.model ?? "unit"}
        onChange={(model) => change({ model })}
        options={[
          { value: "unit", label: t("catalog.pricing.model.unit") },
          { value: "base_plus_unit", label: t("catalog.pricing.model.base_plus_unit") },
        ]}
        data-testid={`${testId}-model`}
      />
      {row.model === "base_plus_unit" && (
        <YuanInput
          style={{ width: 130 }}
          placeholder={t("catalog.pricing.basePrice")}
          value={row.basePrice ?? ""}
          onChange={(e) => change({ basePrice: e.target.value })}
          data-testid={`${testId}-base`}
        />
      )}
      <YuanInput
        style={{ width: 130 }}
        placeholder={t("catalog.pricing.unitPrice")}
        value={row.unitPrice ?? ""}
        onChange={(e) => change({ unitPrice: e.target.value })}
        data-testid={`${testId}-unit`}
      />
      <YuanInput
        style={{ width: 130 }}
        placeholder={t("catalog.pricing.configurationFee")}
        value={row.configurationFee ?? ""}
        onChange={(e) => change({ configurationFee: e.target.value })}
        data-testid={`${testId}-fee`}
      />
      <YuanInput
        prefix={null}
        style={{ width: 110 }}
        placeholder={t("catalog.pricing.discount")}
        value={row.discount ?? ""}
        onChange={(e) => change({ discount: e.target.value })}
        data-testid={`${testId}-discount`}
      />
    </Space>
  );

  const savedColumns = [
    {
      title: t("catalog.pricing.row"),
      render: (_: unknown, r: PricingRow) =>
        edits[r.id] ? (
          rowEditor(
            edits[r.id]!,
            (c) => setEdits((e) => ({ ...e, [r.id]: { ...e[r.id]!, ...c } })),
            `catalog-pricing-edit-${r.dimension}`,
            free(r.dimension),
          )
        ) : (
          <span data-testid={`catalog-pricing-row-${r.dimension}`}>
            {nameOf(r.dimension)} · {t(`catalog.pricing.model.${r.model}`)} ·{" "}
            {r.model === "base_plus_unit" ? `¥${r.basePrice} + ` : ""}¥{r.unitPrice} × N
            {r.configurationFee !== "0.00000" ? ` + ¥${r.configurationFee}` : ""}
            {r.discount ? ` · ${t("catalog.pricing.discount")} ${r.discount}` : ""}
          </span>
        ),
    },
    {
      title: t("common.actions"),
      width: 160,
      hidden: !mayAct,
      render: (_: unknown, r: PricingRow) =>
        edits[r.id] ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              disabled={!rowsSavable([edits[r.id]!])}
              data-testid={`catalog-pricing-save-${r.dimension}`}
              onClick={() =>
                catalogApi.updateRow(product!.id, r.id, toRowInput(edits[r.id]!)).then(
                  async () => {
                    setEdits(({ [r.id]: _done, ...rest }) => rest);
                    await refresh();
                  },
                  () => {},
                )
              }
            >
              {t("catalog.save")}
            </Button>
            <Button type="link" size="small" onClick={() => setEdits(({ [r.id]: _x, ...rest }) => rest)}>
              {t("common.cancel")}
            </Button>
          </Space>
        ) : (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              data-testid={`catalog-pricing-edit-${r.dimension}-open`}
              onClick={() => setEdits((e) => ({ ...e, [r.id]: { ...r } }))}
            >
              {t("catalog.edit")}
            </Button>
            <Button
              type="link"
              size="small"
              danger
              data-testid={`catalog-pricing-delete-${r.dimension}`}
              onClick={() => catalogApi.deleteRow(product!.id, r.id).then(refresh, () => {})}
            >
              {t("catalog.delete")}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Drawer
      open={!!product}
      width={920}
      title={t("catalog.pricing.title", { code: product?.code ?? "" })}
      onClose={() => {
        setDrafts([]);
        setEdits({});
        onClose();
      }}
      destroyOnHidden
      data-testid="catalog-pricing-drawer"
    >
      {pricing.data && !pricing.data.configured && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="catalog-pricing-missing"
          title={t("catalog.pricing.missing", { dimensions: pricing.data.missing.map(nameOf).join(", ") })}
        />
      )}
      {hpcPool && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="catalog-pricing-hpc-hint"
          title={t("catalog.pricing.hpcHint")}
        />
      )}
      <Table<PricingRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={saved}
        columns={savedColumns}
        data-testid="catalog-pricing-table"
      />
      {mayAct && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t("catalog.pricing.newRows", { max: MAX_PRICING_ROWS_PER_ADD })}
          </Typography.Title>
          <Space direction="vertical" style={{ width: "100%" }}>
            {drafts.map((row, i) => (
              <Space key={row.key} align="start">
                {rowEditor(row, (c) => patch(i, c), `catalog-pricing-new-${i}`, free(row.dimension))}
                <Button
                  type="link"
                  danger
                  onClick={() => setDrafts((rows) => rows.filter((_, j) => j !== i))}
                >
                  {t("catalog.delete")}
                </Button>
              </Space>
            ))}
            <Space>
              <Button
                disabled={!addRowEnabled(drafts) || free().length === 0}
                onClick={() => setDrafts((rows) => [...rows, emptyRow()])}
                data-testid="catalog-pricing-add-row"
              >
                {t("catalog.pricing.addRow")}
              </Button>
              <Button
                type="primary"
                disabled={!rowsSavable(drafts)}
                data-testid="catalog-pricing-save-rows"
                onClick={() =>
                  catalogApi.addRows(product!.id, drafts.map(toRowInput)).then(
                    async () => {
                      setDrafts([]);
                      await refresh();
                    },
                    () => {},
                  )
                }
              >
                {t("catalog.pricing.saveRows")}
              </Button>
            </Space>
          </Space>
          {product && <PricePreview product={product} />}
        </>
      )}
    </Drawer>
  );
}
