// The server's layers, checked by `npm run check` (scripts/check-architecture.mjs). Known
// violations still being removed are listed in .dependency-cruiser-known.json; anything new fails.
// The layers and the reasons for them: docs/architecture.md.
const SRC = "^apps/server/src/";
const MODULES = `${SRC}modules/`;
const layer = (...names) => `${MODULES}(${names.join("|")})/`;

// Lowest first: a module may import modules of its own layer or of a lower one, never a higher one.
const LAYERS = [
  ["config"],
  // Identity, in the order its modules use one another: iam owns users, groups and the session
  // interface (UserSessions) that auth implements; invitations and verification build on iam; auth
  // signs in and sends codes; access keys and the profile build on auth.
  ["iam"],
  ["invitations", "verification"],
  ["auth"],
  ["access-keys", "profile"],
  ["catalog"],
  // Money in one direction: finance (top-ups, vouchers, adjustments, charging a purchase) posts
  // through the ledger.
  ["ledger"],
  ["finance"],
  // Invoices read the bills the ledger recorded and the organisation's verification.
  ["invoices"],
  // Contracts give credit (ledger) and discounts that quotes and the lifecycle step read.
  ["contracts"],
  // keypairs depends on identity only.
  ["keypairs"],
  ["orders", "packages", "quotas", "quotes"],
  // Service domains: plug into ordering and provisioning through orders' ServiceDomain interface.
  ["resources", "hpc", "rds", "cache", "queue", "fileshares", "obs", "baremetal"],
  // Alarms watch the hosts' monitoring figures; budgets read the bills of orders and resources;
  // the lifecycle step evaluates both.
  ["alarms", "budgets"],
  // What happens to a bought service after it runs: lifecycle, renewals, changes, unsubscribing.
  ["subscriptions"],
  // Tickets may link a tenant's resources and orders, so they sit above both.
  ["tickets"],
  ["overview", "audit", "messaging"],
];

const layerRules = LAYERS.slice(0, -1).map((names, i) => ({
  name: `layer-${names[0]}`,
  comment: `${names.join(", ")} may not import a higher layer (${LAYERS.slice(i + 1)
    .flat()
    .join(", ")})`,
  severity: "error",
  from: { path: layer(...names) },
  to: { path: layer(...LAYERS.slice(i + 1).flat()) },
}));

// Where SQL may live: repositories, table definitions, migrations and the platform's database code.
const SQL_HOMES = [
  `\\.repo\\.ts$`,
  `\\.schema\\.ts$`,
  `${SRC}migrations/`,
  `${SRC}platform/db/`,
  `${SRC}schema\\.ts$`,
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules and files depend on each other in one direction only",
      severity: "error",
      from: { path: SRC },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "platform-imports-no-module",
      comment: "platform/ is below every module: it offers interfaces that modules implement",
      severity: "error",
      from: { path: `${SRC}platform/` },
      to: { path: MODULES },
    },
    ...layerRules,
    {
      name: "sql-only-in-repositories",
      comment: "Only repositories (and table definitions, migrations, platform/db) use the query builder",
      severity: "error",
      from: { path: SRC, pathNot: SQL_HOMES },
      to: { path: "drizzle-orm" },
    },
    {
      name: "tables-only-in-repositories",
      comment: "Services reach tables through repositories (type-only imports of row types are fine)",
      severity: "error",
      from: { path: SRC, pathNot: SQL_HOMES },
      to: { path: "\\.schema\\.ts$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: ["^apps/server/src", "drizzle-orm"],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require("node:path").join(__dirname, "apps/server/tsconfig.json") },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
