// The web's layers (issue 12 §5), checked on every relative import under apps/web/src:
//   lib/         imports lib/ and i18n/ only.
//   components/  shared building blocks used by more than one domain: lib/, i18n/, app/ (the current
//                user, the query client), components/; never a feature or a page.
//   features/x/  one domain's API hooks, forms and components: lib/, i18n/, app/, components/, the
//                feature folders of its own domain and of the domains DOMAIN_DEPENDS lets it build on
//                (one direction, no cycle); never a page.
//   pages/a/b/   one folder per route: lib/, i18n/, app/, components/, the feature folders of the
//                page's own domain (PAGE_DOMAINS) and page folders of that same domain — never another
//                domain's folder. A page that needs another domain's piece asks for it in components/
//                (when shared) or through its own domain's feature folder.
//   app/         the composition root (start-up, router, shell): may import anything.
// A new feature or page folder fails the check until it is given a domain here.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "web", "src");

/** Each domain and its feature folders (features/<folder>). */
const DOMAINS = {
  account: ["auth", "sms", "dict", "profile", "access-keys"],
  audit: ["audit"],
  bag: ["bag"],
  catalog: ["catalog"],
  config: ["config"],
  finance: ["finance"],
  hpc: ["hpc"],
  iam: ["iam", "iam-settings", "projects"],
  invoices: ["invoices"],
  keypairs: ["keypairs"],
  network: ["network", "network-security"],
  outbox: [],
  overview: ["overview"],
  quotas: ["quotas"],
  services: [
    "services",
    "storage",
    "renew",
    "unsubscribe",
    "webssh",
    "alarms",
    "rds",
    "cache",
    "dms",
    "fileshare",
    "obs",
    "bms",
  ],
  verification: ["verification"],
  tickets: ["tickets"],
  contracts: ["contracts"],
  messages: ["messages"],
  budgets: ["budgets"],
  tenants: ["tenants"],
};

/** Which domains' feature folders a domain's feature folders build on. */
const DOMAIN_DEPENDS = {
  bag: ["catalog"],
  // The product editor describes an HPC pool product with the registered clusters' partitions.
  catalog: ["hpc"],
  config: ["finance"],
  finance: ["verification"],
  // Messages carry attachments uploaded and checked as the verification documents are.
  tickets: ["verification"],
  // The operators' issue dialog uploads the e-invoice PDF with verification's upload field.
  invoices: ["verification"],
  // The signed contract is an upload checked by content, as the verification documents are.
  contracts: ["verification"],
  overview: ["finance", "services", "messages"],
  // The settings page holds the organisation's notice preferences.
  iam: ["messages"],
  // A host is bought onto a VPC, a subnet and security groups, and its page shows and changes them.
  services: ["network"],
  // A tenant's page for operators gathers its money, vouchers, coupons, contracts, users and audit.
  tenants: ["audit", "contracts", "finance", "iam", "invoices", "services"],
};

