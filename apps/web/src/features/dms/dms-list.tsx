// The message-queue instance list (`/mgt/dms`, CB14; services/managed-list.tsx): name (opens the
// instance), plan and its limits, status, address and virtual host, payment and expiry, and the
// row's actions. Instances on the simulator are said to be simulated.
import { endpoints } from "@skyledger/contracts";
import { useTranslation } from "react-i18next";
import { ManagedList } from "../services/managed-list";
import { DmsActions } from "./dms-actions";
import { DmsAddress, DmsLimits } from "./dms-figures";

export function DmsList() {
  const { t } = useTranslation();
  return (
    <ManagedList
      ns="dms"
      endpoint={endpoints.queue.list}
      listPath="/mgt/dms"
      columns={[
        {
          title: t("dms.fields.plan"),
          key: "plan",
          width: 220,
          render: (_, row) => <DmsLimits queue={row} />,
        },
      ]}
      connection={{ width: 480, render: (row) => <DmsAddress queue={row} /> }}
      actions={(row) => <DmsActions queue={row} compact />}
    />
  );
}
