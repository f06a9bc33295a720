// Calls of the operator catalogue (/api/ops/catalog) through the signed api client.
import type {
  BillingPolicy,
  BillingPolicyInput,
  Category,
  CategoryInput,
  ListingState,
  Page,
  PriceInquiry,
  PriceQuote,
  Pricing,
  PricingRowInput,
  ProductInput,
} from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

const base = "/ops/catalog";
const at = (id: string) => encodeURIComponent(id);

export const catalogApi = {
  saveCategory: (input: CategoryInput, id?: string) =>
    id ? api.put(`${base}/categories/${at(id)}`, input) : api.post(`${base}/categories`, input),
  deleteCategory: (id: string) => api.del(`${base}/categories/${at(id)}`),
  savePolicy: (input: BillingPolicyInput, id?: string) =>
    id ? api.put(`${base}/billing_policies/${at(id)}`, input) : api.post(`${base}/billing_policies`, input),
  deletePolicy: (id: string) => api.del(`${base}/billing_policies/${at(id)}`),
  saveProduct: (input: ProductInput, id?: string) =>
    id ? api.put(`${base}/products/${at(id)}`, input) : api.post(`${base}/products`, input),
  setListing: (id: string, listingState: ListingState) =>
    api.put(`${base}/products/${at(id)}/listing`, { listingState }),
  pricing: (id: string) => api.get<Pricing>(`${base}/products/${at(id)}/pricing`),
  addRows: (id: string, rows: PricingRowInput[]) =>
    api.post<Pricing>(`${base}/products/${at(id)}/pricing`, { rows }),
  updateRow: (id: string, rowId: string, row: PricingRowInput) =>
    api.put<Pricing>(`${base}/products/${at(id)}/pricing/${at(rowId)}`, row),
  deleteRow: (id: string, rowId: string) =>
    api.del<Pricing>(`${base}/products/${at(id)}/pricing/${at(rowId)}`),
  preview: (id: string, inquiry: PriceInquiry) =>
    api.post<PriceQuote>(`${base}/products/${at(id)}/inquiry`, inquiry),
};

/** Every category and billing policy, for the pickers of the product and policy forms. */
export function useCatalogChoices() {
  const categories = useQuery({
    queryKey: ["ops", "catalogCategoriesAll"],
    queryFn: () => api.get<Page<Category>>(`${base}/categories`, { query: { pageSize: 200 } }),
  });
  const policies = useQuery({
    queryKey: ["ops", "catalogPoliciesAll"],
    queryFn: () => api.get<Page<BillingPolicy>>(`${base}/billing_policies`, { query: { pageSize: 200 } }),
  });
  return { categories: categories.data?.list ?? [], policies: policies.data?.list ?? [] };
}
