// Who submits an order no person made.
/**
 * `submittedBy` of what the platform itself orders (the lifecycle's release after the retention
 * period): no user has this id (ids are UUIDs), so the list shows "System" instead of an account.
 */
export const SYSTEM_SUBMITTER = "system";
