// The fields an audit row's detail may carry, and how the console shows each value. The server's
// audit event is typed with these keys (a key not listed here does not compile), and the console
// labels every one (`audit.field.<key>`) and translates every enumerated value
// (`audit.value.<key>.<value>`), so what a person reads is words, never raw JSON.
//
// A change is written as `{ from, to }` under the field's key; lists are arrays of the field's
// values. Ids nobody can use are never written: a user is named by account, a group or a set by
// name (built-in ones by `builtin-group:<key>` / `builtin:<key>`, which the console translates).

import { OPERATOR_ROLE_KEYS } from "../permissions";
import { ALARM_METRICS, ALARM_RESOLUTIONS, ALARM_SEVERITIES, ALARM_TARGETS } from "./alarms";
import {
  APPROVAL_FLOWS,
  BILLING_FREQUENCIES,
  BILLING_METHODS,
  CLOUD_ENVS,
  LISTING_STATES,
  REFUND_READINGS,
} from "./catalog";
import { cashVoucherKind } from "./finance";
import { HPC_BACKENDS, HPC_HOLD_REASONS } from "./hpc";
import { INVOICE_TITLE_TYPES } from "./invoices";
import { maintenanceMode } from "./maintenance";
import { BUCKET_ACLS } from "./obs-spec";
import { ORDER_TYPES } from "./orders";
import { PACKAGE_KINDS } from "./packages";
import { HOST_ACTIONS, RESOURCE_KINDS } from "./resources";
import { TERMINAL_END_REASONS } from "./terminal";
import { idDocumentType, verificationKind } from "./verification";

/** How a value is shown; an array of strings is an enumeration (its values are translated). */
export type AuditFieldKind =
  /** As written (a list is joined). */
  | "text"
  | "number"
  /** Yuan as the server formats them: shown as ¥ amounts. */
  | "money"
  | "boolean"
  /** An ISO instant: shown in the reader's date format. */
  | "date"
  /** Names of user groups or permission sets; built-in ones are translated. */
  | "iamRefs"
  /** Permission codes: shown by their names. */
  | "permissionCodes"
  /** Quota limits per metric, `{ metric: { from, to } }` (null: no limit). */
  | "quotaLimits"
  /** Quota metrics (the ones over their new limit). */
  | "quotaMetrics"
  /** System configuration entries: `[{ configKey, previousValue, configValue }]`. */
  | "configEntries"
  | readonly string[];

/** Why a payment notification was refused: the gateways' reasons and the top-up's outcomes. */
export const PAYMENT_NOTICE_REFUSALS = [
  "malformed",
  "channel_off",
  "missing_signature",
  "unsupported_sign_type",
  "unsupported_sign_method",
  "bad_signature",
  "app_id_mismatch",
  "mer_id_mismatch",
  "missing_field",
  "bad_amount",
  "pending",
  "payment_failed",
  "unknown_status",
  "failed",
  "unknown_order",
  "amount_mismatch",
  "not_creditable",
  "apply_error",
] as const;

/** What a payment notice did when an operator retried it. */
export const PAYMENT_NOTICE_OUTCOMES = [
  "credited",
  "failed",
  "already_done",
  "unknown_order",
  "amount_mismatch",
  "not_creditable",
  "apply_error",
] as const;

/** An approver's decision on an order. */
export const ORDER_APPROVAL_RESULTS = [
  "approved",
  "passedLevelOne",
  "refused",
  "returnedToTenant",
  "returnedToLevelOne",
] as const;

/** What was done to a resource at the provider. */
export const RESOURCE_AUDIT_ACTIONS = [
  ...HOST_ACTIONS,
  "attach",
  "detach",
  "bind",
  "unbind",
  "snapshot",
  "rollback",
  "deleteSnapshot",
] as const;

