// One table of every console route of spec §2 with its permission codes and its menu placement.
// The server uses it to build the routes and menus returned by /users/token; the web uses it for
// guards and the left menu. Operator (back-office) functions use B-prefixed codes of our own,
// documented in docs/api/permissions.md.

export const PERMISSION_CODES = {
  CA: "Overview",
  CB01: "Cloud hosts",
  CB0116: "Snapshots",
  CB0117: "Key pairs",
  CB011702: "Key pair detail",
  CB02: "Disks",
  CB04: "Relational database",
  CB05: "Object storage",
  CB0501: "Manage buckets and their objects",
  CB0502: "Object storage access keys",
  CB08: "Bare metal",
  CB09: "Network",
  CB10: "File storage",
  CB1001: "Manage file shares and their access rules",
  CB11: "Cloud backup",
  CB12: "Container engine",
  CB13: "Cache service",
  CB14: "Message queue",
  CB17: "HPC",
  CB1701: "Manage HPC pools (members) and order HPC pools",
  CB18: "Dedicated and shared resource pools",
  CB1802: "Resource pool renewal",
  CB19: "AI resource pools",
  CB1905: "AI resource pool unsubscribe",
  CB1907: "AI resource pool renewal",
  CB1908: "AI development platform unsubscribe",
  CB1909: "AI development platform renewal",
  CB1910: "AI shared pool unsubscribe",
  CB20: "Elastic file service",
  CB2001: "Elastic file service unsubscribe",
  CB2002: "Elastic file service renewal",
  CB2003: "Manage elastic files and their access rules",
  CB2004: "Configuration change",
  CC01: "Top-up and orders",
  CC0101: "Top up and buy packages",
  CC02: "Coupons",
  CC0201: "Redeem cash vouchers",
  CC03: "Bills",
  CC04: "Top-up details",
  CC05: "Invoices",
  CC0501: "Request invoices and manage invoice titles and addresses",
  CC06: "Contracts",
  CC07: "Account details",
  CC08: "Renewal management",
  CC0801: "Renew and auto-renew",
  // Monthly budgets and their notices (issue 19 item 5, beyond the spec).
  CC09: "Budgets",
  CC0901: "Set budgets",
  CD: "Tickets (tenant)",
  CD01: "Manage tickets",
  CF: "Message centre",
  CF01: "Manage messages",
  CG: "Quota",
  CH01: "Users",
  CH02: "User groups",
  CH04: "Projects",
  CH05: "Permissions and settings",
  CH0101: "Manage users",
  CH0201: "Manage user groups",
  CH0401: "Manage projects",
  CH0501: "Manage permission sets and settings",
  CH06: "Access keys",
  CH07: "Audit log (tenant)",
  BB02: "Product categories",
  BI: "Accounts (operator)",
  BJ: "Tickets (operator)",
  BA01: "System configuration (operator)",
  BA02: "Invitation codes (operator)",
  BA03: "Message outbox (operator)",
  BA04: "Platform users and unlock (operator)",
  BA05: "Verification review (operator)",
  BA06: "Audit log (operator)",
  BA07: "Order approval and provisioning (operator)",
  BA08: "Quotas (operator)",
  BA09: "Packages (operator)",
  BA10: "HPC clusters (operator)",
  // Operator accounts and built-in operator roles (issue 19, decision 0028).
  BA11: "Invoices (operator)",
  BA12: "Operator accounts and their roles (operator)",
  // Announcements to tenants (issue 17 item 4): write, schedule and withdraw them.
  BA13: "Announcements (operator)",
  BR: "Read-only view of every operator page and list (auditor)",
  BT: "Tenant accounts, read-only (operator)",
  BN: "Own message centre (operator)",
} as const;

export type PermissionCode = keyof typeof PERMISSION_CODES;
export const ALL_PERMISSION_CODES = Object.keys(PERMISSION_CODES) as PermissionCode[];

export type MenuGroup =
  | "overview"
  | "cloudResources"
  | "network"
  | "costCentre"
  | "tickets"
  | "messages"
  | "quota"
  | "accessControl"
  | "operations";

