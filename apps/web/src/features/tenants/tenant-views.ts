// The views of other domains a tenant's page (`/sys/tenants/:id`) gathers in its tabs: its money
// (the finance accounts' view with the credit-limit dialog), vouchers and coupons, contracts and
// audit trail. One place names them, so the page imports only its own domain's folder.
export { AuditLogView } from "../audit/audit-log-view";
export { contractColumns } from "../contracts/contract-view";
export { couponColumns } from "../finance/coupon-columns";
export { OrgFinance } from "../finance/org-drawer";
export { voucherColumns } from "../finance/voucher-columns";