/** The network change a `network.failed` row says the cloud refused (its action without `network.`). */
export const NETWORK_AUDIT_STEPS = [
  "vpcCreated",
  "vpcDeleted",
  "subnetCreated",
  "subnetUpdated",
  "subnetDeleted",
  "routerCreated",
  "routerDeleted",
  "interfaceAdded",
  "interfaceRemoved",
  "routeAdded",
  "routeRemoved",
] as const;

export const AUDIT_DETAIL_FIELDS = {
  // People and sign-in
  account: "text",
  realName: "text",
  email: "text",
  mobile: "text",
  failures: "number",
  accessKeyId: "text",
  description: "text",
  passwordMode: ["generated", "chosen"],
  operatorRoles: [...OPERATOR_ROLE_KEYS],
  resetOnFirstLogin: "boolean",
  smsSent: "boolean",
  groups: "iamRefs",
  permissionSets: "iamRefs",
  parentGroup: "iamRefs",
  addedPermissionSets: "iamRefs",
  removedPermissionSets: "iamRefs",
  addedMembers: "text",
  removedMembers: "text",
  memberCount: "number",
  holderCount: "number",
  name: "text",
  codes: "permissionCodes",
  shared: "boolean",
  contact: "text",
  phone: "text",
  // Security settings
  section: ["passwordPolicy", "security"],
  minLength: "number",
  maxLength: "number",
  minDistinct: "number",
  expiryDays: "number",
  requireMixedCase: "boolean",
  maxFailures: "number",
  windowMinutes: "number",
  lockMinutes: "number",
  sessionTtlMinutes: "number",
  stepUpEnabled: "boolean",
  verificationKind: verificationKind.options,
  documentType: idDocumentType.options,
  // Money
  amount: "money",
  total: "money",
  faceValue: "money",
  price: "money",
  creditLimit: "money",
  couponDeduction: "money",
  reason: "text",
  remark: "text",
  requestedBy: "text",
  evidence: "text",
  rechargeNo: "text",
  batchNo: "text",
  tradeNo: "text",
  couponNo: "text",
  channel: ["sandbox", "alipay", "unionpay", "manual"],
  refusal: PAYMENT_NOTICE_REFUSALS,
  outcome: PAYMENT_NOTICE_OUTCOMES,
  voucherKind: cashVoucherKind.options,
  benefitKind: ["value", "discount"],
  count: "number",
  maxUses: "number",
  expiresAt: "date",
  // Platform configuration
  entries: "configEntries",
  maintenanceMode: maintenanceMode.options,
  messageZh: "text",
  messageEn: "text",
  endsAt: "date",
  // Catalogue and packages
  code: "text",
  nameZh: "text",
  nameEn: "text",
  sort: "number",
  listingState: LISTING_STATES,
  frequency: BILLING_FREQUENCIES,
  method: BILLING_METHODS,
  cloudEnv: CLOUD_ENVS,
  refundReading: REFUND_READINGS,
  approvalFlow: APPROVAL_FLOWS,
  manualActivation: "boolean",
  postpaid: "boolean",
  prepaidPeriods: "number",
  addedPrices: "text",
  updatedPrice: "text",
  removedPrice: "text",
  offerKind: PACKAGE_KINDS,
  quantity: "number",
  autoRenew: "boolean",
  // Key pairs and quotas
  keyType: "text",
  fingerprint: "text",
  project: "text",
  limits: "quotaLimits",
  // Security groups
  securityRule: "text",
  overLimit: "quotaMetrics",
  // Orders and resources
  result: ORDER_APPROVAL_RESULTS,
  deadline: "date",
  days: "number",
  externalRef: "text",
  message: "text",
  action: RESOURCE_AUDIT_ACTIONS,
  host: "text",
  resourceKind: RESOURCE_KINDS,
  spec: "text",
  orderType: ORDER_TYPES,
  orderNo: "text",
  months: "number",
  align: "boolean",
  // HPC clusters and pools.
  clusterBackend: HPC_BACKENDS,
  restUrl: "text",
  slurmAccount: "text",
  clusterUser: "text",
  // HPC jobs (the console).
  jobId: "text",
  jobName: "text",
  partition: "text",
  cpus: "number",
  gpus: "number",
  timeLimitMinutes: "number",
  loginHost: "text",
  hostKeyFingerprint: "text",
  hostKeyScanned: "boolean",
  // Training jobs of the AI development platform.
  hpcPool: "text",
  clusterJobId: "text",
  heldReason: HPC_HOLD_REASONS,
  packagesOnly: "boolean",
  // Remote login to a cloud host (web SSH): how, as whom and where; never the secret itself.
  loginUser: "text",
  authMethod: ["password", "privateKey"],
  sshAddress: "text",
  hostKeyFirstSeen: "boolean",
  endReason: [...TERMINAL_END_REASONS, "disconnected"],
  // Host monitoring alarms
  alarmTarget: ALARM_TARGETS,
  alarmMetric: ALARM_METRICS,
  alarmCondition: "text",
  alarmValue: "number",
  severity: ALARM_SEVERITIES,
  resolution: ALARM_RESOLUTIONS,
  // Networks: VPCs, subnets, routers and routes.
  networkAction: NETWORK_AUDIT_STEPS,
  cidr: "text",
  // File-share access rules (the client network is `cidr`).
  ruleAccess: ["ro", "rw"],
  rulePriority: "number",
  // Object storage: a bucket's access (`{ from, to }`) and the keys of objects deleted.
  bucketAcl: BUCKET_ACLS,
  objectKeys: "text",
  vpc: "text",
  subnet: "text",
  router: "text",
  gatewayIp: "text",
  dhcp: "boolean",
  dnsServers: "text",
  externalGateway: "boolean",
  destination: "text",
  nexthop: "text",
  // Tickets
  ticketNo: "text",
  rating: "number",
  attachments: "number",
  // Invoices: a title's type, a request's number, the issued invoice's and the parcel's numbers.
  invoiceTitleType: INVOICE_TITLE_TYPES,
  requestNo: "text",
  invoiceNumber: "text",
  trackingNumber: "text",
  recipient: "text",
} as const satisfies Record<string, AuditFieldKind>;

