// The list of file shares (`/mgt/share`, CB10) or elastic files (`/mgt/scalableFile`, CB20;
// services/managed-list.tsx): name (opens the share), protocol, capacity and what is used of it,
// status, mount address, payment and expiry, and the row's actions.
import { useTranslation } from "react-i18next";
import { ManagedList } from "../services/managed-list";
import { FILE_SERVICES, type FileKind } from "./file-services";
import { FileShareActions } from "./fileshare-actions";
import { FileCapacity, FileMountAddress } from "./fileshare-figures";

export function FileShareList({ kind }: { kind: FileKind }) {
  const { t } = useTranslation();
  const service = FILE_SERVICES[kind];
  return (
    <ManagedList
      ns={service.ns}
      endpoint={service.endpoints.list}
      listPath={service.listPath}
      columns={[
        {
          title: t("share.fields.protocol"),
          dataIndex: "protocol",
          width: 100,
          render: (v: string | null) => v ?? "-",
        },
        {
          title: t("share.fields.capacity"),
          key: "capacity",
          width: 200,
          render: (_, row) => <FileCapacity share={row} />,
        },
      ]}
      connection={{ width: 360, render: (row) => <FileMountAddress share={row} /> }}
      actions={(row) => <FileShareActions kind={kind} share={row} compact />}
    />
  );
}
