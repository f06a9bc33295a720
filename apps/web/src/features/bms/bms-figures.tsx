// What a bare-metal server is, in a line (its list row) or in full (its detail page), and the
// notice every page of them shows: they are simulated (decision 0027).
import type { BareMetalMachine } from "@skyledger/contracts";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

/** "32 cores / 256 GB · 8 × NVIDIA A100" and the image, or "-" before the machine is known. */
export function BmsMachineLine({ machine }: { machine: BareMetalMachine | null }) {
  const { t } = useTranslation();
  if (!machine) return <>-</>;
  const gpu = machine.gpuModel
    ? ` · ${t("bms.gpus", { count: machine.gpuCount, model: machine.gpuModel })}`
    : "";
  return (
    <span>
      {machine.flavorName} · {t("bms.cores", { count: machine.cores })} / {machine.memoryGb} GB{gpu}
      <br />
      {machine.imageName}
    </span>
  );
}

export function BmsSimulatedNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      message={t("bms.simulatedNotice")}
      style={{ marginBottom: 16 }}
      data-testid="bms-simulated-notice"
    />
  );
}
