// One bare-metal server (`/mgt/baremetalserver/:id/detail`, CB08): the notice that it is simulated,
// its actions, what it is (flavour, processors, cores, memory, disks, GPUs, image), its private
// address, payment and expiry. Polls while it is changing.
import type { BareMetalServer } from "@skyledger/contracts";
import { Card } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { UserData } from "../../components/user-data";
import { ManagedBasics } from "../services/managed-basics";
import { ManagedDetailFrame } from "../services/managed-detail-frame";
import { BmsActions } from "./bms-actions";
import { useBareMetalServer } from "./bms-api";
import { BmsGpus, BmsSimulatedNotice } from "./bms-figures";

export function BmsDetail() {
  const { id = "" } = useParams();
  return (
    <ManagedDetailFrame ns="bms" listPath="/mgt/baremetalserver" query={useBareMetalServer(id)}>
      {(server) => <Details server={server} />}
    </ManagedDetailFrame>
  );
}

/** The operator's words for the machine (its flavour, image, processors, disks), shown as written. */
const words = (text: string | undefined) => (text ? <UserData>{text}</UserData> : "-");

function Details({ server }: { server: BareMetalServer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const m = server.machine;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }} data-testid="bms-detail-page">
      <BmsSimulatedNotice />
      <Card>
        <BmsActions server={server} onUnsubscribed={() => void navigate("/mgt/baremetalserver")} />
      </Card>
      <ManagedBasics
        ns="bms"
        resource={server}
        figures={[
          { key: "flavor", label: t("bms.fields.flavor"), children: words(m?.flavorName) },
          { key: "image", label: t("bms.fields.image"), children: words(m?.imageName) },
          { key: "cpu", label: t("bms.fields.cpu"), children: words(m?.cpuModel) },
          {
            key: "cores",
            label: t("bms.fields.cores"),
            children: m ? t("bms.cores", { count: m.cores }) : "-",
          },
          { key: "memory", label: t("bms.fields.memory"), children: m ? `${m.memoryGb} GB` : "-" },
          { key: "disks", label: t("bms.fields.disks"), children: words(m?.diskDesc) },
          {
            key: "gpu",
            label: t("bms.fields.gpu"),
            children: m?.gpuModel ? <BmsGpus count={m.gpuCount} model={m.gpuModel} /> : t("bms.noGpu"),
          },
          {
            key: "privateIp",
            label: t("bms.fields.privateIp"),
            children: <span data-testid="bms-detail-private-ip">{server.privateIp ?? "-"}</span>,
          },
        ]}
      />
    </div>
  );
}
