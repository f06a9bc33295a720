// What a bare-metal server is, in a line (its list row) or in full (its detail page), and the
// notice every page of them shows: they are simulated (decision 0027).
import type { BareMetalMachine } from "@skyledger/contracts";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";

/**
 * The flavour's and image's names are the operator's words, shown as written (UserData); the
 * figures are the console's.
 */
export function BmsMachineLine({ machine }: { machine: BareMetalMachine | null }) {
  const { t } = useTranslation();
  if (!machine) return <>-</>;
  return (
    <span>
      <UserData>{machine.flavorName}</UserData> · {t("bms.cores", { count: machine.cores })} /{" "}
      {machine.memoryGb} GB
      {machine.gpuModel && (
        <>
          {" · "}
          <BmsGpus count={machine.gpuCount} model={machine.gpuModel} />
        </>
      )}
      <br />
      <UserData>{machine.imageName}</UserData>
    </span>
  );
}

/** "8 × NVIDIA A100": the model as the operator wrote it. */
export function BmsGpus({ count, model }: { count: number; model: string }) {
  return (
    <span>
      {count} × <UserData>{model}</UserData>
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