/** Each page folder's domain (pages/<area>/<page>, or a page file directly under pages/<area>). */
const PAGE_DOMAINS = {
  "auth/apply-package": "bag",
  "auth/edit-email": "account",
  "auth/first-login": "account",
  "auth/login": "account",
  "auth/policy": "config",
  "auth/register": "account",
  "auth/reset-password": "account",
  "auth/retrieve": "account",
  "auth/retrieve-password": "account",
  "console/authent": "verification",
  "console/authent-company": "verification",
  "console/dashboard": "overview",
  "console/profile": "account",
  "console/quota": "quotas",
  "console/ssh-detail": "keypairs",
  "console/sshkeypairs": "keypairs",
  "exception/exception-page.tsx": "account",
  "exception/maintenance-notice.tsx": "account",
  "finance/bag": "bag",
  "finance/bill": "finance",
  "finance/budget": "budgets",
  "finance/invoice": "invoices",
  "finance/invoice-detail": "invoices",
  "finance/coupons": "finance",
  "finance/deals": "finance",
  "finance/online-recharge": "finance",
  "finance/recharge-details": "finance",
  "finance/renew": "services",
  "finance/renew-detail": "services",
  "finance/unsubscribe": "services",
  "hpc/apply": "hpc",
  "hpc/apply-order": "hpc",
  "hpc/hpc": "hpc",
  "hpc/innerservice": "hpc",
  "hpc/modelarts": "hpc",
  "hpc/modelarts-enable": "hpc",
  "hpc/pool-detail": "hpc",
  "hpc/console": "hpc",
  "hpc/terminal": "hpc",
  "network/security-group": "network",
  "network/security-group-rules": "network",
  "network/security-group-hosts": "network",
  "iam/audit": "audit",
  "iam/project": "iam",
  "iam/settings": "iam",
  "iam/strategy": "iam",
  "iam/user": "iam",
  "iam/user-detail": "iam",
  "iam/usergroup": "iam",
  "iam/usergroup-detail": "iam",
  "network/route": "network",
  "network/route-detail": "network",
  "network/subnet-detail": "network",
  "network/vpc": "network",
  "network/vpc-create": "network",
  "network/vpc-detail": "network",
  "ops/invoices": "invoices",
  "ops/adjustments": "finance",
  "ops/approvals": "services",
  "ops/audit": "audit",
  "ops/bag": "bag",
  "ops/cash-vouchers": "finance",
  "ops/coupons": "finance",
  "ops/finance-accounts": "finance",
  "ops/billing-accounts": "finance",
  "ops/invitation": "account",
  "ops/money-approvals": "finance",
  "ops/money-movements": "finance",
  "ops/outbox": "outbox",
  "ops/announcements": "messages",
  "messages/msgs": "messages",
  "messages/msg-detail": "messages",
  "ops/overview": "overview",
  "ops/platform-users": "iam",
  "ops/operators": "iam",
  "ops/tenants": "tenants",
  "ops/productcategory": "catalog",
  "ops/quotas": "quotas",
  "ops/resources": "services",
  "ops/simulator": "services",
  "ops/sys-config": "config",
  "ops/verifications": "verification",
  "ops/workorders": "tickets",
  "ops/workorder-detail": "tickets",
  "tickets/workorder": "tickets",
  "tickets/workorder-detail": "tickets",
  "finance/contract": "contracts",
  "finance/contract-detail": "contracts",
  "ops/contracts": "contracts",
  "services/alarm-rules": "services",
  "services/alarms": "services",
  "services/baremetal": "services",
  "services/baremetal-create": "services",
  "services/baremetal-detail": "services",
  "services/change": "services",
  "services/cloudhost": "services",
  "services/cloudhost-create": "services",
  "services/host-detail": "services",
  "services/host-monitor": "services",
  "services/order-detail": "services",
  "services/orders": "services",
  "services/webssh": "services",
  "storage/blockstorage": "services",
  "storage/blockstorage-create": "services",
  "storage/blockstorage-detail": "services",
  "storage/floatip": "services",
  "storage/floatip-create": "services",
  "storage/floatip-detail": "services",
  "storage/rds": "services",
  "storage/rds-create": "services",
  "storage/rds-detail": "services",
  "storage/dcs": "services",
  "storage/dcs-create": "services",
  "storage/dcs-detail": "services",
  "storage/dms": "services",
  "storage/dms-create": "services",
  "storage/dms-detail": "services",
  "storage/obs": "services",
  "storage/obs-create": "services",
  "storage/obs-detail": "services",
  "storage/share": "services",
  "storage/share-create": "services",
  "storage/share-detail": "services",
  "storage/scalable-file": "services",
  "storage/scalable-file-create": "services",
  "storage/apply-share": "services",
  "storage/scalable-file-detail": "services",
  "storage/snapshot": "services",
  "storage/snapshot-create": "services",
};