/** Order of the left menu (spec §2 "Left menu labels"), operators' group last. */
export const MENU_GROUPS: readonly MenuGroup[] = [
  "overview",
  "cloudResources",
  "network",
  "costCentre",
  "tickets",
  "messages",
  "quota",
  "accessControl",
  "operations",
];

export type ConsoleRoute = {
  path: string;
  codes: readonly PermissionCode[];
  /** Present when the route is a left-menu entry. `labelKey` is an i18n key of the web app. */
  menu?: { group: MenuGroup; labelKey: string };
  /**
   * The entry in operators' menus when one route serves tenants and operators with two screens
   * (`/mgt/hpc`: a tenant's pools, an operator's clusters); `menu` otherwise.
   */
  platformMenu?: { group: MenuGroup; labelKey: string };
  /** A route appears in menus and guards only once its page really works. */
  ready: boolean;
};

const r = (
  path: string,
  codes: PermissionCode[],
  ready = false,
  menu?: ConsoleRoute["menu"],
  platformMenu?: ConsoleRoute["platformMenu"],
): ConsoleRoute => ({
  path,
  codes,
  ready,
  ...(menu ? { menu } : {}),
  ...(platformMenu ? { platformMenu } : {}),
});

/**
 * Unsubscribe management (`/unsubscribe`): spec §2's codes (AI pools, elastic file service) and,
 * as `/mgt/change` does, the codes of the basic services a tenant unsubscribes today (hosts,
 * disks, elastic IPs: UNSUBSCRIBABLE_KINDS), so whoever may unsubscribe a host may open the page.
 */
export const UNSUBSCRIBE_PAGE_CODES: readonly PermissionCode[] = [
  "CB1905",
  "CB1908",
  "CB1910",
  "CB2001",
  "CB01",
  "CB02",
  "CB09",
  "CB1701",
  "CB04",
  "CB13",
  "CB14",
  "CB1001",
  "CB0501",
  "CB08",
];

/**
 * Write codes (spec §6 administrator sets; the read-only sets hold only the route codes): the
 * codes the server's state-changing endpoints and the console's action buttons need, one name per
 * action so that both sides read them from here.
 */
export const ACTION_CODES = {
  /** Creating a top-up (online, Alipay, UnionPay) and buying, renewing or subscribing packages. */
  topUp: ["CC0101"],
  buyPackage: ["CC0101"],
  /** Redeeming a cash voucher code. */
  redeemVoucher: ["CC0201"],
  /** Requesting invoices and keeping the invoice titles and mailing addresses. */
  manageInvoices: ["CC0501"],
  /** Setting, changing and removing monthly budgets and the forecast notice's horizon. */
  manageBudgets: ["CC0901"],
  /** Renewing a resource and switching its auto-renew (spec §2: the resource kinds' renewal codes too). */
  renew: ["CC0801", "CB1802", "CB1907", "CB1909", "CB2002", "CB1001"],
  /** Ordering HPC and AI pools and adding or removing their members (the HPC operation set). */
  hpcManage: ["CB1701"],
} as const satisfies Record<string, readonly PermissionCode[]>;

/** The renewal form (`/mgt/renew/detail`): whoever may renew. */
export const RENEW_CODES: readonly PermissionCode[] = ACTION_CODES.renew;

/**
 * The operators' overview (`/sys/overview`): the queues waiting for an operator — orders to approve
 * or activate (BA07), verifications to review (BA05), money requests waiting for a second
 * operator and payments not credited (BI), outbox messages failed for good (BA03) — and the
 * dashboard's panels: money (BI), tenants and arrears (BI, BT), resources (BA07, BI, BT). Whoever
 * holds one of them opens it; each queue and panel shows only with its code.
 */
