// What a service domain gives ordering and provisioning. Orders know nothing of hosts, disks, elastic
// IPs or snapshots (nor, later, networks, storage or HPC accounts): the resources module implements
// this interface for today's kinds and the wiring (subscriptions/services.module.ts) hands it to
// orders. A new domain plugs in here — its spec check for an order, the instances provisioning
// writes and settles, the figures its quota counts — and through the provider SPI for the backend.
// This file is the one part of orders that the modules above it may import.
import type {
  HpcLimits,
  HpcPoolType,
  ResourceKind,
  ResourceStatus,
  SpecChoice,
  SpecSchema,
} from "@skyledger/contracts";
import type { Tx } from "../../../platform/db/client";
import type { RequestContext } from "../../../platform/request-context";
import type { SerializedAllocation } from "../../finance/order-charge";

/** What an instance is: the tenant's choice and the figures of the flavour it resolved to. */
export type ResourceSpec = SpecChoice & {
  vcpu?: number;
  memoryGb?: number;
  gpuCount?: number;
  systemDiskGb?: number;
  keyPairId?: string | null;
  /** A message-queue instance: its plan's limits on queues and connections (its plan is `flavorId`). */
  maxQueues?: number;
  maxConnections?: number;
  /** An HPC or AI pool: where it runs and the limits its account gets (before the quota caps them). */
  /** `nodes`: a dedicated pool's reserved nodes (absent for a shared pool). */
  hpc?: { poolType: HpcPoolType; clusterId: string; partition: string; limits: HpcLimits; nodes?: number };
  /** A bare-metal server: its flavour's and image's words as bought (its cores are `vcpu`). */
  bareMetal?: {
    flavorName: string;
    cpuModel: string;
    diskDesc: string;
    gpuModel: string | null;
    imageName: string;
  };
};

/** One instance as provisioning sees it. */
export type ServiceInstance = {
  id: string;
  name: string;
  kind: ResourceKind;
  spec: ResourceSpec;
  status: ResourceStatus;
  providerRef: string | null;
  manageStatus: string;
  monitorStatus: string;
};

/** An instance an order adds, `creating` (provisioning) or live at once (a third-party delivery). */
export type NewInstance = {
  id: string;
  orgId: string;
  projectId: string | null;
  orderId: string;
  productId: string;
  productCode: string;
  kind: ResourceKind;
  name: string;
  spec: ResourceSpec;
  status: ResourceStatus;
  taskStatus?: string | null;
  cloudEnvType: string;
  externalRef?: string | null;
  accessNote?: string | null;
  paymentType: "prepaid" | "postpaid";
  periodMonths: number | null;
  monthlyPrice?: bigint;
  discountHundredths?: number | null;
  expiresAt?: Date | null;
  meteredUntil?: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What the provider answered when asked to create an instance. */
export type CreatedInstance = { ref: string; state: string; address?: string | undefined };

/** What an instance is once up: running or available, its prices and its expiry or metering start. */
export type LiveFigures = {
  status: ResourceStatus;
  monthlyPrice: bigint;
  discountHundredths: number | null;
  expiresAt: Date | null;
  meteredUntil: Date | null;
};

/** A prepaid instance's first term: its share of what the order paid. */
export type PurchaseTerm = {
  id: string;
  resourceId: string;
  orgId: string;
  orderId: string;
  months: number | null;
  startsAt: Date;
  endsAt: Date;
  amount: bigint;
  couponDeduction: bigint;
  paid: SerializedAllocation[];
  createdAt: Date;
};

// Quotas own the guard ordering asks (quotas/quota-port.ts); it is named here with the rest of what
// ordering and provisioning depend on.
export type { QuotaGuard, QuotaRequest } from "../../quotas/quota-port";

export type ServiceDomain = {
  /** The kind a product provisions; refuses a product no domain provisions yet. */
  kindOf(spec: SpecSchema): ResourceKind;
  /** The instance's figures from the product's schema and the tenant's choice; refuses a choice the product does not offer. */
  specOf(spec: SpecSchema, choice: SpecChoice, keyPairId: string | null): ResourceSpec;
  /**
   * Optional: a rule of the service on how many an organisation may hold (the AI development
   * platform: one), checked in the order's transaction, for a new order and for a returned one
   * being resubmitted (`orderId`, which does not count against itself); throws the refusal.
   */
  assertMayOrder?(
    tx: Tx,
    request: { orgId: string; kind: ResourceKind; spec: ResourceSpec; quantity: number; orderId?: string },
  ): Promise<void>;
  /**
   * Optional: refuses where the caller asked to put the instances (a host's VPC, subnet, security
   * groups and fixed address) when they may not or it cannot hold them, before the order is taken;
   * asked outside the order's transaction (the network is a remote call).
   */
  checkPlacement?(
    ctx: RequestContext,
    request: { kind: ResourceKind; spec: ResourceSpec; quantity: number },
  ): Promise<void>;
  /**
   * Optional: what the provider is sent to create the instance (a host's network in the cloud's
   * references); absent, its spec. Throws a ProviderError when that is gone (the order fails).
   */
  providerSpecOf?(instance: ServiceInstance): Promise<Record<string, unknown>>;
  /**
   * Refuses activating an order its backend cannot satisfy now (a dedicated pool whose partition
   * is short of free nodes), before anything changes; asked outside the activation's transaction
   * (a cluster is a remote call). Absent: every activation may go ahead.
   */
  checkActivation?(spec: ResourceSpec): Promise<void>;
  /** Whether the organisation owns the key pair an order names. */
  ownsKeyPair(orgId: string, keyPairId: string): Promise<boolean>;
  /** The instances an order made, with their names and kinds, by name (the order page links each to its page). */
  instancesNamedOf(orderId: string): Promise<{ id: string; name: string; kind: ResourceKind }[]>;

  /** Provisioning's reads and writes of instances; each takes the step's transaction or the handle. */
  add(tx: Tx, instances: NewInstance[]): Promise<void>;
  /** The order's instances the provider was not asked for yet, by name. */
  toCreate(tx: Tx, orderId: string): Promise<ServiceInstance[]>;
  /** The order's instances still being created. */
  creating(tx: Tx, orderId: string): Promise<ServiceInstance[]>;
  /** Every instance of the order, by name then id (the index of each is its share of the payment). */
  ofOrder(tx: Tx, orderId: string): Promise<ServiceInstance[]>;
  /** The provider took the instance: its reference, the state it shows and the address it gave. */
  created(tx: Tx, id: string, instance: CreatedInstance, now: Date): Promise<void>;
  /** An instance is up: its figures, and a host's management and monitoring come on. */
  live(tx: Tx, instance: ServiceInstance, figures: LiveFigures, now: Date): Promise<void>;
  addPurchaseTerm(tx: Tx, term: PurchaseTerm): Promise<void>;
  /** Compensation: `failedId` keeps the error log as create_failure, the others are deleted. */
  failAll(tx: Tx, ids: string[], failedId: string | null, log: string, now: Date): Promise<void>;
};
