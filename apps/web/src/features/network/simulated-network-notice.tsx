// Said plainly on every network page while the simulator serves: the objects are real records and
// the rules are the cloud's, but nothing routes packets.
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useNetworkCloud } from "./network-api";

export function SimulatedNetworkNotice() {
  const { t } = useTranslation();
  const cloud = useNetworkCloud();
  if (cloud.data?.name !== "simulator") return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t("network.simulated.title")}
      description={t("network.simulated.description")}
      style={{ marginBottom: 16 }}
      data-testid="network-simulated"
    />
  );
}

/** A network object's state as a tag. */
export function NetworkStatusText({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span data-testid={`network-status-${status}`}>{t(`network.status.${status}`)}</span>;
}
