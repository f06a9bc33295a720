import { ACTION_CODES, codesAllow, findRoute, mayAccess } from "@skyledger/contracts";
import { Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../app/console/current-user-context";

/**
 * Cost-centre pages show an organisation's money. Platform accounts have none (the server answers
 * 403 to them, which would end the session), so for them the page explains instead of calling.
 */
export function RequireOrg({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.currentOrg) return children;
  return (
    <Result
      status="info"
      title={t("finance.noOrg.title")}
      subTitle={t("finance.noOrg.description")}
      data-testid="finance-no-org"
    />
  );
}

/** Whether the signed-in user holds one of these permission codes. */
export function useHasCode(...codes: readonly string[]): boolean {
  const user = useCurrentUser();
  return codes.some((code) => user.permissions.includes(code));
}

/** Whether the user may read what these codes open (the auditor's BR reads every operator view). */
export function useMayRead(...codes: readonly string[]): boolean {
  const user = useCurrentUser();
  return codesAllow(codes, user.permissions, true);
}

/** Whether the signed-in user may open a console path (its route's codes, as the guard decides). */
export function useMayOpen(): (path: string) => boolean {
  const user = useCurrentUser();
  return (path) => {
    const route = findRoute(path);
    return route !== undefined && mayAccess(route, user.permissions);
  };
}

/**
 * Whether the user may take an action that changes state (ACTION_CODES of packages/contracts): its
 * button is hidden or disabled otherwise, and the server would answer 403.
 */
export function useMayAct(action: keyof typeof ACTION_CODES): boolean {
  return useHasCode(...ACTION_CODES[action]);
}
