// The bare-metal server list (`/mgt/baremetalserver`, CB08; services/managed-list.tsx): name (opens
// the server), flavour and image, status, private IP, payment and expiry, and the row's actions,
// under the notice that the servers are simulated.
import { endpoints } from "@skyledger/contracts";
import { useTranslation } from "react-i18next";
import { ManagedList } from "../services/managed-list";
import { BmsActions } from "./bms-actions";
import { BmsMachineLine, BmsSimulatedNotice } from "./bms-figures";

export function BmsList() {
  const { t } = useTranslation();
  return (
    <>
      <BmsSimulatedNotice />
      <ManagedList
        ns="bms"
        endpoint={endpoints.bareMetal.list}
        listPath="/mgt/baremetalserver"
        columns={[
          {
            title: t("bms.fields.flavor"),
            key: "flavor",
            width: 300,
            render: (_, row) => <BmsMachineLine machine={row.machine} />,
          },
        ]}
        connection={{ width: 150, render: (row) => row.privateIp ?? "-" }}
        actions={(row) => <BmsActions server={row} compact />}
      />
    </>
  );
}
