// Calls of the service side of the API (spec §7 "/service", "/orders", "/res/hosts", "/audit/approval")
// and their cache keys. Money-moving calls (apply, unsubscribe, withdraw) take the action's
// idempotency key.
import {
  type ApprovalDecisionBody,
  type CouponRecord,
  type HostAction,
  type KeyPairRecord,
  type MetricsSeries,
  ORDER_DELIVERING_STATUSES,
  type OrderActivateBody,
  type OrderCloseBody,
  type OrderDetail,
  type OrderResubmitBody,
  type Page,
  type PriceInquiry,
  type PriceQuote,
  type Product,
  type ProjectRecord,
  type ResourceDetail,
  type ServiceApplyBody,
  type UnsubscribeQuote,
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

export const HOSTS_PATH = "/res/hosts";
export const HOSTS_LIST_KEY = "hosts";
export const ORDERS_PATH = "/orders";
export const ORDERS_LIST_KEY = "orders";
export const APPROVALS_PATH = "/audit/approval";
export const APPROVALS_LIST_KEY = "approvals";

const at = (id: string) => encodeURIComponent(id);

export type MetricRange = MetricsSeries["range"];
export type FaultOperation = "create" | "resize" | "delete" | "act";
export type SimulatorFault = { operation: FaultOperation; count: number; message: string };
/** A failure still armed: the next `remaining` operations of its kind fail with its message. */
export type ArmedFault = { operation: FaultOperation; remaining: number; message: string };

export const servicesApi = {
  apply: (body: ServiceApplyBody, idempotencyKey: string) =>
    api.post<OrderDetail>("/service/apply", body, { idempotencyKey }),
  hostAction: (id: string, action: HostAction, imageId?: string) =>
    api.post<ResourceDetail>(`${HOSTS_PATH}/${at(id)}/action`, { action, ...(imageId ? { imageId } : {}) }),
  rename: (id: string, name: string) => api.put<ResourceDetail>(`${HOSTS_PATH}/${at(id)}/name`, { name }),
  unsubscribeQuote: (id: string) => api.get<UnsubscribeQuote>(`/service/unsubscribe/${at(id)}/inquiry`),
  unsubscribe: (id: string, idempotencyKey: string) =>
    api.post<OrderDetail>(`/service/unsubscribe/${at(id)}`, {}, { idempotencyKey }),
  /** A returned order back to level-1 approval. */
  resubmit: (id: string, body: OrderResubmitBody) =>
    api.post<OrderDetail>(`${ORDERS_PATH}/${at(id)}/resubmit`, body),
  /** A returned order withdrawn: it ends terminated, refunded in full. */
  withdraw: (id: string, idempotencyKey: string) =>
    api.post<OrderDetail>(`${ORDERS_PATH}/${at(id)}/withdraw`, {}, { idempotencyKey }),
  decide: (id: string, body: ApprovalDecisionBody) =>
    api.post<OrderDetail>(`${APPROVALS_PATH}/${at(id)}`, body),
  /** Manual activation: provisioning starts. */
  activate: (id: string, body: OrderActivateBody) =>
    api.post<OrderDetail>(`${APPROVALS_PATH}/${at(id)}/activate`, body),
  /** Manual activation refused: the order ends terminated, refunded in full. */
  close: (id: string, body: OrderCloseBody) =>
    api.post<OrderDetail>(`${APPROVALS_PATH}/${at(id)}/close`, body),
  /** Absent (404) when the provider is not the simulator: the card then hides, without a toast. */
  faults: () => api.get<ArmedFault[]>("/ops/simulator/faults", { bestEffort: true }),
  armFault: (body: SimulatorFault) => api.post<ArmedFault[]>("/ops/simulator/faults", body),
  /** The live price: its failures are shown in the price panel, not as toasts on every change. */
  inquire: (inquiry: PriceInquiry) =>
    api.post<PriceQuote>("/billing/inquiry/price", inquiry, { bestEffort: true }),
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
    queryFn: () => api.get<ResourceDetail>(`${HOSTS_PATH}/${at(id)}`),
    refetchInterval: (q) => (q.state.data && isTransitional(q.state.data.status) ? POLL_MS : false),
  });

/** A host's error log, fetched when someone opens it. */
export const useHostErrorLog = (id: string | null) =>
  useQuery({
    queryKey: servicesKeys.host(id ?? ""),
    queryFn: () => api.get<ResourceDetail>(`${HOSTS_PATH}/${at(id!)}`),
    enabled: id !== null,
  });

export const useMetrics = (id: string, range: MetricRange) =>
  useQuery({
    queryKey: servicesKeys.metrics(id, range),
    queryFn: () => api.get<MetricsSeries>(`${HOSTS_PATH}/${at(id)}/metrics`, { query: { range } }),
    placeholderData: keepPreviousData,
  });

// Waiting for an approver, or being delivered.
const ORDER_POLLED = new Set<OrderDetail["status"]>(["approving", ...ORDER_DELIVERING_STATUSES]);

/** One order (the tenant's, or any for an operator); polled while it is still moving. */
export const useOrder = (id: string, operator = false) =>
  useQuery({
    queryKey: servicesKeys.order(id, operator),
    queryFn: () => api.get<OrderDetail>(`${operator ? APPROVALS_PATH : ORDERS_PATH}/${at(id)}`),
    refetchInterval: (q) => (q.state.data && ORDER_POLLED.has(q.state.data.status) ? POLL_MS : false),
  });

export const useListedProducts = () =>
  useQuery({
    queryKey: servicesKeys.products,
    queryFn: () => api.get<Page<ListedProduct>>("/billing/products", { query: { pageSize: 200 } }),
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
      api.get<Page<CouponRecord>>("/coupons", { query: { status: "valid", pageNum: 1, pageSize: 100 } }),
    enabled,
  });

/** The organisation's key pairs, for users holding CB0117. */
export const useKeyPairOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["services", "keyPairs"],
    queryFn: () => api.get<Page<KeyPairRecord>>("/res/keypairs", { query: { pageNum: 1, pageSize: 200 } }),
    enabled,
  });

/** The organisation's projects, for users holding CH04. */
export const useProjectChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ["services", "projects"],
    queryFn: () => api.get<Page<ProjectRecord>>("/res/projects", { query: { pageNum: 1, pageSize: 200 } }),
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
