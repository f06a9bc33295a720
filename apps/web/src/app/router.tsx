// Every page is its own chunk (React.lazy under the 120 s chunk timeout); the console layout too,
// so the login page downloads neither the console nor the operator screens. Declarative routes
// rather than a data router: the login page needs none of the loader machinery (half the size).
import { Navigate, Route, Routes } from "react-router";
import { loadTexts } from "../i18n";
import { lazyPage } from "./lazy-page";
import { RootLayout } from "./root-layout";

// Every page but the login page needs texts beyond the bundled ones; they load alongside the page.
const withTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([loadTexts(), load()]).then(([, module]) => module);

const LoginPage = lazyPage(() => import("../pages/auth/login/login-page"), "LoginPage");
const RegisterPage = lazyPage(
  withTexts(() => import("../pages/auth/register/register-page")),
  "RegisterPage",
);
const AgreementPage = lazyPage(
  withTexts(() => import("../pages/auth/policy/policy-page")),
  "AgreementPage",
);
const PrivacyPage = lazyPage(
  withTexts(() => import("../pages/auth/policy/policy-page")),
  "PrivacyStatementPage",
);
const ApplyPackagePage = lazyPage(
  withTexts(() => import("../pages/auth/apply-package/apply-package-page")),
  "ApplyPackagePage",
);
const HpcApplyPage = lazyPage(
  withTexts(() => import("../pages/hpc/apply/apply-page")),
  "ApplyPage",
);
const ApplySharePage = lazyPage(
  withTexts(() => import("../pages/storage/apply-share/apply-share-page")),
  "ApplySharePage",
);
const RetrievePage = lazyPage(
  withTexts(() => import("../pages/auth/retrieve/retrieve-page")),
  "RetrievePage",
);
const RetrievePasswordPage = lazyPage(
  withTexts(() => import("../pages/auth/retrieve-password/retrieve-password-page")),
  "RetrievePasswordPage",
);
const ResetPasswordPage = lazyPage(
  withTexts(() => import("../pages/auth/reset-password/reset-password-page")),
  "ResetPasswordPage",
);
const EditEmailPage = lazyPage(
  withTexts(() => import("../pages/auth/edit-email/edit-email-page")),
  "EditEmailPage",
);
const FirstLoginPage = lazyPage(
  withTexts(() => import("../pages/auth/first-login/first-login-page")),
  "FirstLoginPage",
);
const QueryLayout = lazyPage<object, "QueryLayout">(() => import("./query-layout"), "QueryLayout");
const ExceptionPage = lazyPage(
  withTexts(() => import("../pages/exception/exception-page")),
  "ExceptionPage",
);
const ConsoleShell = lazyPage(
  withTexts(() => import("./console/console-shell")),
  "ConsoleShell",
);
const LandingRedirect = lazyPage(
  withTexts(() => import("./console/console-shell")),
  "LandingRedirect",
);
const DashboardPage = lazyPage(
  withTexts(() => import("../pages/console/dashboard/dashboard-page")),
  "DashboardPage",
);
const OpsOverviewPage = lazyPage(
  withTexts(() => import("../pages/ops/overview/ops-overview-page")),
  "OpsOverviewPage",
);
const ProfilePage = lazyPage(
  withTexts(() => import("../pages/console/profile/profile-page")),
  "ProfilePage",
);
const AuthentPage = lazyPage(
  withTexts(() => import("../pages/console/authent/authent-page")),
  "AuthentPage",
);
const CompanyAuthentPage = lazyPage(
  withTexts(() => import("../pages/console/authent-company/company-page")),
  "CompanyAuthentPage",
);
const InvoicePage = lazyPage(
  withTexts(() => import("../pages/finance/invoice/invoice-page")),
  "InvoicePage",
);
const InvoiceDetailPage = lazyPage(
  withTexts(() => import("../pages/finance/invoice-detail/invoice-detail-page")),
  "InvoiceDetailPage",
);
const InvoiceQueuePage = lazyPage(
  withTexts(() => import("../pages/ops/invoices/invoice-queue-page")),
  "InvoiceQueuePage",
);
const VerificationsPage = lazyPage(
  withTexts(() => import("../pages/ops/verifications/verifications-page")),
  "VerificationsPage",
);
const ProjectPage = lazyPage(
  withTexts(() => import("../pages/iam/project/project-page")),
  "ProjectPage",
);
const SettingsPage = lazyPage(
  withTexts(() => import("../pages/iam/settings/settings-page")),
  "SettingsPage",
);
const UsersPage = lazyPage(
  withTexts(() => import("../pages/iam/user/users-page")),
  "UsersPage",
);
const UserDetailPage = lazyPage(
  withTexts(() => import("../pages/iam/user-detail/user-detail-page")),
  "UserDetailPage",
);
const GroupsPage = lazyPage(
  withTexts(() => import("../pages/iam/usergroup/groups-page")),
  "GroupsPage",
);
const GroupDetailPage = lazyPage(
  withTexts(() => import("../pages/iam/usergroup-detail/group-detail-page")),
  "GroupDetailPage",
);
const StrategyPage = lazyPage(
  withTexts(() => import("../pages/iam/strategy/strategy-page")),
  "StrategyPage",
);
const AuditPage = lazyPage(
  withTexts(() => import("../pages/iam/audit/audit-page")),
  "AuditPage",
);
const OpsAuditPage = lazyPage(
  withTexts(() => import("../pages/ops/audit/ops-audit-page")),
  "OpsAuditPage",
);
const SysConfigPage = lazyPage(
  withTexts(() => import("../pages/ops/sys-config/sys-config-page")),
  "SysConfigPage",
);
const InvitationPage = lazyPage(
  withTexts(() => import("../pages/ops/invitation/invitation-page")),
  "InvitationPage",
);
const OutboxPage = lazyPage(
  withTexts(() => import("../pages/ops/outbox/outbox-page")),
  "OutboxPage",
);
const PlatformUsersPage = lazyPage(
  withTexts(() => import("../pages/ops/platform-users/platform-users-page")),
  "PlatformUsersPage",
);
const TenantsPage = lazyPage(
  withTexts(() => import("../pages/ops/tenants/tenants-page")),
  "TenantsPage",
);
const TenantDetailPage = lazyPage(
  withTexts(() => import("../pages/ops/tenants/tenant-detail-page")),
  "TenantDetailPage",
);
const OperatorsPage = lazyPage(
  withTexts(() => import("../pages/ops/operators/operators-page")),
  "OperatorsPage",
);

