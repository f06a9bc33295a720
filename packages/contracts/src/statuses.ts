// The status vocabulary of resources and orders (spec §4 resource states, order states), and the
// sets of states the server, the web and the tests reason with. A set is named here once, so a new
// state is placed in every set by editing this file alone.

export const RESOURCE_STATUSES = [
  "creating",
  "running",
  "stopped",
  "starting",
  "stopping",
  "rebooting",
  "rebuilding",
  "modifying",
  "destroying",
  "deleted",
  "available",
  "using",
  "mounting",
  "unmounting",
  "binding",
  "unbinding",
  "releasing",
  "rolling_back",
  "error",
  "create_failure",
  "frozen",
  "expired",
] as const;
export type ResourceStatus = (typeof RESOURCE_STATUSES)[number];

/** Whether `status` is in `set`; the sets below are exact tuples, which `includes` would not take a wider status for. */
export const isOneOf = <S extends string>(set: readonly S[], status: string): status is S =>
  (set as readonly string[]).includes(status);

/**
 * On the way out: unsubscribed or released, waiting for the provider to delete it, or gone. Nothing
 * is renewed, changed or auto-renewed in these states, and renewal lists leave them out.
 */
export const LEAVING_STATUSES = [
  "releasing",
  "destroying",
  "deleted",
] as const satisfies readonly ResourceStatus[];
export const isLeaving = (status: ResourceStatus): boolean => isOneOf(LEAVING_STATUSES, status);

/**
 * An operation on an existing resource the provider is running (start, stop, attach, resize,
 * snapshot rollback…); the lifecycle step reads each back once the provider settles it.
 */
export const OPERATION_STATUSES = [
  "starting",
  "stopping",
  "rebooting",
  "rebuilding",
  "modifying",
  "mounting",
  "unmounting",
  "binding",
  "unbinding",
  "rolling_back",
] as const satisfies readonly ResourceStatus[];

/**
 * The provider is working on the resource and it settles back to a state at rest: being created,
 * or one of the operations above. Nothing else may be asked of it meanwhile (unsubscribing included).
 */
export const BUSY_STATUSES = ["creating", ...OPERATION_STATUSES] as const satisfies readonly ResourceStatus[];

/** States in which the provider is still working: pages poll while a row shows one. */
export const TRANSITIONAL_STATUSES = [
  ...BUSY_STATUSES,
  "destroying",
  "releasing",
] as const satisfies readonly ResourceStatus[];
export const isTransitional = (status: ResourceStatus): boolean => isOneOf(TRANSITIONAL_STATUSES, status);

/** States whose error log can be read (the provider failed to create or to operate the resource). */
export const FAILED_STATUSES = ["create_failure", "error"] as const satisfies readonly ResourceStatus[];
export const hasFailed = (status: ResourceStatus): boolean => isOneOf(FAILED_STATUSES, status);

/** Never provisioned: still being created, or its creation failed. */
export const UNPROVISIONED_STATUSES = [
  "creating",
  "create_failure",
] as const satisfies readonly ResourceStatus[];

/** Outside the billed life of a resource: the lifecycle step neither meters nor expires these. */
export const OUT_OF_LIFE_STATUSES = [
  ...UNPROVISIONED_STATUSES,
  ...LEAVING_STATUSES,
] as const satisfies readonly ResourceStatus[];

/** A host at rest: it can be started or stopped, rebuilt, resized, and disks or IPs attached to it. */
export const HOST_AT_REST_STATUSES = ["running", "stopped"] as const satisfies readonly ResourceStatus[];

/** A disk or elastic IP at rest, attached ("using") or not ("available"); it can be resized. */
export const ATTACHABLE_AT_REST_STATUSES = [
  "available",
  "using",
] as const satisfies readonly ResourceStatus[];

/** States from which a resource may be unsubscribed or released (nothing running on it, not leaving). */
export const RELEASABLE_STATUSES = [
  "running",
  "stopped",
  "available",
  "error",
  "create_failure",
  "frozen",
  "expired",
] as const satisfies readonly ResourceStatus[];

export const ORDER_STATUSES = [
  "applying",
  "approving",
  "approved",
  "rejected",
  "provisioning",
  "completed",
  "failed",
  // Spec §4's colour-map value for an application an administrator closed instead of activating
  // it (manual activation, spec §1); the tenant was refunded in full.
  "terminated",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Accepted orders the system is still delivering: lists and details poll while one is shown. */
export const ORDER_DELIVERING_STATUSES = [
  "approved",
  "provisioning",
] as const satisfies readonly OrderStatus[];
