// /mgt/vpc (CB09): the VPCs the caller sees — their projects' and the organisation's shared ones —
// with search and paging; create one, open one, or delete one (a shared one: its creator only).
import { endpoints, type VpcRecord } from "@skyledger/contracts";
import { App, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { networkApi, useRefreshNetwork, VPCS_LIST_KEY } from "../../../features/network/network-api";
import { NetworkList } from "../../../features/network/network-list";
import { NetworkStatusText } from "../../../features/network/simulated-network-notice";
import { dash } from "../../../lib/format";

export function VpcListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery(VPCS_LIST_KEY, endpoints.network.listVpcs, { keyword: keyword.trim() });
  const refresh = useRefreshNetwork();

  const remove = async (row: VpcRecord) => {
    await networkApi.deleteVpc(row.id);
    void message.success(t("network.vpc.deleted", { name: row.name }));
    await refresh();
  };

  return (
    <NetworkList<VpcRecord>
      texts="network.vpc"
      testPrefix="vpc"
      list={list}
      onKeyword={setKeyword}
      onCreate={() => navigate("/mgt/vpc/create")}
      onDelete={remove}
      scrollX={1100}
      columns={[
        {
          title: t("network.vpc.fields.name"),
          ...userDataCells,
          dataIndex: "name",
          fixed: "left",
          width: 200,
          render: (v: string, row) => (
            <Link to={`/mgt/vpc/detail/${encodeURIComponent(row.id)}`} data-testid={`vpc-open-${v}`}>
              {v}
            </Link>
          ),
        },
        { title: t("network.vpc.fields.cidr"), dataIndex: "cidr", width: 160 },
        {
          title: t("network.vpc.fields.status"),
          dataIndex: "status",
          width: 110,
          render: (v: string) => <NetworkStatusText status={v} />,
        },
        { title: t("network.vpc.fields.subnets"), dataIndex: "subnetCount", width: 90 },
        {
          title: t("network.vpc.fields.shared"),
          dataIndex: "shared",
          width: 90,
          render: (v: boolean) => (v ? <Tag color="blue">{t("network.yes")}</Tag> : t("network.no")),
        },
        {
          title: t("network.vpc.fields.project"),
          ...userDataCells,
          dataIndex: "projectName",
          width: 150,
          render: (v: string | null) => dash(v),
        },
        {
          title: t("network.vpc.fields.createdBy"),
          ...userDataCells,
          dataIndex: "createdByName",
          width: 140,
          render: (v: string | null) => dash(v),
        },
      ]}
    />
  );
}
