// Calls of packages (`/bag`): the tenant's listed offers and own packages, buying (through the
// purchase form, `/bag/applyPackage`), renewing and the auto-renew switch, each money-moving call
// with its action's idempotency key; and the operators' offers under `/ops/bag/offers` (BA09).
import type { ListingState, PackageOfferInput } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** usePagedQuery prefixes its keys with "ops". */
export const BAG_OFFERS_KEY = "bagOffers";
export const MY_PACKAGES_KEY = "myPackages";
export const OPS_OFFERS_KEY = "opsBagOffers";

export type ApplyPackageBody = {
  offerCode: string;
  quantity: number;
  autoRenew: boolean;
  /** ISO instant the validity starts at; null for now. */
  startAt: string | null;
};

export const bagApi = {
  /** The purchase form's live quote: failures show in the form, not as toasts on every change. */
  inquire: (offerCode: string, quantity: number) =>
    api.call(endpoints.packages.quote, { body: { offerCode, quantity }, bestEffort: true }),
  /** What is on sale, for the public purchase page (no sign-in). */
  publicOffers: () =>
    api.call(endpoints.packages.publicOffers, { query: { pageSize: 100 }, anonymous: true }),
  apply: (body: ApplyPackageBody, idempotencyKey: string) =>
    api.call(endpoints.packages.applyForPackage, { body: body, idempotencyKey }),
  renew: (id: string, idempotencyKey: string) =>
    api.call(endpoints.packages.renew, { params: { id }, body: {}, idempotencyKey }),
  setAutoRenew: (id: string, autoRenew: boolean) =>
    api.call(endpoints.packages.setAutoRenew, { params: { id }, body: { autoRenew } }),
  createOffer: (body: PackageOfferInput) => api.call(endpoints.packages.createOffer, { body: body }),
  updateOffer: (id: string, body: PackageOfferInput) =>
    api.call(endpoints.packages.updateOffer, { params: { id }, body: body }),
  setListing: (id: string, listingState: ListingState) =>
    api.call(endpoints.packages.setOfferListing, { params: { id }, body: { listingState } }),
  deleteOffer: (id: string) => api.call(endpoints.packages.deleteOffer, { params: { id } }),
};

/** After a purchase or a renewal: the packages and the balances shown elsewhere reload. */
export function useRefreshBag() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["ops", MY_PACKAGES_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", OPS_OFFERS_KEY] }),
      client.invalidateQueries({ queryKey: ["finance"] }),
    ]);
  };
}

/** The live quote of a purchase of `quantity` packages of an offer. */
export const usePackageQuote = (offerCode: string, quantity: number) =>
  useQuery({
    queryKey: ["bag", "quote", offerCode, quantity],
    queryFn: () => bagApi.inquire(offerCode, quantity),
    placeholderData: keepPreviousData,
  });
