// /mgt/route (CB09): the routers of the VPCs the caller sees, with search and paging; create one
// (joining subnets of its VPC at once), open one, or delete one without interfaces or routes.
import { endpoints, type RouterSummary } from "@skyledger/contracts";
import { App } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { networkApi, ROUTERS_LIST_KEY, useRefreshNetwork } from "../../../features/network/network-api";
import { NetworkList } from "../../../features/network/network-list";
import { RouterFormDialog } from "../../../features/network/router-form-dialog";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";

export function RoutersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const [creating, setCreating] = useState(false);
  const list = usePagedQuery(ROUTERS_LIST_KEY, endpoints.network.listRouters, { keyword: keyword.trim() });
  const refresh = useRefreshNetwork();

  const remove = async (row: RouterSummary) => {
    await networkApi.deleteRouter(row.id);
    void message.success(t("network.router.deleted", { name: row.name }));
    await refresh();
  };

  return (
    <>
      <NetworkList<RouterSummary>
        texts="network.router"
        testPrefix="router"
        list={list}
        onKeyword={setKeyword}
        onCreate={() => setCreating(true)}
        onDelete={remove}
        scrollX={1000}
        columns={[
          {
            title: t("network.router.fields.name"),
            ...userDataCells,
            dataIndex: "name",
            fixed: "left",
            width: 200,
            render: (v: string, row) => (
              <Link to={`/mgt/route/detail/${encodeURIComponent(row.id)}`} data-testid={`router-open-${v}`}>
                {v}
              </Link>
            ),
          },
          { title: t("network.router.fields.vpc"), ...userDataCells, dataIndex: "vpcName", width: 180 },
          {
            title: t("network.router.fields.externalGateway"),
            dataIndex: "externalGateway",
            width: 120,
            render: (v: boolean) => t(v ? "network.yes" : "network.no"),
          },
          { title: t("network.router.fields.interfaces"), dataIndex: "interfaceCount", width: 90 },
          { title: t("network.router.fields.routes"), dataIndex: "routeCount", width: 90 },
          {
            title: t("network.router.fields.status"),
            dataIndex: "status",
            width: 110,
            render: (v: string) => <NetworkStatusText status={v} />,
          },
        ]}
      />
      {creating && (
        <RouterFormDialog
          onClose={() => setCreating(false)}
          onDone={(name, id) => {
            setCreating(false);
            void message.success(t("network.router.created", { name }));
            void refresh();
            navigate(`/mgt/route/detail/${encodeURIComponent(id)}`);
          }}
        />
      )}
    </>
  );
}