const OnlineRechargePage = lazyPage<{ channel?: "alipay" | "unionpay" }, "OnlineRechargePage">(
  withTexts(() => import("../pages/finance/online-recharge/online-recharge-page")),
  "OnlineRechargePage",
);
const RechargeDetailsPage = lazyPage(
  withTexts(() => import("../pages/finance/recharge-details/recharge-details-page")),
  "RechargeDetailsPage",
);
const DealsPage = lazyPage(
  withTexts(() => import("../pages/finance/deals/deals-page")),
  "DealsPage",
);
const CouponsPage = lazyPage(
  withTexts(() => import("../pages/finance/coupons/coupons-page")),
  "CouponsPage",
);
const BillPage = lazyPage(
  withTexts(() => import("../pages/finance/bill/bill-page")),
  "BillPage",
);
const FinanceAccountsPage = lazyPage(
  withTexts(() => import("../pages/ops/finance-accounts/accounts-page")),
  "FinanceAccountsPage",
);
const BillingAccountsPage = lazyPage(
  withTexts(() => import("../pages/ops/billing-accounts/billing-accounts-page")),
  "BillingAccountsPage",
);
const AdjustmentsPage = lazyPage(
  withTexts(() => import("../pages/ops/adjustments/adjustments-page")),
  "AdjustmentsPage",
);
const MoneyApprovalsPage = lazyPage(
  withTexts(() => import("../pages/ops/money-approvals/money-approvals-page")),
  "MoneyApprovalsPage",
);
const CashVouchersPage = lazyPage(
  withTexts(() => import("../pages/ops/cash-vouchers/vouchers-page")),
  "CashVouchersPage",
);
const OpsResourcesPage = lazyPage(
  withTexts(() => import("../pages/ops/resources/resources-page")),
  "OpsResourcesPage",
);
const MoneyMovementsPage = lazyPage(
  withTexts(() => import("../pages/ops/money-movements/money-movements-page")),
  "MoneyMovementsPage",
);
const OpsCouponsPage = lazyPage(
  withTexts(() => import("../pages/ops/coupons/coupons-page")),
  "OpsCouponsPage",
);

