// A group's members: add sub-users, remove them. Removing a user from their only group ends their
// platform access, so the confirmation says so (spec §6).
import { App, Button, Modal, Popconfirm, Select, Space, Table, Tag } from "antd";
import { type HTMLAttributes, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { userDataCells } from "../../../components/user-data";
import {
  addGroupMembers,
  removeGroupMember,
  type UserGroupDetail,
  useUserOptions,
} from "../../../features/iam/iam-api";
import { useCan } from "../../../features/iam/iam-labels";
import { dash } from "../../../lib/format";

type Member = UserGroupDetail["members"][number];
type Props = { group: UserGroupDetail; onChanged(): void };

export function GroupMembers({ group, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const canWrite = useCan("CH0201");
  const canOpenUsers = useCan("CH01");
  const [adding, setAdding] = useState(false);
  const removable = (m: Member) => canWrite && m.userSid !== me.userSid && m.roleType === "subUser";

  const remove = async (member: Member) => {
    try {
      await removeGroupMember(group.id, member.userSid, member.groupCount <= 1);
      void message.success(t("iam.group.memberRemoved", { account: member.account }));
      onChanged();
    } catch {
      // The API client already showed why.
    }
  };

  return (
    <>
      {canWrite && (
        <Button
          type="primary"
          onClick={() => setAdding(true)}
          style={{ marginBottom: 12 }}
          data-testid="group-member-add"
        >
          {t("iam.group.addMembers")}
        </Button>
      )}
      <Table<Member>
        rowKey="userSid"
        size="small"
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        dataSource={group.members}
        locale={{ emptyText: t("iam.group.noMembers") }}
        data-testid="group-members-table"
        onRow={(m) => ({ "data-testid": `group-member-row-${m.account}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t("iam.user.account"),
            ...userDataCells,
            dataIndex: "account",
            render: (account: string, m) =>
              canOpenUsers ? <Link to={`/mgt/userdetail/${m.userSid}`}>{account}</Link> : account,
          },
          {
            title: t("iam.user.realName"),
            ...userDataCells,
            dataIndex: "realName",
            render: (v: string | null) => dash(v),
          },
          {
            title: t("common.status"),
            dataIndex: "status",
            render: (s: Member["status"]) => (
              <Tag color={s === "enabled" ? "success" : "default"}>{t(`iam.user.status.${s}`)}</Tag>
            ),
          },
          {
            title: t("common.actions"),
            key: "actions",
            width: 100,
            render: (_, m) =>
              removable(m) ? (
                <Popconfirm
                  title={t("iam.group.removeMemberConfirm", { account: m.account })}
                  description={
                    m.groupCount <= 1 ? (
                      <span data-testid="last-group-warning">
                        {t("iam.user.lastGroupWarning", { account: m.account })}
                      </span>
                    ) : undefined
                  }
                  okText={t("iam.group.removeMember")}
                  cancelText={t("common.cancel")}
                  okButtonProps={{ danger: true, "data-testid": "group-member-remove-confirm" }}
                  onConfirm={() => remove(m)}
                >
                  <Button type="link" size="small" danger data-testid={`group-member-remove-${m.account}`}>
                    {t("iam.group.removeMember")}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      {canWrite && (
        <AddMembersDialog
          key={adding ? "open" : "closed"}
          open={adding}
          group={group}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function AddMembersDialog({
  open,
  group,
  onClose,
  onAdded,
}: {
  open: boolean;
  group: UserGroupDetail;
  onClose(): void;
  onAdded(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const users = useUserOptions(open);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const present = new Set(group.members.map((m) => m.userSid));
  const candidates = (users.data ?? []).filter(
    (u) => !present.has(u.userSid) && u.userSid !== me.userSid && u.roleType === "subUser",
  );

  const submit = async () => {
    if (chosen.length === 0) return;
    setSaving(true);
    try {
      await addGroupMembers(group.id, chosen);
      void message.success(t("iam.group.membersAdded", { count: chosen.length }));
      onAdded();
    } catch {
      // The API client already showed why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("iam.group.addMembers")}
      okText={t("iam.group.addMembers")}
      cancelText={t("common.cancel")}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: chosen.length === 0, "data-testid": "group-member-add-submit" }}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Select
          mode="multiple"
          value={chosen}
          onChange={setChosen}
          loading={users.isPending}
          optionFilterProp="label"
          placeholder={t("iam.group.pickUsers")}
          options={candidates.map((u) => ({
            value: u.userSid,
            label: u.realName ? `${u.account} (${u.realName})` : u.account,
          }))}
          style={{ width: "100%" }}
          aria-label={t("iam.group.pickUsers")}
          data-testid="group-member-select"
        />
      </Space>
    </Modal>
  );
}
