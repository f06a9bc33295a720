// /mgt/route/detail/:id (CB09): one router — its VPC and external gateway — with its interfaces
// (router-interfaces-card.tsx) and its static routes: add one (the form says which route or subnet
// a destination conflicts with, as the server does), delete one, or delete the router when empty.

import type { StaticRouteRecord } from "@skyledger/contracts";
import { App, Button, Card, Descriptions, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { UserData } from "../../../components/user-data";
import { ConfirmDelete } from "../../../features/network/confirm-delete";
import { networkApi, useRefreshNetwork, useRouter } from "../../../features/network/network-api";
import { NetworkDetailFrame } from "../../../features/network/network-detail-frame";
import { RouteFormDialog } from "../../../features/network/route-form-dialog";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";
import { formatDateTime } from "../../../lib/format";
import { RouterInterfacesCard } from "./router-interfaces-card";

export function RouterDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const router = useRouter(id);
  const refresh = useRefreshNetwork();
  const [adding, setAdding] = useState(false);
  const r = router.data;

  const removeRoute = async (route: StaticRouteRecord) => {
    await networkApi.deleteRoute(id, route.id);
    void message.success(t("network.router.routeDeleted", { destination: route.destination }));
    await refresh();
  };
  const removeRouter = async () => {
    if (!r) return;
    await networkApi.deleteRouter(r.id);
    void message.success(t("network.router.deleted", { name: r.name }));
    await refresh();
    navigate("/mgt/route");
  };

  return (
    <>
      <NetworkDetailFrame
        back={{ to: "/mgt/route", label: t("network.router.back"), testId: "router-detail-back" }}
        title={t("network.router.detailTitle", { name: r?.name ?? "" })}
        query={router}
      >
        {(r) => (
          <>
            <Card
              data-testid="router-detail"
              extra={
                r.editable && (
                  <ConfirmDelete
                    question={t("network.router.deleteConfirm", { name: r.name })}
                    label={t("network.router.delete")}
                    testId="router-delete"
                    onConfirm={() => removeRouter()}
                  />
                )
              }
            >
              <Descriptions
                column={2}
                bordered
                size="small"
                items={[
                  {
                    key: "name",
                    label: t("network.router.fields.name"),
                    children: <UserData>{r.name}</UserData>,
                  },
                  {
                    key: "vpc",
                    label: t("network.router.fields.vpc"),
                    children: (
                      <Link to={`/mgt/vpc/detail/${encodeURIComponent(r.vpcId)}`}>
                        <UserData>{`${r.vpcName} (${r.vpcCidr})`}</UserData>
                      </Link>
                    ),
                  },
                  {
                    key: "gateway",
                    label: t("network.router.fields.externalGateway"),
                    children: t(r.externalGateway ? "network.yes" : "network.no"),
                  },
                  {
                    key: "status",
                    label: t("network.router.fields.status"),
                    children: <NetworkStatusText status={r.status} />,
                  },
                  { key: "at", label: t("common.createdAt"), children: formatDateTime(r.createdAt) },
                ]}
              />
            </Card>
            <RouterInterfacesCard router={r} onChanged={refresh} />
            <Card
              title={t("network.router.routes")}
              extra={
                r.editable && (
                  <Button type="primary" onClick={() => setAdding(true)} data-testid="route-add">
                    {t("network.router.addRoute")}
                  </Button>
                )
              }
            >
              <Table<StaticRouteRecord>
                rowKey="id"
                dataSource={r.routes}
                pagination={false}
                locale={{ emptyText: t("network.router.noRoutes") }}
                data-testid="router-routes"
                onRow={(row) => ({ "data-testid": `route-row-${row.destination}` }) as never}
                columns={[
                  { title: t("network.router.route.destination"), dataIndex: "destination" },
                  { title: t("network.router.route.nexthop"), dataIndex: "nexthop" },
                  {
                    title: t("network.router.fields.status"),
                    dataIndex: "status",
                    render: (s: string) => <NetworkStatusText status={s} />,
                  },
                  {
                    title: t("common.actions"),
                    key: "actions",
                    render: (_, row) =>
                      r.editable && (
                        <ConfirmDelete
                          question={t("network.router.deleteRouteConfirm", { destination: row.destination })}
                          label={t("network.router.deleteRoute")}
                          testId={`route-delete-${row.destination}`}
                          onConfirm={() => removeRoute(row)}
                          inRow
                        />
                      ),
                  },
                ]}
              />
            </Card>
          </>
        )}
      </NetworkDetailFrame>
      {r && adding && (
        <RouteFormDialog
          router={r}
          onClose={() => setAdding(false)}
          onDone={(destination) => {
            setAdding(false);
            void message.success(t("network.router.routeAdded", { destination }));
            void refresh();
          }}
        />
      )}
    </>
  );
}