const BudgetPage = lazyPage(
  withTexts(() => import("../pages/finance/budget/budget-page")),
  "BudgetPage",
);
const ContractPage = lazyPage(
  withTexts(() => import("../pages/finance/contract/contract-page")),
  "ContractPage",
);
const ContractDetailPage = lazyPage(
  withTexts(() => import("../pages/finance/contract-detail/contract-detail-page")),
  "ContractDetailPage",
);
const OpsContractsPage = lazyPage(
  withTexts(() => import("../pages/ops/contracts/contracts-page")),
  "OpsContractsPage",
);

const ProductCategoryPage = lazyPage(
  withTexts(() => import("../pages/ops/productcategory/productcategory-page")),
  "ProductCategoryPage",
);

const MsgsPage = lazyPage(
  withTexts(() => import("../pages/messages/msgs/msgs-page")),
  "MsgsPage",
);
const MsgDetailPage = lazyPage(
  withTexts(() => import("../pages/messages/msg-detail/msg-detail-page")),
  "MsgDetailPage",
);
const AnnouncementsPage = lazyPage(
  withTexts(() => import("../pages/ops/announcements/announcements-page")),
  "AnnouncementsPage",
);

const WorkorderPage = lazyPage(
  withTexts(() => import("../pages/tickets/workorder/workorder-page")),
  "WorkorderPage",
);
const WorkorderDetailPage = lazyPage(
  withTexts(() => import("../pages/tickets/workorder-detail/workorder-detail-page")),
  "WorkorderDetailPage",
);
const WorkordersPage = lazyPage(
  withTexts(() => import("../pages/ops/workorders/workorders-page")),
  "WorkordersPage",
);
const WorkorderDeskPage = lazyPage(
  withTexts(() => import("../pages/ops/workorder-detail/workorder-detail-page")),
  "WorkorderDeskPage",
);
const KeyPairsPage = lazyPage(
  withTexts(() => import("../pages/console/sshkeypairs/keypairs-page")),
  "KeyPairsPage",
);
const KeyPairDetailPage = lazyPage(
  withTexts(() => import("../pages/console/ssh-detail/keypair-detail-page")),
  "KeyPairDetailPage",
);
const VpcListPage = lazyPage(
  withTexts(() => import("../pages/network/vpc/vpc-list-page")),
  "VpcListPage",
);
const VpcCreatePage = lazyPage(
  withTexts(() => import("../pages/network/vpc-create/vpc-create-page")),
  "VpcCreatePage",
);
const VpcDetailPage = lazyPage(
  withTexts(() => import("../pages/network/vpc-detail/vpc-detail-page")),
  "VpcDetailPage",
);
const SubnetDetailPage = lazyPage(
  withTexts(() => import("../pages/network/subnet-detail/subnet-detail-page")),
  "SubnetDetailPage",
);
const RoutersPage = lazyPage(
  withTexts(() => import("../pages/network/route/routers-page")),
  "RoutersPage",
);
const RouterDetailPage = lazyPage(
  withTexts(() => import("../pages/network/route-detail/router-detail-page")),
  "RouterDetailPage",
);
const SecurityGroupsPage = lazyPage(
  withTexts(() => import("../pages/network/security-group/security-groups-page")),
  "SecurityGroupsPage",
);
const SecurityGroupRulesPage = lazyPage(
  withTexts(() => import("../pages/network/security-group-rules/security-group-rules-page")),
  "SecurityGroupRulesPage",
);
const SecurityGroupHostsPage = lazyPage(
  withTexts(() => import("../pages/network/security-group-hosts/security-group-hosts-page")),
  "SecurityGroupHostsPage",
);
const QuotaPage = lazyPage(
  withTexts(() => import("../pages/console/quota/quota-page")),
  "QuotaPage",
);
const OpsQuotasPage = lazyPage(
  withTexts(() => import("../pages/ops/quotas/quotas-page")),
  "OpsQuotasPage",
);

