// /mgt/vpc/detail/:id (CB09): one VPC — its CIDR, sharing and creator — with its subnets (add,
// edit, delete) and its routers. A shared VPC of someone else reads the same, without the buttons.

import type { SubnetRecord } from "@skyledger/contracts";
import { App, Button, Card, Descriptions, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { UserData, userDataCells } from "../../../components/user-data";
import { ConfirmDelete } from "../../../features/network/confirm-delete";
import { networkApi, useRefreshNetwork, useVpc } from "../../../features/network/network-api";
import { NetworkDetailFrame } from "../../../features/network/network-detail-frame";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";
import { SubnetFormDialog } from "../../../features/network/subnet-form-dialog";
import { VpcEditDialog } from "../../../features/network/vpc-edit-dialog";
import { dash, formatDateTime } from "../../../lib/format";

export function VpcDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const vpc = useVpc(id);
  const refresh = useRefreshNetwork();
  const [dialog, setDialog] = useState<"edit" | "subnet" | null>(null);
  const v = vpc.data;

  const removeSubnet = async (s: SubnetRecord) => {
    await networkApi.deleteSubnet(s.id);
    void message.success(t("network.subnet.deleted", { name: s.name }));
    await refresh();
  };
  const removeVpc = async () => {
    if (!v) return;
    await networkApi.deleteVpc(v.id);
    void message.success(t("network.vpc.deleted", { name: v.name }));
    await refresh();
    navigate("/mgt/vpc");
  };

  return (
    <>
      <NetworkDetailFrame
        back={{ to: "/mgt/vpc", label: t("network.vpc.back"), testId: "vpc-detail-back" }}
        title={t("network.vpc.detailTitle", { name: v?.name ?? "" })}
        query={vpc}
      >
        {(v) => (
          <>
            <Card
              data-testid="vpc-detail"
              extra={
                v.editable ? (
                  <Space>
                    <Button onClick={() => setDialog("edit")} data-testid="vpc-edit">
                      {t("network.vpc.edit")}
                    </Button>
                    <ConfirmDelete
                      question={t("network.vpc.deleteConfirm", { name: v.name })}
                      label={t("network.vpc.delete")}
                      testId="vpc-delete"
                      onConfirm={() => removeVpc()}
                    />
                  </Space>
                ) : (
                  <Typography.Text type="secondary" data-testid="vpc-not-creator">
                    {t("network.vpc.notCreator")}
                  </Typography.Text>
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
                    label: t("network.vpc.fields.name"),
                    children: <UserData>{v.name}</UserData>,
                  },
                  { key: "cidr", label: t("network.vpc.fields.cidr"), children: v.cidr },
                  {
                    key: "status",
                    label: t("network.vpc.fields.status"),
                    children: <NetworkStatusText status={v.status} />,
                  },
                  {
                    key: "shared",
                    label: t("network.vpc.fields.shared"),
                    children: t(v.shared ? "network.yes" : "network.no"),
                  },
                  {
                    key: "project",
                    label: t("network.vpc.fields.project"),
                    children: <UserData>{dash(v.projectName)}</UserData>,
                  },
                  {
                    key: "by",
                    label: t("network.vpc.fields.createdBy"),
                    children: <UserData>{dash(v.createdByName)}</UserData>,
                  },
                  { key: "at", label: t("common.createdAt"), children: formatDateTime(v.createdAt) },
                  {
                    key: "description",
                    label: t("network.vpc.fields.description"),
                    children: <UserData>{dash(v.description)}</UserData>,
                  },
                ]}
              />
            </Card>
            <Card
              title={t("network.subnet.title")}
              extra={
                v.editable && (
                  <Button type="primary" onClick={() => setDialog("subnet")} data-testid="subnet-add">
                    {t("network.subnet.add")}
                  </Button>
                )
              }
            >
              <Table<SubnetRecord>
                rowKey="id"
                dataSource={v.subnets}
                pagination={false}
                locale={{ emptyText: t("network.subnet.empty") }}
                data-testid="subnet-table"
                onRow={(row) => ({ "data-testid": `subnet-row-${row.name}` }) as never}
                columns={[
                  {
                    title: t("network.subnet.fields.name"),
                    ...userDataCells,
                    dataIndex: "name",
                    render: (name: string, row) => (
                      <Link
                        to={`/mgt/vpc/subnet/${encodeURIComponent(row.id)}`}
                        data-testid={`subnet-open-${name}`}
                      >
                        {name}
                      </Link>
                    ),
                  },
                  { title: t("network.subnet.fields.cidr"), dataIndex: "cidr" },
                  {
                    title: t("network.subnet.fields.gatewayIp"),
                    dataIndex: "gatewayIp",
                    render: (g: string | null) => dash(g),
                  },
                  {
                    title: t("network.subnet.fields.dhcp"),
                    dataIndex: "dhcp",
                    render: (d: boolean) => t(d ? "network.yes" : "network.no"),
                  },
                  {
                    title: t("network.subnet.fields.status"),
                    dataIndex: "status",
                    render: (s: string) => <NetworkStatusText status={s} />,
                  },
                  {
                    title: t("common.actions"),
                    key: "actions",
                    render: (_, row) =>
                      v.editable && (
                        <ConfirmDelete
                          question={t("network.subnet.deleteConfirm", { name: row.name })}
                          label={t("network.subnet.delete")}
                          testId={`subnet-delete-${row.name}`}
                          onConfirm={() => removeSubnet(row)}
                          inRow
                        />
                      ),
                  },
                ]}
              />
            </Card>
            <Card title={t("network.vpc.routers")}>
              <Space wrap>
                {v.routers.length === 0
                  ? t("network.router.empty")
                  : v.routers.map((r) => (
                      <Link
                        key={r.id}
                        to={`/mgt/route/detail/${encodeURIComponent(r.id)}`}
                        data-testid={`vpc-router-${r.name}`}
                      >
                        {r.name}
                      </Link>
                    ))}
              </Space>
            </Card>
          </>
        )}
      </NetworkDetailFrame>
      {v && dialog === "edit" && (
        <VpcEditDialog
          vpc={v}
          onClose={() => setDialog(null)}
          onDone={(name) => {
            setDialog(null);
            void message.success(t("network.vpc.updated", { name }));
            void refresh();
          }}
        />
      )}
      {v && dialog === "subnet" && (
        <SubnetFormDialog
          vpc={v}
          onClose={() => setDialog(null)}
          onDone={(name) => {
            setDialog(null);
            void message.success(t("network.subnet.created", { name }));
            void refresh();
          }}
        />
      )}
    </>
  );
}
