// /mgt/vpc/subnet/:id (CB09): one subnet — CIDR, gateway, DHCP and DNS — with the ports on it and
// the hosts those ports belong to, as the cloud reports them; edit or delete it (refused while it
// has ports, and the message names them).

import type { SubnetPort } from "@skyledger/contracts";
import { App, Button, Card, Descriptions, List, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { UserData } from "../../../components/user-data";
import { ConfirmDelete } from "../../../features/network/confirm-delete";
import { networkApi, useRefreshNetwork, useSubnet } from "../../../features/network/network-api";
import { NetworkDetailFrame } from "../../../features/network/network-detail-frame";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";
import { SubnetFormDialog } from "../../../features/network/subnet-form-dialog";
import { dash, formatDateTime } from "../../../lib/format";

export function SubnetDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const subnet = useSubnet(id);
  const refresh = useRefreshNetwork();
  const [editing, setEditing] = useState(false);
  const s = subnet.data;
  // Our hosts by name; a port the cloud made for a host we do not know by its reference.
  const hosts = [
    ...new Set(
      (s?.ports ?? []).filter((p) => p.owner === "compute").map((p) => p.deviceName ?? p.deviceRef ?? p.ip),
    ),
  ];

  const remove = async () => {
    if (!s) return;
    await networkApi.deleteSubnet(s.id);
    void message.success(t("network.subnet.deleted", { name: s.name }));
    await refresh();
    navigate(`/mgt/vpc/detail/${encodeURIComponent(s.vpcId)}`);
  };

  return (
    <>
      <NetworkDetailFrame
        back={{
          to: `/mgt/vpc/detail/${encodeURIComponent(s?.vpcId ?? "")}`,
          label: t("network.subnet.back"),
          testId: "subnet-detail-back",
        }}
        title={t("network.subnet.detailTitle", { name: s?.name ?? "" })}
        query={subnet}
      >
        {(s) => (
          <>
            <Card
              data-testid="subnet-detail"
              extra={
                s.editable && (
                  <Space>
                    <Button onClick={() => setEditing(true)} data-testid="subnet-edit">
                      {t("network.subnet.edit")}
                    </Button>
                    <ConfirmDelete
                      question={t("network.subnet.deleteConfirm", { name: s.name })}
                      label={t("network.subnet.delete")}
                      testId="subnet-delete"
                      onConfirm={() => remove()}
                    />
                  </Space>
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
                    label: t("network.subnet.fields.name"),
                    children: <UserData>{s.name}</UserData>,
                  },
                  {
                    key: "vpc",
                    label: t("network.subnet.fields.vpc"),
                    children: <UserData>{`${s.vpcName} (${s.vpcCidr})`}</UserData>,
                  },
                  { key: "cidr", label: t("network.subnet.fields.cidr"), children: s.cidr },
                  {
                    key: "gateway",
                    label: t("network.subnet.fields.gatewayIp"),
                    children: dash(s.gatewayIp),
                  },
                  {
                    key: "dhcp",
                    label: t("network.subnet.fields.dhcp"),
                    children: t(s.dhcp ? "network.yes" : "network.no"),
                  },
                  {
                    key: "dns",
                    label: t("network.subnet.fields.dnsServers"),
                    children: dash(s.dnsServers.join(", ")),
                  },
                  {
                    key: "status",
                    label: t("network.subnet.fields.status"),
                    children: <NetworkStatusText status={s.status} />,
                  },
                  { key: "at", label: t("common.createdAt"), children: formatDateTime(s.createdAt) },
                ]}
              />
            </Card>
            <Card title={t("network.subnet.ports")}>
              <Table<SubnetPort>
                rowKey={(p) => `${p.ip}-${p.deviceRef ?? ""}`}
                dataSource={s.ports}
                pagination={false}
                locale={{ emptyText: t("network.subnet.noPorts") }}
                data-testid="subnet-ports"
                columns={[
                  { title: t("network.subnet.port.ip"), dataIndex: "ip" },
                  {
                    title: t("network.subnet.port.owner"),
                    dataIndex: "owner",
                    render: (o: string) => t(`network.subnet.owner.${o}`),
                  },
                  {
                    title: t("network.subnet.port.device"),
                    key: "device",
                    render: (_, p) => <UserData>{dash(p.deviceName ?? p.deviceRef)}</UserData>,
                  },
                ]}
              />
            </Card>
            <Card title={t("network.subnet.hosts")}>
              <List
                dataSource={hosts}
                locale={{ emptyText: t("network.subnet.noHosts") }}
                renderItem={(h) => (
                  <List.Item data-testid={`subnet-host-${h}`}>
                    <UserData>{h}</UserData>
                  </List.Item>
                )}
              />
            </Card>
          </>
        )}
      </NetworkDetailFrame>
      {s && editing && (
        <SubnetFormDialog
          vpc={{ id: s.vpcId, cidr: s.vpcCidr, subnets: [] }}
          subnet={s}
          onClose={() => setEditing(false)}
          onDone={(name) => {
            setEditing(false);
            void message.success(t("network.subnet.updated", { name }));
            void refresh();
          }}
        />
      )}
    </>
  );
}