const CloudHostPage = lazyPage(
  withTexts(() => import("../pages/services/cloudhost/cloudhost-page")),
  "CloudHostPage",
);
const CloudHostCreatePage = lazyPage(
  withTexts(() => import("../pages/services/cloudhost-create/cloudhost-create-page")),
  "CloudHostCreatePage",
);
const HostDetailPage = lazyPage(
  withTexts(() => import("../pages/services/host-detail/host-detail-page")),
  "HostDetailPage",
);
const HostMonitorPage = lazyPage(
  withTexts(() => import("../pages/services/host-monitor/host-monitor-page")),
  "HostMonitorPage",
);
const AlarmsPage = lazyPage(
  withTexts(() => import("../pages/services/alarms/alarms-page")),
  "AlarmsPage",
);
const AlarmRulesPage = lazyPage(
  withTexts(() => import("../pages/services/alarm-rules/alarm-rules-page")),
  "AlarmRulesPage",
);
const OrdersPage = lazyPage(
  withTexts(() => import("../pages/services/orders/orders-page")),
  "OrdersPage",
);
const OrderDetailPage = lazyPage(
  withTexts(() => import("../pages/services/order-detail/order-detail-page")),
  "OrderDetailPage",
);
const BlockStoragePage = lazyPage(
  withTexts(() => import("../pages/storage/blockstorage/blockstorage-page")),
  "BlockStoragePage",
);
const BlockStorageCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/blockstorage-create/blockstorage-create-page")),
  "BlockStorageCreatePage",
);
const BlockStorageDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/blockstorage-detail/blockstorage-detail-page")),
  "BlockStorageDetailPage",
);
const FloatIpPage = lazyPage(
  withTexts(() => import("../pages/storage/floatip/floatip-page")),
  "FloatIpPage",
);
const FloatIpDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/floatip-detail/floatip-detail-page")),
  "FloatIpDetailPage",
);
const RdsPage = lazyPage(
  withTexts(() => import("../pages/storage/rds/rds-page")),
  "RdsPage",
);
const RdsCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/rds-create/rds-create-page")),
  "RdsCreatePage",
);
const RdsDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/rds-detail/rds-detail-page")),
  "RdsDetailPage",
);
const DcsPage = lazyPage(
  withTexts(() => import("../pages/storage/dcs/dcs-page")),
  "DcsPage",
);
const DcsCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/dcs-create/dcs-create-page")),
  "DcsCreatePage",
);
const DcsDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/dcs-detail/dcs-detail-page")),
  "DcsDetailPage",
);
const BareMetalPage = lazyPage(
  withTexts(() => import("../pages/services/baremetal/baremetal-page")),
  "BareMetalPage",
);
const BareMetalCreatePage = lazyPage(
  withTexts(() => import("../pages/services/baremetal-create/baremetal-create-page")),
  "BareMetalCreatePage",
);
const BareMetalDetailPage = lazyPage(
  withTexts(() => import("../pages/services/baremetal-detail/baremetal-detail-page")),
  "BareMetalDetailPage",
);
const DmsPage = lazyPage(
  withTexts(() => import("../pages/storage/dms/dms-page")),
  "DmsPage",
);
const DmsCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/dms-create/dms-create-page")),
  "DmsCreatePage",
);
const DmsDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/dms-detail/dms-detail-page")),
  "DmsDetailPage",
);
const ObsPage = lazyPage(
  withTexts(() => import("../pages/storage/obs/obs-page")),
  "ObsPage",
);
const ObsCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/obs-create/obs-create-page")),
  "ObsCreatePage",
);
const ObsDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/obs-detail/obs-detail-page")),
  "ObsDetailPage",
);
const SharePage = lazyPage(
  withTexts(() => import("../pages/storage/share/share-page")),
  "SharePage",
);
const ShareCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/share-create/share-create-page")),
  "ShareCreatePage",
);
const ShareDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/share-detail/share-detail-page")),
  "ShareDetailPage",
);
const ScalableFilePage = lazyPage(
  withTexts(() => import("../pages/storage/scalable-file/scalable-file-page")),
  "ScalableFilePage",
);
const ScalableFileCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/scalable-file-create/scalable-file-create-page")),
  "ScalableFileCreatePage",
);
const ScalableFileDetailPage = lazyPage(
  withTexts(() => import("../pages/storage/scalable-file-detail/scalable-file-detail-page")),
  "ScalableFileDetailPage",
);
const FloatIpCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/floatip-create/floatip-create-page")),
  "FloatIpCreatePage",
);
const SnapshotPage = lazyPage(
  withTexts(() => import("../pages/storage/snapshot/snapshot-page")),
  "SnapshotPage",
);
const SnapshotCreatePage = lazyPage(
  withTexts(() => import("../pages/storage/snapshot-create/snapshot-create-page")),
  "SnapshotCreatePage",
);
const RenewPage = lazyPage(
  withTexts(() => import("../pages/finance/renew/renew-page")),
  "RenewPage",
);
const RenewDetailPage = lazyPage(
  withTexts(() => import("../pages/finance/renew-detail/renew-detail-page")),
  "RenewDetailPage",
);
const UnsubscribePage = lazyPage(
  withTexts(() => import("../pages/finance/unsubscribe/unsubscribe-page")),
  "UnsubscribePage",
);
const ChangePage = lazyPage(
  withTexts(() => import("../pages/services/change/change-page")),
  "ChangePage",
);
const BagPage = lazyPage(
  withTexts(() => import("../pages/finance/bag/bag-page")),
  "BagPage",
);
const BagOffersPage = lazyPage(
  withTexts(() => import("../pages/ops/bag/bag-offers-page")),
  "BagOffersPage",
);
const SimulatorPage = lazyPage(
  withTexts(() => import("../pages/ops/simulator/simulator-page")),
  "SimulatorPage",
);
const ApprovalsPage = lazyPage(
  withTexts(() => import("../pages/ops/approvals/approvals-page")),
  "ApprovalsPage",
);
const ApprovalOrderPage = lazyPage(
  withTexts(() => import("../pages/ops/approvals/approval-order-page")),
  "ApprovalOrderPage",
);

