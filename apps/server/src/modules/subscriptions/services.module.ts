// Wires buying and running services: the provider (the simulator by default), orders, approvals,
// provisioning, resources, unsubscribe, and the lifecycle step that drives them. The step runs
// every LIFECYCLE_TICK_SECONDS in process (0 turns the timer off: tests call `services.tick()`
// after moving the clock). Every part of it is a conditional update on the rows it moves, so a
// restart resumes it and several instances may run it at once (decision 0006).

import type { Audit } from "../../platform/audit/audit";
import { createBackground } from "../../platform/background";
import type { Clock } from "../../platform/clock";
import type { AppConfig } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import type { ModuleContext } from "../../platform/module";
import type { Messaging } from "../../platform/outbox/messaging";
import type { Secrets } from "../../platform/secrets";
import type { TerminalMaintenance } from "../../platform/terminal/open-terminals";
import { routeByKind } from "../../providers/kind-router";
import { createPrometheusMetrics } from "../../providers/metrics/prometheus-metrics";
import type { NetworkCloud } from "../../providers/network/network-cloud";
import type { ObjectStore } from "../../providers/objectstore/object-store";
import { createSimulatorProvider } from "../../providers/simulator/simulator.provider";
import { registerAlarms } from "../alarms/alarms.module";
import { registerBareMetalRoutes } from "../baremetal/bare-metal.routes";
import type { BudgetEvaluation } from "../budgets/budgets.module";
import { createCache } from "../cache/cache.module";
import type { ContractService } from "../contracts/contracts.service";
import { registerFileShares } from "../fileshares/fileshares.module";
import { registerHpcAccounting } from "../hpc/accounting/accounting.module";
import { registerDedicatedApplicationRoutes } from "../hpc/dedicated-applications.routes";
import { createDedicatedApplicationsService } from "../hpc/dedicated-applications.service";
import { registerHpc } from "../hpc/hpc.module";
import type { UserSessions } from "../iam/user-sessions";
import { createObs } from "../obs/obs.module";
import { createActivationService } from "../orders/approvals/activation.service";
import { createApprovalsService } from "../orders/approvals/approvals.service";
import { createReturnedOrdersService } from "../orders/approvals/returned-orders.service";
import { createLifecycleNotices, createOrderNotices } from "../orders/order-notices";
import { createOrdersService } from "../orders/ordering/orders.service";
import { registerOrderRoutes } from "../orders/orders.routes";
import { createProvisioning } from "../orders/provisioning/provisioning";
import { createSimulatorFaultsService } from "../orders/simulator-faults.service";
import { activeDiscountPackage } from "../packages/package-usage";
import { registerPackages } from "../packages/packages.module";
import { createQueue } from "../queue/queue.module";
import type { QuotaGuard } from "../quotas/quota-port";
import { createPriceInquiryService } from "../quotes/price-inquiry.service";
import { createRds } from "../rds/rds.module";
import { createAttachmentsService } from "../resources/attachments.service";
import { createHostMetrics } from "../resources/host-metrics";
import { createResourceDomain, type HostNetworkPort } from "../resources/resource-domain";
import { createResourcesRepo } from "../resources/resources.repo";
import { registerResourceRoutes } from "../resources/resources.routes";
import { createResourcesService } from "../resources/resources.service";
import { createSnapshotsService } from "../resources/snapshots.service";
import { registerStorageRoutes } from "../resources/storage.routes";
import { registerResizeRoutes } from "./changes/resize.routes";
import { createResizeService } from "./changes/resize.service";
import { createLifecycle } from "./lifecycle/lifecycle.service";
import { registerRenewalRoutes } from "./renewals/renewals.routes";
import { createRenewalsService } from "./renewals/renewals.service";
import { createUnsubscribeService } from "./unsubscribe/unsubscribe.service";

