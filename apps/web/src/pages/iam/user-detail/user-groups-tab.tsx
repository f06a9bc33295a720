// The user's groups. Managers change them here; taking away the last group ends the user's
// platform access, so that needs an explicit confirmation (spec §6).
import { App, Button, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import {
  type IamRef,
  type SubUserDetail,
  setUserGroups,
  useGroupOptions,
} from "../../../features/iam/iam-api";
import { groupName, IamName, SourceTag, useCan } from "../../../features/iam/iam-labels";

type Props = { user: SubUserDetail; onChanged(): void };

export function UserGroupsTab({ user, onChanged }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const me = useCurrentUser();
  const canEdit = useCan("CH0101") && user.userSid !== me.userSid && user.roleType === "subUser";
  const canOpenGroups = useCan("CH02");
  const options = useGroupOptions(canEdit);
  const [chosen, setChosen] = useState<string[]>(user.groups.map((g) => g.id));
  const [saving, setSaving] = useState(false);

  const save = async (confirmLastGroup: boolean) => {
    setSaving(true);
    try {
      await setUserGroups(user.userSid, chosen, confirmLastGroup);
      void message.success(t("iam.user.groupsSaved"));
      onChanged();
    } catch {
      // The API client already showed why.
    } finally {
      setSaving(false);
    }
  };

  const submit = () => {
    if (chosen.length > 0 || user.groups.length === 0) return void save(false);
    modal.confirm({
      title: t("iam.user.lastGroupTitle"),
      content: (
        <span data-testid="last-group-warning">
          {t("iam.user.lastGroupWarning", { account: user.account })}
        </span>
      ),
      okText: t("iam.user.lastGroupConfirm"),
      okButtonProps: { danger: true, "data-testid": "last-group-confirm" },
      cancelText: t("common.cancel"),
      onOk: () => save(true),
    });
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      {canEdit && (
        <Space wrap>
          <Select
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            loading={options.isPending}
            optionFilterProp="label"
            options={(options.data ?? []).map((g) => ({ value: g.id, label: groupName(g, t) }))}
            style={{ minWidth: 360 }}
            placeholder={t("iam.user.noGroups")}
            aria-label={t("iam.user.groups")}
            data-testid="user-groups-select"
          />
          <Button type="primary" loading={saving} onClick={submit} data-testid="user-groups-save">
            {t("common.save")}
          </Button>
        </Space>
      )}
      {user.groups.length === 0 && (
        <Typography.Text type="warning" data-testid="user-no-groups">
          {t("iam.user.noGroupsWarning")}
        </Typography.Text>
      )}
      <Table<IamRef>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={user.groups}
        data-testid="user-groups-table"
        columns={[
          {
            title: t("iam.group.name"),
            key: "name",
            render: (_, g) =>
              canOpenGroups ? (
                <Link to={`/mgt/usergroupdetail/${g.id}`}>
                  <IamName of={g} kind="group" />
                </Link>
              ) : (
                <IamName of={g} kind="group" />
              ),
          },
          {
            title: t("iam.source.title"),
            key: "source",
            render: (_, g) => <SourceTag builtIn={g.builtIn} />,
          },
        ]}
      />
    </Space>
  );
}
