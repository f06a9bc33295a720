// On /unavailable: the administrator's maintenance message and expected end, read again every 15
// seconds; once maintenance that this page saw ends (or becomes read-only), back to the console.
import { Typography } from "antd";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { maintenanceMessage, useMaintenance } from "../../lib/maintenance";

export const MAINTENANCE_POLL_MS = 15_000;

export function MaintenanceNotice({ onEnded }: { onEnded(): void }) {
  const { t } = useTranslation();
  const state = useMaintenance(MAINTENANCE_POLL_MS).data;
  // Only an end this page saw counts: /unavailable opened while all is well stays where it is.
  const sawClosed = useRef(false);

  useEffect(() => {
    if (state?.mode === "closed") sawClosed.current = true;
    else if (state && sawClosed.current) onEnded();
  }, [state, onEnded]);

  if (state?.mode !== "closed") return null;
  return (
    <div data-testid="maintenance-notice" style={{ maxWidth: 560, margin: "0 auto 16px" }}>
      <Typography.Paragraph strong data-testid="maintenance-message">
        <UserData>{maintenanceMessage(state, currentLanguage())}</UserData>
      </Typography.Paragraph>
      {state.endsAt && (
        <Typography.Paragraph data-testid="maintenance-ends-at">
          {t("exception.maintenance.endsAt", { time: formatDateTime(state.endsAt) })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t("exception.maintenance.polling")}</Typography.Paragraph>
    </div>
  );
}