export const OPERATOR_QUEUE_CODES: readonly PermissionCode[] = ["BA07", "BA05", "BI", "BT", "BA03"];

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  r("/mgt/dashboard", ["CA"], true, { group: "overview", labelKey: "menu.overview" }),
  r("/sys/overview", [...OPERATOR_QUEUE_CODES], true, { group: "overview", labelKey: "menu.opsOverview" }),
  r("/mgt/cloudhost", ["CB01"], true, { group: "cloudResources", labelKey: "menu.cloudhost" }),
  r("/mgt/cloudhost/create", ["CB01"], true),
  r("/mgt/blockstorage", ["CB02"], true, { group: "cloudResources", labelKey: "menu.blockstorage" }),
  r("/mgt/blockstorage/create", ["CB02"], true),
  r("/mgt/blockstorage/:id/detail", ["CB02"], true),
  r("/mgt/snapshot", ["CB0116"], true, { group: "cloudResources", labelKey: "menu.snapshot" }),
  r("/mgt/snapshots/create", ["CB0116"], true),
  r("/mgt/sshkeypairs", ["CB0117"], true, { group: "cloudResources", labelKey: "menu.sshkeypairs" }),
  r("/mgt/ssh/deatil/:id", ["CB011702"], true),
  r("/mgt/baremetalserver", ["CB08"], true, { group: "cloudResources", labelKey: "menu.baremetal" }),
  r("/mgt/baremetalserver/create", ["CB08"], true),
  r("/mgt/baremetalserver/:id/detail", ["CB08"], true),
  r("/mgt/host/:id/detail", ["CB01"], true),
  r("/mgt/host/monitor/overview/:id", ["CB01"], true),
  // Remote login to a host in the browser, opened from a host's row or detail page (`?host=`).
  r("/webssh", ["CB01"], true),
  // Host monitoring alarms (spec §2 "also implied: monitoring and alarms"): the hosts' code.
  r("/mgt/monitor/alarms", ["CB01"], true, { group: "cloudResources", labelKey: "menu.alarms" }),
  r("/mgt/monitor/alarm-rules", ["CB01"], true, { group: "cloudResources", labelKey: "menu.alarmRules" }),
  r("/mgt/vpc", ["CB09"], true, { group: "network", labelKey: "menu.vpc" }),
  r("/mgt/vpc/create", ["CB09"], true),
  r("/mgt/vpc/detail/:id", ["CB09"], true),
  r("/mgt/vpc/subnet/:id", ["CB09"], true),
  r("/mgt/route", ["CB09"], true, { group: "network", labelKey: "menu.route" }),
  r("/mgt/route/detail/:id", ["CB09"], true),
  r("/mgt/security_group", ["CB09"], true, { group: "network", labelKey: "menu.securityGroup" }),
  r("/mgt/security_group/rule/:id", ["CB09"], true),
  r("/mgt/security_group/instance/:id", ["CB09"], true),
  r("/mgt/network_acl", ["CB09"]),
  r("/mgt/network_acl/detail/:id", ["CB09"]),
  r("/mgt/floatip", ["CB09"], true, { group: "cloudResources", labelKey: "menu.floatip" }),
  r("/mgt/floatip/create", ["CB09"], true),
  r("/mgt/floatip/:id/detail", ["CB09"], true),
  // Relational databases: the list with each one's connection, and one database's page.
  r("/mgt/rds", ["CB04"], true, { group: "cloudResources", labelKey: "menu.rds" }),
  r("/mgt/rds/create", ["CB04"], true),
  r("/mgt/rds/:id/detail", ["CB04"], true),
  // Object storage: buckets with their objects, share links and the organisation's S3 access keys.
  r("/mgt/obs", ["CB05"], true, { group: "cloudResources", labelKey: "menu.obs" }),
  r("/mgt/obs/create", ["CB05"], true),
  r("/mgt/obs/detail/:id", ["CB05"], true),
  // File storage: NFS/CIFS shares, each one's mount address, capacity and access rules.
  r("/mgt/share", ["CB10"], true, { group: "cloudResources", labelKey: "menu.share" }),
  r("/mgt/share/create", ["CB10"], true),
  r("/mgt/share/:id/detail", ["CB10"], true),
  r("/mgt/cbr", ["CB11"]),
  r("/mgt/cce", ["CB12"]),
  // The cache service: Redis instances, each one's connection and memory used.
  r("/mgt/dcs", ["CB13"], true, { group: "cloudResources", labelKey: "menu.dcs" }),
  r("/mgt/dcs/create", ["CB13"], true),
  r("/mgt/dcs/:id/detail", ["CB13"], true),
  // The message-queue service: RabbitMQ virtual hosts, each one's connection and limits.
  r("/mgt/dms", ["CB14"], true, { group: "cloudResources", labelKey: "menu.dms" }),
  r("/mgt/dms/create", ["CB14"], true),
  r("/mgt/dms/:id/detail", ["CB14"], true),
  // Tenants see their pools (CB17); operators holding BA10 see the clusters on the same page.
  r(
    "/mgt/hpc",
    ["CB17", "BA10"],
    true,
    { group: "cloudResources", labelKey: "menu.hpc" },
    { group: "operations", labelKey: "menu.hpcClusters" },
  ),
  r("/mgt/hpc/:id", ["CB17"], true),
  // The order form of an HPC product, reached from its public landing `/apply/{id}`.
  r("/mgt/hpc/apply/:id", ["CB17"], true),
  // The job console: a member submits, follows and cancels batch jobs in their pools.
  r("/hpcconsole", ["CB17"], true, { group: "cloudResources", labelKey: "menu.hpcConsole" }),
  // The browser terminal on a pool's login host, opened from a pool's page (`?pool=`).
  r("/hpcv1console", ["CB17"], true),
  // Dedicated pool applications: a tenant's (CB18); operators holding BA07 (the approval queue's
  // code) see every tenant's and activate or close them on the same page.
  r(
    "/mgt/innerservice",
    ["CB18", "BA07"],
    true,
    { group: "cloudResources", labelKey: "menu.innerservice" },
    { group: "operations", labelKey: "menu.innerserviceOps" },
  ),
  // The AI development platform: training jobs on the tenant's AI resource pools.
  r("/mgt/modelarts", ["CB19"], true, { group: "cloudResources", labelKey: "menu.modelarts" }),
  r("/mgt/modelarts/enable", ["CB19"], true),
  // The elastic file service: NFS file systems, each one's mount address, capacity and access rules.
  r("/mgt/scalableFile", ["CB20"], true, { group: "cloudResources", labelKey: "menu.scalableFile" }),
  r("/mgt/scalableFile/create", ["CB20"], true),
  r("/mgt/scalableFile/:id/detail", ["CB20"], true),
  r("/mgt/change", ["CB2004", "CB01"], true),
  r("/mgt/renew", ["CC08"], true, { group: "costCentre", labelKey: "menu.renew" }),
  r("/unsubscribe", [...UNSUBSCRIBE_PAGE_CODES], true, { group: "costCentre", labelKey: "menu.unsubscribe" }),
  r("/mgt/renew/detail", [...RENEW_CODES], true),
  r("/mgt/onlinerecharge", ["CC0101"], true),
  r("/mgt/alirecharge", ["CC0101"], true),
  r("/mgt/unionpay", ["CC0101"], true),
  r("/mgt/rechargedetails", ["CC04"], true, { group: "costCentre", labelKey: "menu.rechargedetails" }),
  r("/mgt/deals", ["CC07"], true, { group: "costCentre", labelKey: "menu.deals" }),
  r("/mgt/couponordinary", ["CC02"], true, { group: "costCentre", labelKey: "menu.coupons" }),
  r("/mgt/bill", ["CC03"], true, { group: "costCentre", labelKey: "menu.bills" }),
  r("/mgt/invoice", ["CC05"], true, { group: "costCentre", labelKey: "menu.invoices" }),
  r("/mgt/invoice/:id", ["CC05"], true),
  r("/mgt/contract", ["CC06"], true, { group: "costCentre", labelKey: "menu.contracts" }),
  r("/mgt/contracts/detail/:id", ["CC06"], true),
  r("/mgt/order", ["CC01"], true, { group: "costCentre", labelKey: "menu.orders" }),
  r("/mgt/bag", ["CC01"], true, { group: "costCentre", labelKey: "menu.bag" }),
  r("/mgt/orders/:id", ["CC01"], true),
  // Monthly budgets with their notices (issue 19 item 5, beyond the spec).
  r("/mgt/budget", ["CC09"], true, { group: "costCentre", labelKey: "menu.budgets" }),
  r("/mgt/workorder", ["CD"], true, { group: "tickets", labelKey: "menu.tickets" }),
  r("/mgt/workorder/details/:id", ["CD"], true),
  r("/mgt/msgs", ["CF"], true, { group: "messages", labelKey: "menu.messages" }),
  r("/mgt/msgs/:id", ["CF"], true),
  // Operators' own message centre: the notices sent to them (approval requests, tickets, invoices).
  r("/sys/msgs", ["BN"], true, { group: "messages", labelKey: "menu.messages" }),
  r("/sys/msgs/:id", ["BN"], true),
  r("/mgt/quota", ["CG"], true, { group: "quota", labelKey: "menu.quota" }),
  r("/mgt/user", ["CH01"], true, { group: "accessControl", labelKey: "menu.users" }),
  r("/mgt/userdetail/:id", ["CH01"], true),
  r("/mgt/usergroup", ["CH02"], true, { group: "accessControl", labelKey: "menu.usergroups" }),
  r("/mgt/usergroupdetail/:id", ["CH02"], true),
  r("/mgt/project", ["CH04"], true, { group: "accessControl", labelKey: "menu.projects" }),
  r("/mgt/strategy", ["CH05"], true, { group: "accessControl", labelKey: "menu.strategy" }),
  r("/mgt/set", ["CH05"], true, { group: "accessControl", labelKey: "menu.settings" }),
  r("/mgt/audit", ["CH07"], true, { group: "accessControl", labelKey: "menu.auditLog" }),
  r("/mgt/workorders", ["BJ"], true, { group: "operations", labelKey: "menu.ticketQueue" }),
  r("/mgt/workorders/detail/:id", ["BJ"], true),
  r("/sys/config", ["BA01"], true, { group: "operations", labelKey: "menu.sysConfig" }),
  r("/sys/invitation", ["BA02"], true, { group: "operations", labelKey: "menu.invitationCodes" }),
  r("/sys/outbox", ["BA03"], true, { group: "operations", labelKey: "menu.outbox" }),
  r("/sys/users", ["BA04"], true, { group: "operations", labelKey: "menu.platformUsers" }),
  r("/sys/operators", ["BA12"], true, { group: "operations", labelKey: "menu.operators" }),
  r("/sys/announcements", ["BA13"], true, { group: "operations", labelKey: "menu.announcements" }),
  r("/sys/verifications", ["BA05"], true, { group: "operations", labelKey: "menu.verifications" }),
  r("/sys/audit", ["BA06"], true, { group: "operations", labelKey: "menu.auditLog" }),
  r("/sys/quotas", ["BA08"], true, { group: "operations", labelKey: "menu.quotas" }),
  r("/sys/approvals", ["BA07"], true, { group: "operations", labelKey: "menu.approvals" }),
  // The simulator provider's fault switches (drills and demos), apart from approving real orders.
  r("/sys/simulator", ["BA07"], true, { group: "operations", labelKey: "menu.simulator" }),
  r("/sys/bag", ["BA09"], true, { group: "operations", labelKey: "menu.bagOffers" }),
  // An order as operators read it: approvers (BA07), and whoever reads a tenant's orders (BI, BT).
  r("/sys/orders/:id", ["BA07", "BI", "BT"], true),
  // Tenant management (issue 19 item 3): read by BI and BT, frozen and unfrozen by BI.
  r("/sys/tenants", ["BI", "BT"], true, { group: "operations", labelKey: "menu.tenants" }),
  r("/sys/tenants/:id", ["BI", "BT"], true),
  // Every tenant's resources, the list behind the dashboard's resource numbers (issue 19 §6): the
  // codes of its endpoint (GET /api/ops/resources).
  r("/sys/resources", ["BI", "BT", "BA07"], true, { group: "operations", labelKey: "menu.opsResources" }),
  r("/sys/finance/accounts", ["BI", "BT"], true, { group: "operations", labelKey: "menu.financeAccounts" }),
  // The billing accounts list (spec `accounts`, BI): every tenant's balance, credit, vouchers, arrears.
  r("/mgt/accounts", ["BI"], true, { group: "operations", labelKey: "menu.billingAccounts" }),
  r("/sys/finance/adjustments", ["BI"], true, { group: "operations", labelKey: "menu.adjustments" }),
  r("/sys/finance/approvals", ["BI"], true, { group: "operations", labelKey: "menu.moneyApprovals" }),
  r("/sys/finance/vouchers", ["BI"], true, { group: "operations", labelKey: "menu.cashVouchers" }),
  // The entries behind the dashboard's money totals (issue 19 §6): revenue, top-ups, refunds, vouchers.
  r("/sys/finance/movements", ["BI"], true, { group: "operations", labelKey: "menu.moneyMovements" }),
  r("/sys/finance/coupons", ["BI"], true, { group: "operations", labelKey: "menu.couponIssuing" }),
  r("/sys/contracts", ["BI"], true, { group: "operations", labelKey: "menu.contractAdmin" }),
  r("/mgt/productcategory", ["BB02"], true, { group: "operations", labelKey: "menu.productCategory" }),
  // The invoice queue: issue (e-invoice PDF, number, tracking number) or reject tenants' requests.
  r("/sys/invoices", ["BA11"], true, { group: "operations", labelKey: "menu.invoiceQueue" }),
];

