// A pool's members: each a Slurm user of the pool's account, named by the cluster user their jobs
// run as. Holders of CB1701 add users of the organisation who hold the HPC use set, and remove them.
import type { HpcMember, HpcPoolDetail } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayAct } from "../../../components/require-org";
import { hpcApi, useMemberCandidates, useRefreshPool } from "../../../features/hpc/hpc-api";
import { formatDateTime } from "../../../lib/format";

export function MembersCard({ pool }: { pool: HpcPoolDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayManage = useMayAct("hpcManage");
  const live = pool.status !== "deleted" && pool.status !== "destroying";
  const candidates = useMemberCandidates(pool.id, mayManage && live);
  const refresh = useRefreshPool(pool.id);
  const [picked, setPicked] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (!picked) return;
    setAdding(true);
    try {
      await hpcApi.addMember(pool.id, picked);
      void message.success(t("hpc.members.added"));
      setPicked(undefined);
      await refresh();
    } finally {
      setAdding(false);
    }
  };

  const remove = async (member: HpcMember) => {
    await hpcApi.removeMember(pool.id, member.userId);
    void message.success(t("hpc.members.removed", { name: member.userName }));
    await refresh();
  };

  return (
    <Card
      title={t("hpc.members.title", { count: pool.members.length })}
      extra={
        mayManage &&
        live && (
          <Space>
            <Select<string>
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              loading={candidates.isFetching}
              placeholder={t("hpc.members.pick")}
              notFoundContent={t("hpc.members.noCandidates")}
              value={picked}
              onChange={setPicked}
              options={(candidates.data ?? []).map((c) => ({ value: c.userId, label: c.userName }))}
              style={{ width: 220 }}
              data-testid="hpc-member-pick"
            />
            <Button
              type="primary"
              disabled={!picked}
              loading={adding}
              onClick={() => void add()}
              data-testid="hpc-member-add"
            >
              {t("hpc.members.add")}
            </Button>
          </Space>
        )
      }
      data-testid="hpc-pool-members"
    >
      <Typography.Paragraph type="secondary">{t("hpc.members.intro")}</Typography.Paragraph>
      <Table<HpcMember>
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={pool.members}
        locale={{ emptyText: t("hpc.members.empty") }}
        onRow={(m) => ({ "data-testid": `hpc-member-${m.userName}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t("hpc.members.user"),
            dataIndex: "userName",
            render: (v: string) => <span data-user-data>{v}</span>,
          },
          {
            title: t("hpc.members.clusterUser"),
            dataIndex: "clusterUser",
            render: (v: string) => (
              <Typography.Text code data-user-data>
                {v}
              </Typography.Text>
            ),
          },
          { title: t("hpc.members.addedAt"), dataIndex: "addedAt", render: (v: string) => formatDateTime(v) },
          ...(mayManage && live
            ? [
                {
                  title: t("common.actions"),
                  key: "actions",
                  width: 110,
                  render: (_: unknown, m: HpcMember) => (
                    <Popconfirm
                      title={t("hpc.members.removeConfirm", { name: m.userName })}
                      description={t("hpc.members.removeHint")}
                      okText={t("hpc.members.remove")}
                      cancelText={t("common.cancel")}
                      okButtonProps={{ danger: true, "data-testid": `hpc-member-remove-ok-${m.userName}` }}
                      onConfirm={() => remove(m)}
                    >
                      <Button type="link" size="small" danger data-testid={`hpc-member-remove-${m.userName}`}>
                        {t("hpc.members.remove")}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
