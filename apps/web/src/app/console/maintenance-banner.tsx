// Read-only maintenance: tenants see why actions are refused before they try. Operators (the only
// ones inside the console while it is closed) see that tenants are held back.
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { currentLanguage } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { maintenanceMessage, useMaintenance } from "../../lib/maintenance";

const POLL_MS = 60_000;

export function MaintenanceBanner() {
  const { t } = useTranslation();
  const state = useMaintenance(POLL_MS).data;
  if (!state || state.mode === "off") return null;
  return (
    <Alert
      type="warning"
      banner
      showIcon
      data-testid="maintenance-banner"
      style={{ marginBottom: 16 }}
      title={t(`console.maintenance.${state.mode}`, { time: formatDateTime(state.endsAt) })}
      description={<UserData>{maintenanceMessage(state, currentLanguage())}</UserData>}
    />
  );
}