/** Routes open to any logged-in user (spec §2: profile needs no code). */
export const OPEN_ROUTES: readonly string[] = ["/info", "/authent", "/authent/company"];

/**
 * The auditor's code: it opens every operator (B-coded) endpoint that changes nothing (a GET or a
 * reviewed `noStateChange` call) and every operator page, and no action (decision 0028).
 */
export const OPERATOR_READ_ALL_CODE = "BR" satisfies PermissionCode;

/**
 * Whether a holder of `held` passes `codes` (any of them; none: anyone signed in). `reads`: the
 * endpoint or page changes nothing, so `BR` opens it when it is an operator one.
 */
export function codesAllow(
  codes: readonly string[],
  held: ReadonlySet<string> | readonly string[],
  reads: boolean,
): boolean {
  if (codes.length === 0) return true;
  const has = (c: string) => ("has" in held ? held.has(c) : held.includes(c));
  if (codes.some(has)) return true;
  return reads && has(OPERATOR_READ_ALL_CODE) && codes.some((c) => c.startsWith("B"));
}

export function mayAccess(route: Pick<ConsoleRoute, "codes">, permissions: readonly string[]): boolean {
  return codesAllow(route.codes, permissions, true);
}

/** Matches a concrete path against the table's patterns (":id" segments match anything). */
export function findRoute(path: string): ConsoleRoute | undefined {
  const parts = path.split("/");
  return CONSOLE_ROUTES.find((route) => {
    const pattern = route.path.split("/");
    return (
      pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(":") || seg === parts[i])
    );
  });
}

