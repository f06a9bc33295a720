// The price-inquiry preview of a product: a choice from its spec, quantity, payment type and
// period, priced by the server (packages/billing) whatever the listing state.
import {
  obsStorageDimension,
  PREPAID_PERIODS,
  type PriceQuote,
  type Product,
  type SpecChoice,
} from "@skyledger/contracts";
import { Button, Descriptions, InputNumber, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { catalogApi } from "../../../features/catalog/catalog-api";

function choices(product: Product): { value: string; label: string; choice: SpecChoice }[] {
  const spec = product.spec;
  switch (spec.kind) {
    case "host":
      return spec.flavors.map((f) => ({ value: f.id, label: f.name, choice: { flavorId: f.id } }));
    case "disk":
      return spec.diskTypes.map((d) => ({
        value: d.id,
        label: d.name,
        choice: { diskType: d.id, sizeGb: spec.minGb },
      }));
    case "elasticIp":
      return [
        {
          value: "bandwidth",
          label: `${spec.defaultMbps} Mbit/s`,
          choice: { bandwidthMbps: spec.defaultMbps },
        },
      ];
    case "capacity":
      return spec.options.map((o) => ({ value: o.id, label: o.name, choice: { optionId: o.id, units: 1 } }));
    case "hpcPool":
      // A pool has one configuration: its partition on the cluster.
      return [{ value: spec.partition, label: spec.partition, choice: {} }];
    case "aiPlatform":
      // Nothing to choose: the platform is enabled or not.
      return [{ value: "platform", label: product.code, choice: {} }];
    case "rds":
      // Each class at its smallest storage, on the first engine the product offers.
      return spec.classes.map((c) => ({
        value: c.id,
        label: c.name,
        choice: { engine: spec.engines[0], flavorId: c.id, sizeGb: spec.minGb },
      }));
    case "cache":
      return spec.memoryGb.map((gb) => ({ value: String(gb), label: `${gb} GB`, choice: { memoryGb: gb } }));
    case "queue":
      return spec.plans.map((p) => ({ value: p.id, label: p.name, choice: { flavorId: p.id } }));
    case "share":
    case "scalableFile":
      // Each protocol at the smallest capacity.
      return spec.protocols.map((protocol) => ({
        value: protocol,
        label: `${protocol} · ${spec.minGb} GB`,
        choice: { protocol, sizeGb: spec.minGb },
      }));
    case "bareMetal":
      // Each flavour on the first image (images cost nothing).
      return spec.flavors.map((f) => ({
        value: f.id,
        label: f.name,
        choice: { flavorId: f.id, imageId: spec.images[0]?.id },
      }));
    case "bucket":
      // Each storage class (a bucket is usage-rated: every choice is quoted at 0), named as its price row.
      return spec.storageClasses.map((storageClass) => ({
        value: storageClass,
        label: obsStorageDimension(storageClass),
        choice: { storageClass },
      }));
  }
}

export function PricePreview({ product }: { product: Product }) {
  const { t } = useTranslation();
  const options = choices(product);
  const [choice, setChoice] = useState(options[0]?.value);
  const [quantity, setQuantity] = useState(1);
  const [paymentType, setPaymentType] = useState<"prepaid" | "postpaid">(
    product.prepaidPeriods.length ? "prepaid" : "postpaid",
  );
  const [months, setMonths] = useState(product.prepaidPeriods[0] ?? 1);
  const [quote, setQuote] = useState<PriceQuote | null>(null);

  const ask = () =>
    catalogApi
      .preview(product.id, {
        productCode: product.code,
        spec: options.find((o) => o.value === choice)?.choice ?? {},
        quantity,
        paymentType,
        ...(paymentType === "prepaid" ? { periodMonths: months } : { hours: 1 }),
      })
      .then(setQuote, () => setQuote(null));

  return (
    <div style={{ marginTop: 32 }}>
      <Typography.Title level={5}>{t("catalog.preview.title")}</Typography.Title>
      <Space wrap>
        <Select
          style={{ width: 220 }}
          value={choice}
          onChange={setChoice}
          options={options}
          data-testid="catalog-preview-choice"
        />
        <InputNumber
          min={1}
          max={100}
          value={quantity}
          onChange={(v) => setQuantity(v ?? 1)}
          data-testid="catalog-preview-quantity"
        />
        <Select
          style={{ width: 140 }}
          value={paymentType}
          onChange={setPaymentType}
          data-testid="catalog-preview-payment"
          options={[
            ...(product.prepaidPeriods.length
              ? [{ value: "prepaid" as const, label: t("catalog.method.prepaid") }]
              : []),
            ...(product.postpaid
              ? [{ value: "postpaid" as const, label: t("catalog.method.postpaid") }]
              : []),
          ]}
        />
        {paymentType === "prepaid" && (
          <Select
            style={{ width: 120 }}
            value={months}
            onChange={setMonths}
            data-testid="catalog-preview-period"
            options={PREPAID_PERIODS.filter((m) => product.prepaidPeriods.includes(m)).map((m) => ({
              value: m,
              label: t("catalog.periodMonths", { count: m }),
            }))}
          />
        )}
        <Button onClick={() => void ask()} data-testid="catalog-preview-submit">
          {t("catalog.preview.submit")}
        </Button>
      </Space>
      {quote && (
        <Descriptions size="small" column={2} style={{ marginTop: 16 }} data-testid="catalog-preview-result">
          <Descriptions.Item label={t("catalog.preview.monthly")}>¥{quote.monthly}</Descriptions.Item>
          <Descriptions.Item label={t("catalog.preview.original")}>¥{quote.original}</Descriptions.Item>
          <Descriptions.Item label={t("catalog.preview.discount")}>¥{quote.discount}</Descriptions.Item>
          <Descriptions.Item label={t("catalog.preview.payable")}>
            <span data-testid="catalog-preview-payable">¥{quote.payable}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
