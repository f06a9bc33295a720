// Calls of the operator catalogue (/api/ops/catalog) through the signed api client.
import type {
  BillingPolicyInput,
  CategoryInput,
  ListingState,
  PriceInquiry,
  PricingRowInput,
  ProductInput,
} from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const catalogApi = {
  saveCategory: (input: CategoryInput, id?: string) =>
    id
      ? api.call(endpoints.catalog.updateCategory, { params: { id }, body: input })
      : api.call(endpoints.catalog.createCategory, { body: input }),
  deleteCategory: (id: string) => api.call(endpoints.catalog.deleteCategory, { params: { id } }),
  savePolicy: (input: BillingPolicyInput, id?: string) =>
    id
      ? api.call(endpoints.catalog.updateBillingPolicy, { params: { id }, body: input })
      : api.call(endpoints.catalog.createBillingPolicy, { body: input }),
  deletePolicy: (id: string) => api.call(endpoints.catalog.deleteBillingPolicy, { params: { id } }),
  saveProduct: (input: ProductInput, id?: string) =>
    id
      ? api.call(endpoints.catalog.updateProduct, { params: { id }, body: input })
      : api.call(endpoints.catalog.createProduct, { body: input }),
  setListing: (id: string, listingState: ListingState) =>
    api.call(endpoints.catalog.setProductListing, { params: { id }, body: { listingState } }),
  pricing: (id: string) => api.call(endpoints.catalog.listPricing, { params: { id } }),
  addRows: (id: string, rows: PricingRowInput[]) =>
    api.call(endpoints.catalog.addPricing, { params: { id }, body: { rows } }),
  updateRow: (id: string, rowId: string, row: PricingRowInput) =>
    api.call(endpoints.catalog.updatePricing, { params: { id, rowId }, body: row }),
  deleteRow: (id: string, rowId: string) =>
    api.call(endpoints.catalog.deletePricing, { params: { id, rowId } }),
  preview: (id: string, inquiry: PriceInquiry) =>
    api.call(endpoints.catalog.previewPrice, { params: { id }, body: inquiry }),
};

/** Every category and billing policy, for the pickers of the product and policy forms. */
export function useCatalogChoices() {
  const categories = useQuery({
    queryKey: ["ops", "catalogCategoriesAll"],
    queryFn: () => api.call(endpoints.catalog.listCategories, { query: { pageSize: 200 } }),
  });
  const policies = useQuery({
    queryKey: ["ops", "catalogPoliciesAll"],
    queryFn: () => api.call(endpoints.catalog.listBillingPolicies, { query: { pageSize: 200 } }),
  });
  return { categories: categories.data?.list ?? [], policies: policies.data?.list ?? [] };
}