export type MenuItem = { key: string; labelKey: string; path?: string; children?: MenuItem[] };

/**
 * Tenant routes act on the user's own organisation (every console C code, the tenant overview
 * included: its account, verification and resource cards are an organisation's); platform accounts
 * have none, so they are left out of their menus and routes — operators have their own overview.
 */
export function isTenantRoute(route: Pick<ConsoleRoute, "codes">): boolean {
  return route.codes.length > 0 && route.codes.every((c) => c.startsWith("C"));
}

export type MenuScope = "tenant" | "platform";

function visible(route: ConsoleRoute, permissions: readonly string[], scope: MenuScope): boolean {
  return route.ready && mayAccess(route, permissions) && (scope === "tenant" || !isTenantRoute(route));
}

/** The left menu for a permission list: only ready entries the user may open, grouped as spec §2 says. */
export function buildMenus(permissions: readonly string[], scope: MenuScope = "tenant"): MenuItem[] {
  const menus: MenuItem[] = [];
  for (const group of MENU_GROUPS) {
    const entry = (route: ConsoleRoute) =>
      scope === "platform" ? (route.platformMenu ?? route.menu) : route.menu;
    const items = CONSOLE_ROUTES.filter(
      (route) => entry(route)?.group === group && visible(route, permissions, scope),
    ).map((route) => ({ key: route.path, labelKey: entry(route)!.labelKey, path: route.path }));
    if (items.length === 0) continue;
    if (group === "overview") menus.push(...items);
    else menus.push({ key: group, labelKey: `menu.group.${group}`, children: items });
  }
  return menus;
}