const problems = [];

const folderDomain = new Map();
for (const [domain, folders] of Object.entries(DOMAINS))
  for (const folder of folders) {
    if (folderDomain.has(folder)) problems.push(`features/${folder} is listed in two domains`);
    folderDomain.set(folder, domain);
  }
for (const [domain, deps] of Object.entries(DOMAIN_DEPENDS))
  for (const dep of [domain, ...deps])
    if (!(dep in DOMAINS)) problems.push(`DOMAIN_DEPENDS names an unknown domain: ${dep}`);
for (const [page, domain] of Object.entries(PAGE_DOMAINS))
  if (!(domain in DOMAINS)) problems.push(`pages/${page} has an unknown domain: ${domain}`);

// The declared dependencies go one way: a cycle would let two domains reach into each other.
function findCycle() {
  const state = new Map();
  const visit = (domain, trail) => {
    if (state.get(domain) === "done") return null;
    if (state.get(domain) === "open") return [...trail.slice(trail.indexOf(domain)), domain];
    state.set(domain, "open");
    for (const dep of DOMAIN_DEPENDS[domain] ?? []) {
      const cycle = visit(dep, [...trail, domain]);
      if (cycle) return cycle;
    }
    state.set(domain, "done");
    return null;
  };
  for (const domain of Object.keys(DOMAINS)) {
    const cycle = visit(domain, []);
    if (cycle) return cycle;
  }
  return null;
}
const cycle = findCycle();
if (cycle) problems.push(`DOMAIN_DEPENDS has a cycle: ${cycle.join(" → ")}`);

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Where a file sits: its layer, and for features and pages the folder and domain. */
function place(rel) {
  const parts = rel.split("/");
  const layer = parts[0];
  if (layer === "features") {
    const folder = parts[1];
    return { layer, folder: `features/${folder}`, domain: folderDomain.get(folder) };
  }
  if (layer === "pages") {
    // pages/<area>/<page>/… or a page file right under pages/<area>/ (the exception page).
    const key = `${parts[1]}/${parts[2]}`;
    return { layer, folder: `pages/${key}`, domain: PAGE_DOMAINS[key] };
  }
  return { layer };
}

const SOURCE_EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of SOURCE_EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return base;
}

function allowed(from, to) {
  if (from.layer === "app") return true;
  if (to.layer === "lib" || to.layer === "i18n") return true;
  if (from.layer === "lib") return false;
  if (to.layer === "components" || to.layer === "app") return true;
  if (from.layer === "components") return false;
  if (to.layer === "features") {
    if (to.domain === from.domain) return true;
    return from.layer === "features" && (DOMAIN_DEPENDS[from.domain] ?? []).includes(to.domain);
  }
  if (to.layer === "pages") return from.layer === "pages" && to.domain === from.domain;
  return false;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']*)["']|\bimport\(\s*["'](\.[^"']*)["']\s*\)/g;
const unmapped = new Set();
for (const file of files(SRC)) {
  const rel = path.relative(SRC, file).split(path.sep).join("/");
  const from = place(rel);
  if ((from.layer === "features" || from.layer === "pages") && !from.domain) {
    unmapped.add(from.folder);
    continue;
  }
  const text = fs.readFileSync(file, "utf8");
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    const target = path.relative(SRC, resolveImport(file, spec)).split(path.sep).join("/");
    const to = place(target);
    if (!allowed(from, to))
      problems.push(`${rel} (${from.domain ?? from.layer}) imports ${target} (${to.domain ?? to.layer})`);
  }
}
for (const folder of unmapped)
  problems.push(
    `${folder} has no domain: add it to ${folder.startsWith("pages") ? "PAGE_DOMAINS" : "DOMAINS"}`,
  );

if (problems.length > 0) {
  console.error(`Web layer check failed (scripts/check-web-layers.mjs):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Web layers: every page imports components, lib and its own domain's folders.");
