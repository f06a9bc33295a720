// The account freeze an operator set (docs/operations/operators.md, "Managing tenants"), shown on
// every console page of the tenant: reading and top-ups go on, orders, renewals and changes are
// refused by the server. The user record is read at start-up and kept a while; the flag is asked
// on its own when the console opens and again when the window regains focus, so a fresh freeze shows.
import { type CurrentUser, endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api-client";

export function FrozenBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  // Operators have no organisation, hence no tenant account to freeze.
  const tenant = user.currentOrg !== null;
  const freeze = useQuery({
    queryKey: ["isFreeze", user.userSid],
    queryFn: () => api.call(endpoints.auth.accountFrozen, { quiet: true }),
    enabled: tenant,
    staleTime: 30_000,
  });
  const frozen = freeze.data?.freezeStatus ?? user.freezeStatus;
  if (!tenant || !frozen) return null;
  return (
    <Alert
      type="error"
      banner
      showIcon
      title={t("console.frozen")}
      data-testid="frozen-alert"
      style={{ marginBottom: 16 }}
    />
  );
}