export function registerServices(
  ctx: ModuleContext,
  deps: {
    db: Db;
    clock: Clock;
    config: AppConfig;
    audit: Audit;
    messaging: Messaging;
    quota: QuotaGuard;
    sessions: Pick<UserSessions, "isLive" | "onSessionEnded">;
    /** Ends the HPC terminals when the platform goes into maintenance. */
    maintenance: TerminalMaintenance;
    secrets: Secrets;
    /** Where simulated hosts chosen onto a subnet get their ports. */
    network?: Pick<NetworkCloud, "createPort" | "deletePort">;
    /** Where hosts go on the tenant's network (network/host-placement.ts). */
    hostPlacement?: HostNetworkPort;
    /** Where buckets live (providers/objectstore, the simulator unless one is configured). */
    objectStore: ObjectStore;
    /** Contracts: their discounts price orders, and the step expires them (decision 0029). */
    contracts: ContractService;
    /** Budgets: the step tells organisations about thresholds reached and money running out. */
    budgets: BudgetEvaluation;
  },
) {
  const { db, clock, config, audit } = deps;
  const timeZone = config.businessTimeZone;
  const background = createBackground((err) => ctx.app.log.error({ err }, "lifecycle job failed"));
  const simulator = createSimulatorProvider({
    db,
    clock,
    speedPercent: config.lifecycle.simulatorSpeedPercent,
    ...(deps.network ? { network: deps.network } : {}),
  });
  const hpc = registerHpc(ctx, {
    db,
    clock,
    timeZone,
    audit,
    sessions: deps.sessions,
    maintenance: deps.maintenance,
    secrets: deps.secrets,
  });
  const rds = createRds({ db, clock, audit, secrets: deps.secrets, config: config.rds });
  const cache = createCache({ db, clock, audit, secrets: deps.secrets, config: config.cache });
  const queue = createQueue({ db, clock, audit, secrets: deps.secrets, config: config.queue });
  const obs = createObs({
    db,
    clock,
    audit,
    secrets: deps.secrets,
    timeZone,
    store: deps.objectStore,
    publicUrl: config.publicUrl,
    onStoreError: (resourceId, err) => ctx.app.log.error({ err, resourceId }, "bucket usage not measured"),
  });
  // HPC and AI pools are made on their cluster, databases on their database server, cache instances
  // on the Redis server, message-queue instances on the RabbitMQ server; hosts, bare-metal servers, disks, elastic IPs
  // and snapshots by the cloud provider (the simulator). Orders, the lifecycle and unsubscribe see one provider.
  const provider = routeByKind(simulator, [
    { kind: "hpcPool", refPrefix: hpc.refPrefix, provider: hpc.provider },
    { kind: "aiPlatform", refPrefix: hpc.platformRefPrefix, provider: hpc.platformProvider },
    rds.route,
    cache.route,
    queue.route,
    obs.route,
  ]);
  const quotaGuard = deps.quota;
  const notices = createOrderNotices(deps.messaging);
  // Orders reach hosts, disks, elastic IPs, snapshots and HPC pools only through this interface.
  const domain = obs.domain(
    queue.domain(cache.domain(rds.domain(hpc.domain(createResourceDomain(db, deps.hostPlacement))))),
  );
  const provisioning = createProvisioning({
    db,
    clock,
    timeZone,
    provider,
    notices,
    background,
    quota: quotaGuard,
    domain,
  });
  const inquiry = createPriceInquiryService({
    db,
    clock,
    discountPackage: (orgId, productCode, at) => activeDiscountPackage(db, orgId, productCode, at),
    contractDiscount: deps.contracts.discountFor,
  });
  // Submitting an order and resubmitting a returned one make the same checks and records.
  const ordering = {
    db,
    clock,
    timeZone,
    inquiry,
    quota: quotaGuard,
    domain,
    notices,
    audit,
    returnedOrderDays: config.lifecycle.returnedOrderDays,
  };
  const orders = createOrdersService({
    ...ordering,
    provision: provisioning.provision,
    postpaidMinimumHours: config.lifecycle.postpaidMinimumHours,
  });
  const approvals = createApprovalsService({
    db,
    clock,
    timeZone,
    orders,
    notices,
    audit,
    provision: provisioning.provision,
  });
  const returned = createReturnedOrdersService({ ...ordering, orders });
  const activation = createActivationService({
    db,
    clock,
    timeZone,
    approvals,
    notices,
    quota: quotaGuard,
    domain,
    audit,
    provision: provisioning.provision,
  });
  // A host's monitoring figures, for its charts (and alarm rules): Prometheus's when configured,
  // otherwise the provider's (said to be simulated).
  const hostMetrics = createHostMetrics({
    provider,
    ...(config.prometheus ? { prometheus: createPrometheusMetrics(config.prometheus) } : {}),
  });
  const resources = createResourcesService({
    db,
    clock,
    repo: createResourcesRepo(db),
    provider,
    hostMetrics,
    audit,
  });
  // Alarm rules on the same figures, evaluated in the step below.
  const alarms = registerAlarms(ctx, { db, clock, timeZone, audit, messaging: deps.messaging, hostMetrics });
  // Unsubscribing and resizing act on a running resource and answer with the order they recorded.
  const resourceChanges = { db, clock, timeZone, provider, resources, orders };
  const unsubscribe = createUnsubscribeService({ ...resourceChanges, notices, audit });

  const lifecycle = createLifecycle({
    db,
    clock,
    timeZone,
    config: config.lifecycle,
    provider,
    notify: createLifecycleNotices(deps.messaging),
    renewals: () => renewals,
  });
  const renewals = createRenewalsService({
    db,
    clock,
    timeZone,
    resources,
    audit,
    thaw: lifecycle.thaw,
  });
  const resize = createResizeService({
    ...resourceChanges,
    quota: quotaGuard,
    audit,
    storage: config.storage,
  });

  registerOrderRoutes(ctx, {
    orders,
    approvals,
    returned,
    activation,
    unsubscribe,
    faults: createSimulatorFaultsService({ db, audit, faults: simulator }),
  });
  // `/mgt/innerservice`: dedicated pool applications, activated or closed by the same activation.
  registerDedicatedApplicationRoutes(
    ctx,
    createDedicatedApplicationsService({ db, activation, unsubscribe, audit }),
  );
  registerResourceRoutes(ctx, resources);
  rds.registerRoutes(ctx, resources);
  cache.registerRoutes(ctx, resources);
  queue.registerRoutes(ctx, resources);
  obs.registerRoutes(ctx, resources);
  // Bare-metal servers are simulator instances like hosts (decision 0027): only their pages are their own.
  registerBareMetalRoutes(ctx, resources);
  registerFileShares(ctx, {
    db,
    clock,
    audit,
    provider,
    resources,
    limitsOf: (r) => resize.storageLimitsOf(r.id),
  });
  registerRenewalRoutes(ctx, renewals);
  registerResizeRoutes(ctx, resize);
  const attachments = createAttachmentsService({ db, clock, provider, resources, audit });
  const snapshots = createSnapshotsService({ db, clock, provider, resources, quota: quotaGuard, audit });
  registerStorageRoutes(ctx, { resources, attachments, snapshots });
  const packages = registerPackages(ctx, { db, clock, timeZone, audit });
  const hpcAccounting = registerHpcAccounting(ctx, {
    db,
    clock,
    timeZone,
    messaging: deps.messaging,
    arrearsGraceHours: config.lifecycle.arrearsGraceHours,
    secrets: deps.secrets,
  });

  /** One lifecycle step: provisioning, operations settling, alarms, money and expiry, releases. */
  async function tick(): Promise<void> {
    await provisioning.driveAll();
    await resources.settle();
    await resources.refreshMonitorStatus();
    // Alarms on what runs now, after the step settled hosts started or stopped.
    await alarms.run();
    await snapshots.settle();
    await resize.finishChanges();
    // Packages first: an auto-renewed resource package is there for the hours metering charges.
    await packages.sweep();
    // HPC jobs are charged (and pools in arrears marked) before the lifecycle freezes or thaws.
    await hpcAccounting.run();
    // Buckets' stored bytes and requests likewise (obs-accounting.ts).
    await obs.accounting.run();
    // Contracts that ended lose their credit before the lifecycle decides who is in arrears.
    await deps.contracts.sweep();
    await lifecycle.run();
    // What the lifecycle froze or thawed is held or lifted on the pool's cluster.
    await hpc.holds.reconcile((err) => ctx.app.log.error({ err }, "HPC pool hold failed"));
    // What it froze or thawed turns cache users off or on; their memory is measured against the plan.
    await cache.sweep((err) => ctx.app.log.error({ err }, "cache sweep failed"));
    // And databases' logins locked or unlocked.
    await rds.sweep((err) => ctx.app.log.error({ err }, "database sweep failed"));
    // And message-queue users lose or regain their permissions.
    await queue.sweep((err) => ctx.app.log.error({ err }, "message-queue sweep failed"));
    // Returned orders whose tenant let RETURNED_ORDER_DAYS pass are withdrawn and refunded.
    await returned.expire();
    await unsubscribe.finishReleases();
    // Budgets last: this month's spend includes what the step charged and refunded.
    await deps.budgets.run();
  }

  let running = false;
  const timer =
    config.lifecycle.tickSeconds > 0
      ? setInterval(() => {
          if (running) return;
          running = true;
          background.run(() => tick().finally(() => (running = false)));
        }, config.lifecycle.tickSeconds * 1000)
      : undefined;
  timer?.unref();
  ctx.app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await background.idle();
  });
  ctx.app.decorate("services", { tick, idle: background.idle });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The lifecycle step and a way to wait for provisioning started in the background. */
    services: { tick(): Promise<void>; idle(): Promise<void> };
  }
}