export function allowedRoutes(permissions: readonly string[], scope: MenuScope = "tenant"): string[] {
  return CONSOLE_ROUTES.filter((route) => visible(route, permissions, scope)).map((route) => route.path);
}

// Built-in permission sets of spec §6. Each domain's administrator set holds its route (read)
// codes and its management (write) codes; the read-only set only the route codes, so it opens no
// endpoint that changes state (apps/server/test/permissions.test.ts proves it over every endpoint).
const TENANT_CODES = ALL_PERMISSION_CODES.filter((c) => c.startsWith("C"));
const COST_CENTRE_READ: PermissionCode[] = [
  "CA",
  "CC01",
  "CC02",
  "CC03",
  "CC04",
  "CC05",
  "CC06",
  "CC07",
  "CC08",
  "CC09",
];
const COST_CENTRE_MANAGE: PermissionCode[] = [
  ...COST_CENTRE_READ,
  "CC0101",
  "CC0201",
  "CC0801",
  "CC0501",
  "CC0901",
];
const IAM_READ: PermissionCode[] = ["CA", "CH01", "CH02", "CH04", "CH05"];
const IAM_MANAGE: PermissionCode[] = [...IAM_READ, "CH0101", "CH0201", "CH0401", "CH0501", "CH07"];

export type PermissionSetDef = {
  key: string;
  codes: readonly PermissionCode[];
  /** A read-only set: it must open no endpoint that changes business state. */
  readOnly?: true;
};

