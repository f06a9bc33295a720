// Builds the HTTP application from its parts. main.ts wires it to a real database and port;
// the integration tests build the same application on a fresh database with a movable clock.
import { existsSync } from "node:fs";
import path from "node:path";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAccessKeyAuthenticator } from "./modules/access-keys/access-key-authenticator";
import { registerAccessKeyRoutes } from "./modules/access-keys/access-keys.routes";
import { createAccessKeyService } from "./modules/access-keys/access-keys.service";
import { registerAuditRoutes } from "./modules/audit/audit.routes";
import { createAuditLogService } from "./modules/audit/audit-log.service";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { createCodeService } from "./modules/auth/codes.service";
import { createCurrentUserService } from "./modules/auth/current-user.service";
import { createLoginService } from "./modules/auth/login.service";
import { createPasswordService } from "./modules/auth/password.service";
import { createRegisterService } from "./modules/auth/register.service";
import { createSessionService } from "./modules/auth/sessions.service";
import { registerStepUpNeededRoute } from "./modules/auth/step-up-needed";
import { registerBudgets } from "./modules/budgets/budgets.module";
import { registerCatalog } from "./modules/catalog/catalog.module";
import { registerConfigRoutes } from "./modules/config/config.routes";
import { createConfigService } from "./modules/config/config.service";
import { createConfigChangesService } from "./modules/config/config-changes.service";
import { createMaintenanceService } from "./modules/config/maintenance.service";
import { registerContracts } from "./modules/contracts/contracts.module";
import { registerFinance } from "./modules/finance/finance.module";
import { sealClusterSecrets } from "./modules/hpc/cluster-secrets";
import { clusterState } from "./modules/hpc/hpc.repo";
import { registerAccessControl } from "./modules/iam/access-control.module";
import { createDataScope } from "./modules/iam/data-scope";
import { registerOperatorRoutes } from "./modules/iam/operators";
import { registerPlatformUserRoutes } from "./modules/iam/platform-users";
import { registerProjectsAndSettings } from "./modules/iam/projects-settings.module";
import { createSecuritySettings } from "./modules/iam/security-settings.service";
import { accountNamesOf } from "./modules/iam/users.repo";
import { registerInvitationRoutes } from "./modules/invitations/invitations.routes";
import { createInvitationService } from "./modules/invitations/invitations.service";
import { registerInvoices } from "./modules/invoices/invoices.module";
import { registerKeyPairs } from "./modules/keypairs/keypairs.module";
import { createAnnouncements } from "./modules/messaging/announcements.service";
import { createMessageCentre } from "./modules/messaging/message-centre.service";
import { registerMessageCentreRoutes, registerMessagingRoutes } from "./modules/messaging/messaging.routes";
import { createHostPlacement } from "./modules/network/host-placement";
import { registerNetwork } from "./modules/network/network.module";
import { registerSecurityGroups } from "./modules/network/security-groups/security-groups.module";
import { registerOverview } from "./modules/overview/overview.routes";
import { activeDiscountPackage } from "./modules/packages/package-usage";
import { registerProfileRoutes } from "./modules/profile/profile.routes";
import { createProfileService } from "./modules/profile/profile.service";
import { registerQuotas } from "./modules/quotas/quotas.module";
import { registerQuotes } from "./modules/quotes/quotes.module";
import { resourceQuotaUsage } from "./modules/resources/quota-usage.repo";
import { registerServices } from "./modules/subscriptions/services.module";
import { registerTenantRoutes } from "./modules/tenants/tenants.routes";
import { registerTickets } from "./modules/tickets/tickets.module";
import { registerVerification } from "./modules/verification/verification.module";
import { registerWebSsh } from "./modules/webssh/webssh.module";
import { createAudit } from "./platform/audit/audit";
import { composeAuthenticators } from "./platform/auth/composite-authenticator";
import { localDiskBlobStore } from "./platform/blobs/blob-store";
import type { Clock } from "./platform/clock";
import type { AppConfig } from "./platform/config";
import type { Database } from "./platform/db/client";
import { readConsoleVersion, registerConsoleVersionCheck } from "./platform/http/console-version";
import { registerCompression, registerConsoleFiles, sendConsoleShell } from "./platform/http/delivery";
import { sendError } from "./platform/http/error-handler";
import { DomainError } from "./platform/http/errors";
import { createGuards } from "./platform/http/guards";
import { registerInputGuard } from "./platform/http/input-guard";
import { databaseNonceStore, memoryNonceStore } from "./platform/http/nonce-store";
import { RateLimiter } from "./platform/http/rate-limit";
import { publicRoute, userRoute } from "./platform/http/route";
import { registerSecurity, setBareSecurityHeaders } from "./platform/http/security";
import { registerSupportReadOnly } from "./platform/http/support-read-only";
import type { ModuleContext } from "./platform/module";
import { createMessaging } from "./platform/outbox/messaging";
import { createOutboxDelivery, type OutboxDelivery } from "./platform/outbox/outbox-delivery";
import { createSmsGateway } from "./platform/outbox/sms/create-sms-gateway";
import { createSecrets, loadSecretsKey } from "./platform/secrets";
import { createNetworkCloud } from "./providers/network/network-clouds";
import { createObjectStore } from "./providers/objectstore/object-stores";

