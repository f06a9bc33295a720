// Products (BB02): listing state, "pricing configured or not" and manual activation, create and
// edit, list, delist or mark pending listing, and the pricing drawer.
import { endpoints, LISTING_STATES, type ListingState, type Product } from "@skyledger/contracts";
import { Button, Select, Space, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { catalogApi } from "../../../features/catalog/catalog-api";
import { ListingTag, PricingTag } from "../../../features/catalog/listing-tags";
import { PricingDrawer } from "./pricing-drawer";
import { ProductDialog } from "./product-dialog";

/** Spec §4 listing moves an operator may make from each state (the server enforces the same). */
const MOVES: Record<ListingState, ListingState[]> = {
  pendingListing: ["listed", "delisted"],
  listed: ["delisted"],
  delisted: ["listed", "pendingListing"],
};

export function ProductsTab() {
  const { t, i18n } = useTranslation();
  const [listingState, setListingState] = useState<ListingState | undefined>();
  const list = usePagedQuery("catalogProducts", endpoints.catalog.listProducts, { listingState });
  const mayAct = useMayActHere();
  const [editing, setEditing] = useState<Product | "new" | null>(null);
  const [pricing, setPricing] = useState<Product | null>(null);

  const move = (row: Product, to: ListingState) =>
    catalogApi.setListing(row.id, to).then(
      () => list.query.refetch(),
      () => {},
    );

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {mayAct && (
          <Button type="primary" onClick={() => setEditing("new")} data-testid="catalog-product-create">
            {t("catalog.product.create")}
          </Button>
        )}
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t("catalog.listing.all")}
          value={listingState}
          onChange={list.onFilter(setListingState)}
          options={LISTING_STATES.map((s) => ({ value: s, label: t(`catalog.listing.${s}`) }))}
          data-testid="catalog-products-listing-filter"
        />
      </Space>
      <PagedTable<Product>
        rowKey="id"
        list={list}
        data-testid="catalog-products-table"
        rowTestId={(row) => `catalog-product-${row.code}`}
        scroll={{ x: 1100 }}
        columns={[
          { title: t("catalog.fields.code"), dataIndex: "code" },
          {
            title: t("catalog.fields.name"),
            render: (_, r) => (i18n.language === "en-US" ? r.nameEn : r.nameZh),
          },
          {
            title: t("catalog.fields.category"),
            render: (_, r) => (i18n.language === "en-US" ? r.categoryNameEn : r.categoryNameZh),
          },
          { title: t("catalog.product.kind"), render: (_, r) => t(`catalog.kind.${r.spec.kind}`) },
          { title: t("catalog.listing.title"), render: (_, r) => <ListingTag state={r.listingState} /> },
          {
            title: t("catalog.pricing.state"),
            render: (_, r) => <PricingTag configured={r.pricingConfigured} />,
          },
          {
            title: t("catalog.product.activation"),
            render: (_, r) =>
              r.manualActivation ? (
                <Tag color="warning" data-testid={`catalog-product-manual-${r.code}`}>
                  {t("catalog.activation.manual")}
                </Tag>
              ) : (
                t("catalog.activation.automatic")
              ),
          },
          {
            title: t("common.actions"),
            fixed: "right",
            render: (_, row) => (
              <Space size={0} wrap>
                {mayAct && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing(row)}
                    data-testid={`catalog-product-edit-${row.code}`}
                  >
                    {t("catalog.edit")}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  onClick={() => setPricing(row)}
                  data-testid={`catalog-product-pricing-${row.code}`}
                >
                  {t("catalog.pricing.open")}
                </Button>
                {(mayAct ? MOVES[row.listingState] : []).map((to) => (
                  <Button
                    key={to}
                    type="link"
                    size="small"
                    danger={to === "delisted"}
                    onClick={() => void move(row, to)}
                    data-testid={`catalog-product-${to}-${row.code}`}
                  >
                    {t(`catalog.listing.action.${to}`)}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <ProductDialog
        product={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void list.query.refetch();
        }}
      />
      <PricingDrawer
        product={pricing}
        onClose={() => setPricing(null)}
        onChanged={() => void list.query.refetch()}
      />
    </>
  );
}