export type AuditDetailKey = keyof typeof AUDIT_DETAIL_FIELDS;
export const AUDIT_DETAIL_KEYS = Object.keys(AUDIT_DETAIL_FIELDS) as AuditDetailKey[];

/** A field's change: its value before and after. */
export type AuditChange<T = unknown> = { from: T; to: T };

/** What an audit row's detail may hold: known fields only. */
export type AuditDetail = { [K in AuditDetailKey]?: unknown };

/** The i18n key of a field's label. */
export const auditFieldKey = (key: string): string => `audit.field.${key}`;

/** The i18n key of an enumerated value's label. */
export const auditValueKey = (key: string, value: string): string => `audit.value.${key}.${value}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is an id (a UUID): nothing a person reads, so it is named or left out. */
export const isOpaqueId = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

type IamNamed = { name: string; key: string | null; builtIn: boolean };

/** How an audit row names a user group: a built-in one by its key, which the console translates. */
export const auditedGroupName = (g: IamNamed): string =>
  g.builtIn && g.key ? `builtin-group:${g.key}` : g.name;

/** How an audit row names a permission set: a built-in one by its key (its id), translated likewise. */
export const auditedSetName = (s: IamNamed): string => (s.builtIn && s.key ? `builtin:${s.key}` : s.name);

/** The built-in group or set an audited name stands for, if it is one. */
export function builtInOfAuditedName(name: string): { kind: "group" | "set"; key: string } | null {
  if (name.startsWith("builtin-group:")) return { kind: "group", key: name.slice("builtin-group:".length) };
  if (name.startsWith("builtin:")) return { kind: "set", key: name.slice("builtin:".length) };
  return null;
}