export type AppDeps = { database: Database; clock: Clock; config: AppConfig; logger?: boolean | object };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { database, clock, config } = deps;
  const db = database.db;
  // Before anything starts: secrets stored before sealing are sealed now, and a key that cannot
  // open the sealed ones stops the start here (SecretsKeyError names SECRETS_KEY), decision 0013.
  const secrets = createSecrets(loadSecretsKey(config));
  const sealedClusters = await sealClusterSecrets(db, secrets);
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 1_048_576,
    // A path that is not valid UTF-8 or a path parameter over 100 characters is refused by the
    // router itself: answered like any bad parameter, in the envelope, without echoing the path.
    frameworkErrors: (error, req, reply) => {
      setBareSecurityHeaders(reply);
      sendError(req, reply, error);
    },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
  });
  if (sealedClusters > 0)
    app.log.info({ clusters: sealedClusters }, "sealed the HPC cluster secrets stored before sealing");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, req, reply) => sendError(req, reply, error));

  // First: its hook applies to the routes registered after it, the API documentation's included.
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Skyledger API",
        version: "1.0.0",
        description:
          "Product API under /api, operations API under /api/ops, resource API under /api/res. Signed-in calls are signed (docs/api/signing.md). Each operation lists its permission codes.",
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  await registerSecurity(app, { publicUrl: config.publicUrl, clock });
  // Before the modules: routes declared with `websocket: true` (the HPC terminal) need it loaded.
  await app.register(websocket, { options: { maxPayload: 1_048_576 } });
  registerInputGuard(app);
  registerSupportReadOnly(app);
  registerConsoleVersionCheck(app, readConsoleVersion(config.webDistDir));
  const limiter = new RateLimiter(() => clock.now().getTime());
  app.addHook("onRequest", async (req) => {
    if (req.url.startsWith("/api/")) limiter.enforce(`ip:${req.ip}`, config.rateLimit.perIpPerMinute);
  });
  // A handler that outlives the 50-second request budget answers with a timeout, not silence.
  app.addHook("onRequest", async (req, reply) => {
    const timer = setTimeout(() => {
      if (!reply.sent) sendError(req, reply, new DomainError("REQUEST_TIMEOUT"));
    }, config.requestTimeoutMs);
    reply.raw.once("close", () => clearTimeout(timer));
  });

  const audit = createAudit(clock);
  const configService = createConfigService(db, clock, audit);
  const maintenance = createMaintenanceService(db, clock, audit);
  const messaging = createMessaging(db, clock);
  const outbox = createOutboxDelivery(
    db,
    clock,
    { smtp: config.smtp, sms: createSmsGateway(config.sms, clock) },
    (err) => app.log.error({ err }, "outbox delivery failed"),
  );
  // Notices are queued inside business transactions; once a state-changing request has answered,
  // its transaction has committed and a delivery pass picks them up. The timer covers the rest
  // (background jobs, other instances' kicks, retries).
  app.addHook("onResponse", async (req) => {
    if (req.method !== "GET" && req.method !== "HEAD") outbox.kick();
  });
  if (config.lifecycle.tickSeconds > 0) outbox.start(1000);
  app.addHook("onClose", () => outbox.stop());
  app.decorate("outbox", outbox);
  // One instance for the whole application: the `set` page's changes drop its cache at once.
  const security = createSecuritySettings(db, configService, clock);
  const codes = createCodeService(db, clock, messaging, configService);
  const sessions = createSessionService(db, clock, security, { audit, codes });
  const dataScope = createDataScope(db, clock, sessions);
  const invitations = createInvitationService(db, clock);
  const guards = createGuards({
    // API clients sign with an access key (X-Access-Key); everyone else with a browser session.
    authenticator: composeAuthenticators([createAccessKeyAuthenticator(db, clock)], sessions),
    nonces: database.kind === "pglite" ? memoryNonceStore() : databaseNonceStore(db),
    limiter,
    clock,
    limits: config.rateLimit,
    stepUpEnabled: async (principal) => (await security.effectiveFor(principal.orgId)).stepUpEnabled,
    operatorMoneyStepUpEnabled: () => configService.flag("sms.stepup.operator.money"),
    scopes: dataScope,
    maintenance: maintenance.admit,
  });
  const ctx: ModuleContext = { app, guards, publicRoute, userRoute };

  registerConfigRoutes(
    ctx,
    configService,
    maintenance,
    createConfigChangesService({
      db,
      clock,
      onApplied: configService.invalidate,
      accountNames: accountNamesOf,
    }),
  );
  registerStepUpNeededRoute(ctx);
  registerAuthRoutes(ctx, {
    sessions,
    codes,
    invitations,
    login: createLoginService({ db, clock, security, sessions, audit }),
    register: createRegisterService({ db, clock, config: configService, codes, invitations, audit }),
    passwords: createPasswordService({
      db,
      clock,
      config: configService,
      security,
      codes,
      sessions,
      messaging,
      audit,
      publicUrl: config.publicUrl,
    }),
    currentUser: createCurrentUserService({
      db,
      clock,
      config: configService,
      security,
      sessions,
    }),
  });
  registerInvitationRoutes(ctx, invitations);
  registerFinance(ctx, { db, clock, config });
  registerMessagingRoutes(ctx, messaging);
  registerMessageCentreRoutes(
    ctx,
    createMessageCentre({ db, clock, audit }),
    createAnnouncements({ db, clock, audit }),
  );
  registerPlatformUserRoutes(ctx, { db, clock, audit, sessions, messaging });
  registerTenantRoutes(ctx, { db, clock, audit, messaging, sessions });
  registerOperatorRoutes(ctx, { db, clock, audit, sessions, security });
  registerAccessControl(ctx, { db, clock, audit, sessions, messaging, security });
  registerProfileRoutes(
    ctx,
    createProfileService({
      db,
      clock,
      config: configService,
      codes,
      sessions,
      messaging,
      audit,
      publicUrl: config.publicUrl,
    }),
  );
  registerAccessKeyRoutes(ctx, createAccessKeyService({ db, clock, audit }));
  registerAuditRoutes(ctx, createAuditLogService(db));
  registerProjectsAndSettings(ctx, { db, clock, audit, sessions, security });
  const { files } = registerVerification(ctx, {
    db,
    clock,
    dataDir: config.dataDir,
    audit,
    sessions,
    messaging,
  });
  registerInvoices(ctx, { db, clock, timeZone: config.businessTimeZone, audit, messaging, files });
  registerCatalog(ctx, { db, clock, audit, clusters: clusterState });
  const contracts = registerContracts(ctx, { db, clock, audit, files });
  registerQuotes(ctx, {
    db,
    clock,
    discountPackage: (orgId, productCode, at) => activeDiscountPackage(db, orgId, productCode, at),
    contractDiscount: contracts.discountFor,
  });
  registerKeyPairs(ctx, { db, clock, audit });
  // The network service: OpenStack's Neutron when OPENSTACK_* is set, the simulator otherwise.
  const networkCloud = createNetworkCloud(config.openstack, { db, clock });
  registerNetwork(ctx, { db, clock, audit, network: networkCloud });
  registerSecurityGroups(ctx, { db, clock, audit, cloud: networkCloud });
  registerWebSsh(ctx, {
    db,
    clock,
    audit,
    sessions,
    maintenance,
    simulatorSshTarget: config.simulatorSshTarget,
  });
  const quota = registerQuotas(ctx, { db, clock, audit, usage: resourceQuotaUsage });
  // Object storage: the simulator keeps the bytes beside the console's other uploads (blob keys
  // are UUIDs, so they never collide); decision 0026.
  const objectStore = await createObjectStore(
    { publicUrl: config.publicUrl, s3: config.objectStore },
    {
      db,
      clock,
      blobs: localDiskBlobStore(path.join(config.dataDir, "blobs")),
      secrets,
      log: (message) => app.log.warn(message),
    },
  );
  app.addHook("onClose", async () => objectStore.close?.());
  const budgets = registerBudgets(ctx, { db, clock, timeZone: config.businessTimeZone, audit, messaging });
  registerServices(ctx, {
    db,
    clock,
    config,
    audit,
    messaging,
    quota,
    sessions,
    maintenance,
    secrets,
    network: networkCloud,
    hostPlacement: createHostPlacement({ db, clock, cloud: networkCloud }),
    objectStore,
    contracts,
    budgets,
  });
  registerOverview(ctx, { db, clock, timeZone: config.businessTimeZone });
  registerTickets(ctx, { db, clock, audit, messaging, files, timeZone: config.businessTimeZone });

  const webIndex = path.join(config.webDistDir, "index.html");
  const hasWeb = existsSync(webIndex);
  if (hasWeb) {
    await registerConsoleFiles(app, config.webDistDir);
  }
  app.setNotFoundHandler((req, reply) => {
    // The console is a single-page app: unknown non-API paths get its shell, which shows its own 404.
    if (hasWeb && req.method === "GET" && !req.url.startsWith("/api/") && !req.url.startsWith("/docs")) {
      return sendConsoleShell(reply);
    }
    return sendError(req, reply, new DomainError("NOT_FOUND"));
  });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The notice outbox's delivery worker (tests deliver with `app.outbox.deliverDue()`). */
    outbox: OutboxDelivery;
  }
}
