// Calls of the service side of the API (spec §7 "/service", "/orders", "/res/hosts", "/audit/approval")
// and their cache keys. Money-moving calls (apply, unsubscribe, withdraw) take the action's
// idempotency key.
import {
  type ApprovalDecisionBody,
  type EndpointBodyInput,
  endpoints,
  type HostAction,
  type MetricsSeries,
  ORDER_DELIVERING_STATUSES,
  type OrderActivateBody,
  type OrderCloseBody,
  type OrderDetail,
  type OrderResubmitBody,
  type PriceInquiry,
  type Product,
  type ServiceApplyBody,
} from "@skyledger/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { isTransitional, POLL_MS } from "./host-state";

/** A product as tenants see it (`GET /billing/products`). */
export type ListedProduct = Pick<
  Product,
  | "id"
  | "code"
  | "nameZh"
  | "nameEn"
  | "categoryCode"
  | "spec"
  | "prepaidPeriods"
  | "postpaid"
  | "approvalFlow"
  | "manualActivation"
>;

export const HOSTS_LIST_KEY = "hosts";
export const ORDERS_LIST_KEY = "orders";
export const APPROVALS_LIST_KEY = "approvals";

export type MetricRange = MetricsSeries["range"];
export type SimulatorFault = EndpointBodyInput<typeof endpoints.orders.setFault>;
export type FaultOperation = SimulatorFault["operation"];

export const servicesApi = {
  apply: (body: ServiceApplyBody, idempotencyKey: string) =>
    api.call(endpoints.orders.apply, { body: body, idempotencyKey }),
  hostAction: (id: string, action: HostAction, imageId?: string) =>
    api.call(endpoints.resources.hostAction, {
      params: { id },
      body: { action, ...(imageId ? { imageId } : {}) },
    }),
  rename: (id: string, name: string) =>
    api.call(endpoints.resources.renameHost, { params: { id }, body: { name } }),
  unsubscribeQuote: (id: string) => api.call(endpoints.orders.unsubscribeQuote, { params: { id } }),
  unsubscribe: (id: string, idempotencyKey: string) =>
    api.call(endpoints.orders.unsubscribe, { params: { id }, body: {}, idempotencyKey }),
  /** A returned order back to level-1 approval. */
  resubmit: (id: string, body: OrderResubmitBody) =>
    api.call(endpoints.orders.resubmit, { params: { id }, body: body }),
  /** A returned order withdrawn: it ends terminated, refunded in full. */
  withdraw: (id: string, idempotencyKey: string) =>
    api.call(endpoints.orders.withdraw, { params: { id }, body: {}, idempotencyKey }),
  decide: (id: string, body: ApprovalDecisionBody) =>
    api.call(endpoints.orders.decideApproval, { params: { id }, body: body }),
  /** Manual activation: provisioning starts. */
  activate: (id: string, body: OrderActivateBody) =>
    api.call(endpoints.orders.activate, { params: { id }, body: body }),
  /** Manual activation refused: the order ends terminated, refunded in full. */
  close: (id: string, body: OrderCloseBody) =>
    api.call(endpoints.orders.close, { params: { id }, body: body }),
  /** Absent (404) when the provider is not the simulator: the card then hides, without a toast. */
  faults: () => api.call(endpoints.orders.listFaults, { bestEffort: true }),
  armFault: (body: SimulatorFault) => api.call(endpoints.orders.setFault, { body: body }),
  /** The live price: its failures are shown in the price panel, not as toasts on every change. */
  inquire: (inquiry: PriceInquiry) =>
    api.call(endpoints.catalog.quotePrice, { body: inquiry, bestEffort: true }),
};

export const servicesKeys = {
  host: (id: string) => ["services", "host", id] as const,
  metrics: (id: string, range: MetricRange) => ["services", "metrics", id, range] as const,
  order: (id: string, operator: boolean) => ["services", "order", id, operator] as const,
  products: ["services", "products"] as const,
  quote: (inquiry: PriceInquiry | null) => ["services", "quote", inquiry] as const,
  faults: ["services", "faults"] as const,
};

/** One host; polled while it is between two states. */
export const useHost = (id: string) =>
  useQuery({
    queryKey: servicesKeys.host(id),
    queryFn: () => api.call(endpoints.resources.getHost, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });

/** A host's error log, fetched when someone opens it. */
export const useHostErrorLog = (id: string | null) =>
  useQuery({
    queryKey: servicesKeys.host(id ?? ""),
    queryFn: () => api.call(endpoints.resources.getHost, { params: { id: id! } }),
    enabled: id !== null,
  });

export const useMetrics = (id: string, range: MetricRange) =>
  useQuery({
    queryKey: servicesKeys.metrics(id, range),
    queryFn: () => api.call(endpoints.resources.hostMetrics, { params: { id }, query: { range } }),
    placeholderData: keepPreviousData,
  });

// Waiting for an approver, or being delivered.
const ORDER_POLLED = new Set<OrderDetail["status"]>(["approving", ...ORDER_DELIVERING_STATUSES]);

/** One order (the tenant's, or any for an operator); polled while it is still moving. */
export const useOrder = (id: string, operator = false) =>
  useQuery({
    queryKey: servicesKeys.order(id, operator),
    queryFn: () =>
      api.call(operator ? endpoints.orders.getApproval : endpoints.orders.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && ORDER_POLLED.has(q.state.data.status) ? POLL_MS : false),
  });

export const useListedProducts = () =>
  useQuery({
    queryKey: servicesKeys.products,
    queryFn: () => api.call(endpoints.catalog.listOnSale, { query: { pageSize: 200 } }),
  });

/** The live price of a complete choice (null while the form is incomplete). */
export const useQuote = (inquiry: PriceInquiry | null) =>
  useQuery({
    queryKey: servicesKeys.quote(inquiry),
    queryFn: () => servicesApi.inquire(inquiry!),
    enabled: inquiry !== null,
    placeholderData: keepPreviousData,
  });

/** The organisation's usable coupons, for users holding CC02. */
export const useCouponOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["services", "coupons"],
    queryFn: () =>
      api.call(endpoints.finance.listCoupons, { query: { status: "valid", pageNum: 1, pageSize: 100 } }),
    enabled,
  });

/** The organisation's key pairs, for users holding CB0117. */
export const useKeyPairOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["services", "keyPairs"],
    queryFn: () => api.call(endpoints.keypairs.list, { query: { pageNum: 1, pageSize: 200 } }),
    enabled,
  });

/** The organisation's projects, for users holding CH04. */
export const useProjectChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ["services", "projects"],
    queryFn: () => api.call(endpoints.projects.list, { query: { pageNum: 1, pageSize: 200 } }),
    enabled,
  });

export const useFaults = (enabled: boolean) =>
  useQuery({ queryKey: servicesKeys.faults, queryFn: servicesApi.faults, enabled });

/** After an action: the host lists (paged keys start with "ops"), the host and its orders reload. */
export function useRefreshServices() {
  const client = useQueryClient();
  return async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ["ops", HOSTS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", ORDERS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["ops", APPROVALS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["services", "host"] }),
      client.invalidateQueries({ queryKey: ["services", "order"] }),
    ]);
  };
}