export const BUILT_IN_PERMISSION_SETS: readonly PermissionSetDef[] = [
  { key: "platformAdmin", codes: ALL_PERMISSION_CODES },
  { key: "tenantAdmin", codes: TENANT_CODES },
  { key: "costCentreAdmin", codes: COST_CENTRE_MANAGE },
  { key: "costCentreReadOnly", codes: COST_CENTRE_READ, readOnly: true },
  { key: "ticketAdmin", codes: ["CA", "CD", "CD01"] },
  { key: "ticketReadOnly", codes: ["CA", "CD"], readOnly: true },
  { key: "iamAdmin", codes: IAM_MANAGE },
  { key: "iamReadOnly", codes: IAM_READ, readOnly: true },
  { key: "messageAdmin", codes: ["CA", "CF", "CF01"] },
  { key: "messageReadOnly", codes: ["CA", "CF"], readOnly: true },
  // Spec §6 "HPC operation or use": operation orders pools (following dedicated pool applications,
  // CB18) and manages their members; use is what a member needs (its holders are the users who may be made Slurm users of a pool).
  { key: "hpcOperation", codes: ["CA", "CB17", "CB1701", "CB18"] },
  { key: "hpcUse", codes: ["CA", "CB17"] },
  { key: "basicServices", codes: ["CA", "CB01", "CB0116", "CB0117", "CB011702", "CB02", "CB09", "CB08"] },
  { key: "aiResourcePool", codes: ["CA", "CB19", "CB1905", "CB1907", "CB1908", "CB1909", "CB1910"] },
  {
    key: "fileServiceAdmin",
    codes: ["CA", "CB05", "CB0501", "CB10", "CB1001", "CB20", "CB2001", "CB2002", "CB2003"],
  },
  { key: "fileServiceReadOnly", codes: ["CA", "CB05", "CB10", "CB20"], readOnly: true },
  // Spec §6: sub-users need the access-key permission granted separately; this set carries it
  // (object storage's S3 keys too).
  { key: "fileServiceAccessKey", codes: ["CA", "CB05", "CB0502", "CB20", "CH06"] },
];