const HpcPage = lazyPage(
  withTexts(() => import("../pages/hpc/hpc/hpc-page")),
  "HpcPage",
);
const InnerServicePage = lazyPage(
  withTexts(() => import("../pages/hpc/innerservice/innerservice-page")),
  "InnerServicePage",
);
const HpcPoolDetailPage = lazyPage(
  withTexts(() => import("../pages/hpc/pool-detail/pool-detail-page")),
  "PoolDetailPage",
);
const WebSshPage = lazyPage(
  withTexts(() => import("../pages/services/webssh/webssh-page")),
  "WebSshPage",
);
const HpcTerminalPage = lazyPage(
  withTexts(() => import("../pages/hpc/terminal/terminal-page")),
  "TerminalPage",
);
const ModelartsPage = lazyPage(
  withTexts(() => import("../pages/hpc/modelarts/modelarts-page")),
  "ModelartsPage",
);
const ModelartsEnablePage = lazyPage(
  withTexts(() => import("../pages/hpc/modelarts-enable/enable-page")),
  "EnablePlatformPage",
);
const HpcApplyOrderPage = lazyPage(
  withTexts(() => import("../pages/hpc/apply-order/apply-order-page")),
  "ApplyOrderPage",
);

const HpcConsolePage = lazyPage(
  withTexts(() => import("../pages/hpc/console/console-page")),
  "HpcConsolePage",
);

