// Every table, for drizzle-kit's migration generator. The composition root owns the list: the
// platform layer imports no module.

export * from "./modules/alarms/alarms.schema";
export * from "./modules/auth/auth.schema";
export * from "./modules/cache/cache.schema";
export * from "./modules/catalog/catalog.schema";
export * from "./modules/config/config.schema";
export * from "./modules/fileshares/fileshares.schema";
export * from "./modules/finance/finance.schema";
export * from "./modules/hpc/accounting/hpc-accounting.schema";
export * from "./modules/hpc/hpc.schema";
export * from "./modules/hpc/training/training.schema";
export * from "./modules/iam/iam.schema";
export * from "./modules/invitations/invitations.schema";
export * from "./modules/invoices/invoices.schema";
export * from "./modules/keypairs/keypairs.schema";
export * from "./modules/ledger/ledger.schema";
export * from "./modules/network/network.schema";
export * from "./modules/network/security-groups/security-groups.schema";
export * from "./modules/obs/obs.schema";
export * from "./modules/orders/orders.schema";
export * from "./modules/packages/packages.schema";
export * from "./modules/queue/queue.schema";
export * from "./modules/quotas/quotas.schema";
export * from "./modules/rds/rds.schema";
export * from "./modules/resources/resources.schema";
export * from "./modules/verification/verification.schema";
export * from "./modules/webssh/webssh.schema";
export * from "./platform/audit/audit.schema";
export * from "./platform/blobs/blobs.schema";
export * from "./platform/db/platform.schema";
export * from "./platform/outbox/outbox.schema";
export * from "./providers/hpc/simulator-cluster.schema";
export * from "./providers/network/simulator-network.schema";
export * from "./providers/objectstore/s3-object-store.schema";
export * from "./providers/objectstore/simulated-object-store.schema";
export * from "./providers/simulator/simulator.schema";
