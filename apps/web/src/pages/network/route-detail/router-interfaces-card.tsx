// A router's interfaces: the VPC's subnets joined to it, one more joined from a choice of the
// others, one taken off (refused while a route's next hop is in it).
import type { RouterDetail } from "@skyledger/contracts";
import { App, Button, Card, Select, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UserData } from "../../../components/user-data";
import { ConfirmDelete } from "../../../features/network/confirm-delete";
import { networkApi } from "../../../features/network/network-api";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";
import { dash } from "../../../lib/format";

type Interface = RouterDetail["interfaces"][number];

export function RouterInterfacesCard({
  router,
  onChanged,
}: {
  router: RouterDetail;
  onChanged(): Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [subnetId, setSubnetId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const joinedIds = new Set(router.interfaces.map((i) => i.subnetId));
  const candidates = router.vpcSubnets.filter((s) => !joinedIds.has(s.id) && s.status === "active");

  const join = async () => {
    const subnet = candidates.find((s) => s.id === subnetId);
    if (!subnet) return;
    setBusy(true);
    try {
      await networkApi.join(router.id, subnet.id);
      void message.success(t("network.router.joined", { name: subnet.name }));
      setSubnetId(undefined);
      await onChanged();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };
  const leave = async (i: Interface) => {
    await networkApi.leave(router.id, i.subnetId);
    void message.success(t("network.router.left", { name: i.subnetName }));
    await onChanged();
  };

  return (
    <Card
      title={t("network.router.interfaces")}
      extra={
        router.editable && (
          <Space>
            <Select
              style={{ width: 260 }}
              value={subnetId}
              onChange={setSubnetId}
              placeholder={t("network.router.joinTitle")}
              options={candidates.map((s) => ({ value: s.id, label: `${s.name} (${s.cidr})` }))}
              data-testid="router-join-subnet"
            />
            <Button
              type="primary"
              disabled={!subnetId}
              loading={busy}
              onClick={() => void join()}
              data-testid="router-join"
            >
              {t("network.router.join")}
            </Button>
          </Space>
        )
      }
    >
      <Table<Interface>
        rowKey="subnetId"
        dataSource={router.interfaces}
        pagination={false}
        locale={{ emptyText: t("network.router.noInterfaces") }}
        data-testid="router-interfaces"
        onRow={(row) => ({ "data-testid": `router-interface-${row.subnetName}` }) as never}
        columns={[
          {
            title: t("network.router.interface.subnet"),
            dataIndex: "subnetName",
            render: (v: string) => <UserData>{v}</UserData>,
          },
          { title: t("network.router.interface.cidr"), dataIndex: "cidr" },
          { title: t("network.router.interface.ip"), dataIndex: "ip", render: (v: string | null) => dash(v) },
          {
            title: t("network.router.fields.status"),
            dataIndex: "status",
            render: (s: string) => <NetworkStatusText status={s} />,
          },
          {
            title: t("common.actions"),
            key: "actions",
            render: (_, row) =>
              router.editable && (
                <ConfirmDelete
                  question={t("network.router.leaveConfirm", { name: row.subnetName })}
                  label={t("network.router.leave")}
                  testId={`router-leave-${row.subnetName}`}
                  onConfirm={() => leave(row)}
                  inRow
                />
              ),
          },
        ]}
      />
    </Card>
  );
}
