// /sys/simulator (BA07): the simulator provider's own page, labelled as such — the built-in stand-in
// for a cloud that pretends to run hosts, disks and elastic IPs — with its fault switches: the next
// operations of a kind fail on purpose, to show and test failed provisioning, refunds and error
// logs. A deployment on a real cloud has no simulator: the page then says so.
import { ExperimentOutlined } from "@ant-design/icons";
import { Alert, Space, Spin, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ReadOnlyNote } from "../../../components/require-org";
import { useFaults } from "../../../features/services/services-api";
import { SimulatorFaultsCard } from "./simulator-faults-card";

export function SimulatorPage() {
  const { t } = useTranslation();
  const faults = useFaults(true);
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        <ExperimentOutlined /> {t("services.simulator.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Alert
          type="warning"
          showIcon
          title={t("services.simulator.notice")}
          description={t("services.simulator.intro")}
          data-testid="simulator-notice"
        />
        {faults.isPending ? (
          <Spin />
        ) : faults.isError ? (
          <Alert
            type="info"
            showIcon
            title={t("services.simulator.notInUse")}
            data-testid="simulator-absent"
          />
        ) : (
          <SimulatorFaultsCard faults={faults} />
        )}
      </Space>
    </>
  );
}