/** Every built-in set the seed writes: the tenants' sets above and the operator roles' sets. */
export const ALL_BUILT_IN_SETS = (): readonly PermissionSetDef[] => [
  ...BUILT_IN_PERMISSION_SETS,
  ...OPERATOR_ROLE_SETS.map(({ key, codes, readOnly }) => ({
    key,
    codes,
    ...(readOnly ? { readOnly } : {}),
  })),
];

export type UserGroupDef = { key: string; permissionSets: readonly string[] };

/** Built-in user groups of spec §6 with the permission sets each grants. */
export const BUILT_IN_USER_GROUPS: readonly UserGroupDef[] = [
  { key: "administrator", permissionSets: ["tenantAdmin"] },
  {
    key: "resourceAdmin",
    permissionSets: ["basicServices", "aiResourcePool", "hpcOperation", "fileServiceAdmin"],
  },
  { key: "projectAdmin", permissionSets: ["basicServices", "costCentreReadOnly"] },
  { key: "projectMember", permissionSets: ["basicServices"] },
  { key: "readOnlyMember", permissionSets: ["costCentreReadOnly", "ticketReadOnly", "messageReadOnly"] },
  { key: "hpcCustom", permissionSets: ["hpcOperation", "hpcUse"] },
];

export const PLATFORM_ADMIN_ROLE_ID = 301;
/** The role of every operator account that is not a platform administrator (its roles: below). */
export const OPERATOR_ROLE_ID = 302;

// Built-in operator roles (issue 19, decision 0028): each is a built-in permission set of B codes
// (never shown to or granted by a tenant), held by an operator account through a direct grant;
// the platform administrator's is role 301's own set. An operator holds one or more of them.
export const OPERATOR_ROLE_KEYS = [
  "platformAdmin",
  "operationAdmin",
  "billingAdmin",
  "verificationReviewer",
  "afterSales",
  "auditor",
] as const;
export type OperatorRoleKey = (typeof OPERATOR_ROLE_KEYS)[number];

/** The permission set (by key) and the codes of each operator role but the platform administrator's. */
export const OPERATOR_ROLE_SETS: readonly (PermissionSetDef & { role: OperatorRoleKey })[] = [
  // Pre-approval and approval of orders (its holders receive the approval e-mails), the
  // catalogue with listing and delisting, packages, quotas and HPC clusters.
  {
    role: "operationAdmin",
    key: "opOperationAdmin",
    codes: ["BA07", "BB02", "BA09", "BA08", "BA10", "BA13", "BN"],
  },
  // Pricing and billing policies live in the catalogue (BB02), the money pages under BI.
  { role: "billingAdmin", key: "opBillingAdmin", codes: ["BI", "BB02", "BA11", "BN"] },
  { role: "verificationReviewer", key: "opVerificationReviewer", codes: ["BA05", "BN"] },
  { role: "afterSales", key: "opAfterSales", codes: ["BJ", "BA11", "BT", "BN"] },
  { role: "auditor", key: "opAuditor", codes: [OPERATOR_READ_ALL_CODE], readOnly: true },
];

/** The codes a holder of `roles` gets through them. */
export function operatorRoleCodes(roles: readonly OperatorRoleKey[]): PermissionCode[] {
  if (roles.includes("platformAdmin")) return [...ALL_PERMISSION_CODES];
  const codes = new Set<PermissionCode>();
  for (const set of OPERATOR_ROLE_SETS) if (roles.includes(set.role)) for (const c of set.codes) codes.add(c);
  return [...codes].sort();
}

/** Display names of the built-in roles, by role key. */
export const ROLE_NAMES: Record<string, { zh: string; en: string }> = {
  platformAdmin: { zh: "平台管理员", en: "Platform administrator" },
  tenantAdmin: { zh: "租户管理员", en: "Tenant administrator" },
  subUser: { zh: "子用户", en: "Sub-user" },
  operator: { zh: "运营人员", en: "Operator" },
};

export function roleName(key: string, fallback: string, locale: "zh-CN" | "en-US"): string {
  const names = ROLE_NAMES[key];
  return names ? (locale === "zh-CN" ? names.zh : names.en) : fallback;
}
