// The mark of a support session (decision 0031) on every console page: whose console this is,
// that it is read-only, and which operator signed in. "End support session" signs the support
// session out and puts the operator's own session back on the tenant's page they came from; the
// session also ends so by itself when its 30 minutes are over.
import type { CurrentUser } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { logoutSupport } from "../../features/auth/auth-api";
import { supportSession } from "../../lib/session";

// setTimeout runs at once beyond this many milliseconds.
const MAX_TIMER_MS = 2_147_483_647;

function useEndSupport() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Ended once: the button and the timer may both ask, and a second end would sign the operator out.
  const ended = useRef(false);
  return useCallback(async () => {
    if (ended.current) return;
    ended.current = true;
    await logoutSupport();
    const back = supportSession.end();
    queryClient.clear();
    await navigate(back, { replace: true });
  }, [queryClient, navigate]);
}

export function SupportBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const end = useEndSupport();
  const [ending, setEnding] = useState(false);
  const { support, sessionExpiresAt } = user;

  useEffect(() => {
    if (!support) return;
    const left = Date.parse(sessionExpiresAt) - Date.now();
    if (left > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void end(), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [support, sessionExpiresAt, end]);

  if (!support) return null;
  const operator = support.operatorName
    ? `${support.operatorName} (${support.operatorAccount})`
    : support.operatorAccount;
  return (
    <Alert
      type="warning"
      banner
      showIcon
      data-testid="support-banner"
      style={{ position: "sticky", top: 0, zIndex: 100, marginBottom: 16 }}
      title={
        <Trans
          i18nKey="console.support.banner"
          values={{ tenant: support.orgName, operator }}
          components={{ tenant: <strong data-user-data="" />, operator: <span data-user-data="" /> }}
        />
      }
      action={
        <Button
          size="small"
          loading={ending}
          data-testid="support-end"
          onClick={() => {
            setEnding(true);
            void end().finally(() => setEnding(false));
          }}
        >
          {t("console.support.end")}
        </Button>
      }
    />
  );
}
