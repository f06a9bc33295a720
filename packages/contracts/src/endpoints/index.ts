// Every endpoint of the API by domain: `endpoints.<domain>.<action>` (written by
// scripts/codemods/endpoints-from-routes.ts from the files next to it).
import { accessKeysEndpoints } from "./access-keys";
import { alarmsEndpoints } from "./alarms";
import { auditEndpoints } from "./audit";
import { authEndpoints } from "./auth";
import { bareMetalEndpoints } from "./bare-metal";
import { budgetsEndpoints } from "./budgets";
import { cacheEndpoints } from "./cache";
import { catalogEndpoints } from "./catalog";
import { configEndpoints } from "./config";
import { contractsEndpoints } from "./contracts";
import { scalableFilesEndpoints, sharesEndpoints } from "./file-shares";
import { filesEndpoints } from "./files";
import { financeEndpoints } from "./finance";
import { financeOpsEndpoints } from "./finance-ops";
import { groupsEndpoints } from "./groups";
import { hpcEndpoints } from "./hpc";
import { hpcAccountingEndpoints } from "./hpc-accounting";
import { hpcConsoleEndpoints } from "./hpc-console";
import { hpcDedicatedEndpoints } from "./hpc-dedicated";
import { invitationsEndpoints } from "./invitations";
import { invoicesEndpoints } from "./invoices";
import { keypairsEndpoints } from "./keypairs";
import { messagesEndpoints } from "./messages";
import { messagingEndpoints } from "./messaging";
import { modelartsEndpoints } from "./modelarts";
import { networkEndpoints } from "./network";
import { networkSecurityEndpoints } from "./network-security";
import { obsEndpoints } from "./obs";
import { operatorsEndpoints } from "./operators";
import { opsDashboardEndpoints } from "./ops-dashboard";
import { ordersEndpoints } from "./orders";
import { overviewEndpoints } from "./overview";
import { packagesEndpoints } from "./packages";
import { permissionSetsEndpoints } from "./permission-sets";
import { platformUsersEndpoints } from "./platform-users";
import { profileEndpoints } from "./profile";
import { projectsEndpoints } from "./projects";
import { queueEndpoints } from "./queue";
import { quotasEndpoints } from "./quotas";
import { rdsEndpoints } from "./rds";
import { resourcesEndpoints } from "./resources";
import { securitySettingsEndpoints } from "./security-settings";
import { tenantsEndpoints } from "./tenants";
import { ticketsEndpoints } from "./tickets";
import { usersEndpoints } from "./users";
import { verificationEndpoints } from "./verification";
import { websshEndpoints } from "./webssh";

export const endpoints = {
  accessKeys: accessKeysEndpoints,
  alarms: alarmsEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  bareMetal: bareMetalEndpoints,
  budgets: budgetsEndpoints,
  cache: cacheEndpoints,
  catalog: catalogEndpoints,
  config: configEndpoints,
  files: filesEndpoints,
  finance: financeEndpoints,
  financeOps: financeOpsEndpoints,
  groups: groupsEndpoints,
  hpc: hpcEndpoints,
  hpcAccounting: hpcAccountingEndpoints,
  hpcConsole: hpcConsoleEndpoints,
  hpcDedicated: hpcDedicatedEndpoints,
  invitations: invitationsEndpoints,
  invoices: invoicesEndpoints,
  keypairs: keypairsEndpoints,
  contracts: contractsEndpoints,
  tickets: ticketsEndpoints,
  messaging: messagingEndpoints,
  messages: messagesEndpoints,
  modelarts: modelartsEndpoints,
  networkSecurity: networkSecurityEndpoints,
  network: networkEndpoints,
  opsDashboard: opsDashboardEndpoints,
  orders: ordersEndpoints,
  overview: overviewEndpoints,
  packages: packagesEndpoints,
  permissionSets: permissionSetsEndpoints,
  platformUsers: platformUsersEndpoints,
  profile: profileEndpoints,
  projects: projectsEndpoints,
  obs: obsEndpoints,
  operators: operatorsEndpoints,
  queue: queueEndpoints,
  quotas: quotasEndpoints,
  rds: rdsEndpoints,
  scalableFiles: scalableFilesEndpoints,
  resources: resourcesEndpoints,
  securitySettings: securitySettingsEndpoints,
  tenants: tenantsEndpoints,
  shares: sharesEndpoints,
  users: usersEndpoints,
  verification: verificationEndpoints,
  webssh: websshEndpoints,
};
