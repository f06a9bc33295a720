// Tags of a product's listing state and of "pricing configured or not" (spec §4).
import type { ListingState } from "@skyledger/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

const LISTING_COLORS: Record<ListingState, string> = {
  listed: "green",
  delisted: "default",
  pendingListing: "orange",
};

export function ListingTag({ state }: { state: ListingState }) {
  const { t } = useTranslation();
  return (
    <Tag color={LISTING_COLORS[state]} data-testid="catalog-listing-state" data-state={state}>
      {t(`catalog.listing.${state}`)}
    </Tag>
  );
}

export function PricingTag({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={configured ? "blue" : "red"}
      data-testid="catalog-pricing-state"
      data-state={String(configured)}
    >
      {t(configured ? "catalog.pricing.configured" : "catalog.pricing.notConfigured")}
    </Tag>
  );
}