const EXCEPTIONS = ["403", "404", "426", "429", "tokenError", "unavailable", "license"] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/login" element={<LoginPage />} />
        {/* The login page is the first download: it goes without the query library. */}
        <Route element={<QueryLayout />}>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/agreement" element={<AgreementPage />} />
          <Route path="/privacyStatement" element={<PrivacyPage />} />
          <Route path="/retrieve" element={<RetrievePage />} />
          <Route path="/retrieve/password" element={<RetrievePasswordPage />} />
          <Route path="/reset/password" element={<ResetPasswordPage />} />
          <Route path="/edit/email" element={<EditEmailPage />} />
          <Route path="/firstLogin" element={<FirstLoginPage />} />
          <Route path="/applyPackage" element={<ApplyPackagePage />} />
          <Route path="/apply/:id" element={<HpcApplyPage />} />
          <Route path="/apply/innerservice/:id" element={<HpcApplyPage />} />
          <Route path="/apply/share/:id" element={<ApplySharePage />} />
          {EXCEPTIONS.map((kind) => (
            <Route key={kind} path={`/${kind}`} element={<ExceptionPage kind={kind} />} />
          ))}
          {/* Everything else belongs to the console: its guard decides between the page, /403 and /404. */}
          <Route element={<ConsoleShell />}>
            <Route index element={<LandingRedirect />} />
            <Route path="/mgt/dashboard" element={<DashboardPage />} />
            <Route path="/sys/overview" element={<OpsOverviewPage />} />
            <Route path="/info" element={<ProfilePage />} />
            <Route path="/authent" element={<AuthentPage />} />
            <Route path="/authent/company" element={<CompanyAuthentPage />} />
            <Route path="/mgt/onlinerecharge" element={<OnlineRechargePage />} />
            <Route path="/mgt/alirecharge" element={<OnlineRechargePage channel="alipay" />} />
            <Route path="/mgt/unionpay" element={<OnlineRechargePage channel="unionpay" />} />
            <Route path="/mgt/rechargedetails" element={<RechargeDetailsPage />} />
            <Route path="/mgt/deals" element={<DealsPage />} />
            <Route path="/mgt/couponordinary" element={<CouponsPage />} />
            <Route path="/mgt/bill" element={<BillPage />} />
            <Route path="/mgt/invoice" element={<InvoicePage />} />
            <Route path="/mgt/invoice/:id" element={<InvoiceDetailPage />} />
            <Route path="/sys/invoices" element={<InvoiceQueuePage />} />
            <Route path="/mgt/audit" element={<AuditPage />} />
            <Route path="/mgt/project" element={<ProjectPage />} />
            <Route path="/mgt/set" element={<SettingsPage />} />
            <Route path="/mgt/user" element={<UsersPage />} />
            <Route path="/mgt/userdetail/:id" element={<UserDetailPage />} />
            <Route path="/mgt/usergroup" element={<GroupsPage />} />
            <Route path="/mgt/usergroupdetail/:id" element={<GroupDetailPage />} />
            <Route path="/mgt/strategy" element={<StrategyPage />} />
            <Route path="/sys/config" element={<SysConfigPage />} />
            <Route path="/sys/invitation" element={<InvitationPage />} />
            <Route path="/sys/outbox" element={<OutboxPage />} />
            <Route path="/sys/users" element={<PlatformUsersPage />} />
            <Route path="/sys/tenants" element={<TenantsPage />} />
            <Route path="/sys/tenants/:id" element={<TenantDetailPage />} />
            <Route path="/sys/resources" element={<OpsResourcesPage />} />
            <Route path="/sys/operators" element={<OperatorsPage />} />
            <Route path="/sys/announcements" element={<AnnouncementsPage />} />
            <Route path="/sys/audit" element={<OpsAuditPage />} />
            <Route path="/sys/verifications" element={<VerificationsPage />} />
            <Route path="/sys/finance/accounts" element={<FinanceAccountsPage />} />
            <Route path="/mgt/accounts" element={<BillingAccountsPage />} />
            <Route path="/sys/finance/adjustments" element={<AdjustmentsPage />} />
            <Route path="/sys/finance/approvals" element={<MoneyApprovalsPage />} />
            <Route path="/sys/finance/vouchers" element={<CashVouchersPage />} />
            <Route path="/sys/finance/movements" element={<MoneyMovementsPage />} />
            <Route path="/sys/finance/coupons" element={<OpsCouponsPage />} />
            <Route path="/sys/contracts" element={<OpsContractsPage />} />
            <Route path="/mgt/contract" element={<ContractPage />} />
            <Route path="/mgt/budget" element={<BudgetPage />} />
            <Route path="/mgt/contracts/detail/:id" element={<ContractDetailPage />} />
            <Route path="/mgt/productcategory" element={<ProductCategoryPage />} />
            <Route path="/mgt/workorder" element={<WorkorderPage />} />
            <Route path="/mgt/workorder/details/:id" element={<WorkorderDetailPage />} />
            <Route path="/mgt/msgs" element={<MsgsPage />} />
            <Route path="/mgt/msgs/:id" element={<MsgDetailPage />} />
            <Route path="/sys/msgs" element={<MsgsPage />} />
            <Route path="/sys/msgs/:id" element={<MsgDetailPage />} />
            <Route path="/mgt/workorders" element={<WorkordersPage />} />
            <Route path="/mgt/workorders/detail/:id" element={<WorkorderDeskPage />} />
            <Route path="/mgt/sshkeypairs" element={<KeyPairsPage />} />
            <Route path="/mgt/ssh/deatil/:id" element={<KeyPairDetailPage />} />
            <Route path="/mgt/vpc" element={<VpcListPage />} />
            <Route path="/mgt/vpc/create" element={<VpcCreatePage />} />
            <Route path="/mgt/vpc/detail/:id" element={<VpcDetailPage />} />
            <Route path="/mgt/vpc/subnet/:id" element={<SubnetDetailPage />} />
            <Route path="/mgt/route" element={<RoutersPage />} />
            <Route path="/mgt/route/detail/:id" element={<RouterDetailPage />} />
            <Route path="/mgt/security_group" element={<SecurityGroupsPage />} />
            <Route path="/mgt/security_group/rule/:id" element={<SecurityGroupRulesPage />} />
            <Route path="/mgt/security_group/instance/:id" element={<SecurityGroupHostsPage />} />
            <Route path="/mgt/quota" element={<QuotaPage />} />
            <Route path="/sys/quotas" element={<OpsQuotasPage />} />
            <Route path="/sys/bag" element={<BagOffersPage />} />
            <Route path="/mgt/cloudhost" element={<CloudHostPage />} />
            <Route path="/mgt/cloudhost/create" element={<CloudHostCreatePage />} />
            <Route path="/mgt/host/:id/detail" element={<HostDetailPage />} />
            <Route path="/mgt/host/monitor/overview/:id" element={<HostMonitorPage />} />
            <Route path="/mgt/baremetalserver" element={<BareMetalPage />} />
            <Route path="/mgt/baremetalserver/create" element={<BareMetalCreatePage />} />
            <Route path="/mgt/baremetalserver/:id/detail" element={<BareMetalDetailPage />} />
            <Route path="/mgt/monitor/alarms" element={<AlarmsPage />} />
            <Route path="/mgt/monitor/alarm-rules" element={<AlarmRulesPage />} />
            <Route path="/mgt/blockstorage" element={<BlockStoragePage />} />
            <Route path="/mgt/blockstorage/create" element={<BlockStorageCreatePage />} />
            <Route path="/mgt/blockstorage/:id/detail" element={<BlockStorageDetailPage />} />
            <Route path="/mgt/floatip" element={<FloatIpPage />} />
            <Route path="/mgt/floatip/create" element={<FloatIpCreatePage />} />
            <Route path="/mgt/floatip/:id/detail" element={<FloatIpDetailPage />} />
            <Route path="/mgt/rds" element={<RdsPage />} />
            <Route path="/mgt/rds/create" element={<RdsCreatePage />} />
            <Route path="/mgt/rds/:id/detail" element={<RdsDetailPage />} />
            <Route path="/mgt/dcs" element={<DcsPage />} />
            <Route path="/mgt/dcs/create" element={<DcsCreatePage />} />
            <Route path="/mgt/dcs/:id/detail" element={<DcsDetailPage />} />
            <Route path="/mgt/dms" element={<DmsPage />} />
            <Route path="/mgt/dms/create" element={<DmsCreatePage />} />
            <Route path="/mgt/dms/:id/detail" element={<DmsDetailPage />} />
            <Route path="/mgt/obs" element={<ObsPage />} />
            <Route path="/mgt/obs/create" element={<ObsCreatePage />} />
            <Route path="/mgt/obs/detail/:id" element={<ObsDetailPage />} />
            <Route path="/mgt/share" element={<SharePage />} />
            <Route path="/mgt/share/create" element={<ShareCreatePage />} />
            <Route path="/mgt/share/:id/detail" element={<ShareDetailPage />} />
            <Route path="/mgt/scalableFile" element={<ScalableFilePage />} />
            <Route path="/mgt/scalableFile/create" element={<ScalableFileCreatePage />} />
            <Route path="/mgt/scalableFile/:id/detail" element={<ScalableFileDetailPage />} />
            <Route path="/mgt/snapshot" element={<SnapshotPage />} />
            <Route path="/mgt/snapshots/create" element={<SnapshotCreatePage />} />
            <Route path="/mgt/order" element={<OrdersPage />} />
            <Route path="/mgt/orders/:id" element={<OrderDetailPage />} />
            <Route path="/mgt/renew" element={<RenewPage />} />
            <Route path="/mgt/bag" element={<BagPage />} />
            <Route path="/mgt/renew/detail" element={<RenewDetailPage />} />
            <Route path="/mgt/change" element={<ChangePage />} />
            <Route path="/unsubscribe" element={<UnsubscribePage />} />
            <Route path="/mgt/hpc" element={<HpcPage />} />
            <Route path="/mgt/innerservice" element={<InnerServicePage />} />
            <Route path="/mgt/hpc/:id" element={<HpcPoolDetailPage />} />
            <Route path="/mgt/hpc/apply/:id" element={<HpcApplyOrderPage />} />
            <Route path="/hpcconsole" element={<HpcConsolePage />} />
            <Route path="/hpcv1console" element={<HpcTerminalPage />} />
            <Route path="/webssh" element={<WebSshPage />} />
            <Route path="/mgt/modelarts" element={<ModelartsPage />} />
            <Route path="/mgt/modelarts/enable" element={<ModelartsEnablePage />} />
            <Route path="/sys/approvals" element={<ApprovalsPage />} />
            <Route path="/sys/simulator" element={<SimulatorPage />} />
            <Route path="/sys/orders/:id" element={<ApprovalOrderPage />} />
            {/* Allowed by the route table but without a screen yet. */}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
