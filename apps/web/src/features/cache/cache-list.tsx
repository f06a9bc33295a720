// The cache instance list (`/mgt/dcs`, CB13; services/managed-list.tsx): name (opens the
// instance), memory plan, memory used, status, address and key prefix, payment and expiry, and the
// row's actions. Instances on the simulator are said to be simulated.
import { endpoints } from "@skyledger/contracts";
import { useTranslation } from "react-i18next";
import { ManagedList } from "../services/managed-list";
import { CacheActions } from "./cache-actions";
import { CacheAddress, CacheUsage } from "./cache-usage";

export function CacheList() {
  const { t } = useTranslation();
  return (
    <ManagedList
      ns="dcs"
      endpoint={endpoints.cache.list}
      listPath="/mgt/dcs"
      columns={[
        {
          title: t("dcs.fields.memory"),
          dataIndex: "memoryGb",
          width: 100,
          render: (v: number | null) => (v ? `${v} GB` : "-"),
        },
        {
          title: t("dcs.fields.used"),
          key: "usage",
          width: 220,
          render: (_, row) => <CacheUsage cache={row} />,
        },
      ]}
      connection={{ width: 460, render: (row) => <CacheAddress cache={row} /> }}
      actions={(row) => <CacheActions cache={row} compact />}
    />
  );
}
