import { ACTION_CODES, codesAllow, findRoute, mayAccess } from "@skyledger/contracts";
import { Alert, Result } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
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
  const user = useCurrentUser();
  // A support view holds the tenant's codes but the server refuses every change (decision 0031).
  return useHasCode(...ACTION_CODES[action]) && user.support === null;
}

/**
 * Whether the user may act on the operator page they are on: they hold one of its route codes
 * themselves. The auditor opens every operator page through BR alone (decision 0028) and the server
 * refuses each of their actions, so those pages show them no action buttons.
 */
export function useMayActHere(): boolean {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  return route !== undefined && codesAllow(route.codes, user.permissions, false) && user.support === null;
}

/**
 * Said once at the top of an operator page whose actions are hidden from a read-only user; a page
 * whose actions need finer codes than its route's passes what it decided (`mayAct`).
 */
export function ReadOnlyNote({ mayAct }: { mayAct?: boolean }) {
  const { t } = useTranslation();
  const mayActHere = useMayActHere();
  if (mayAct ?? mayActHere) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t("common.readOnlyPage")}
      style={{ marginBottom: 16 }}
      data-testid="read-only-note"
    />
  );
}
