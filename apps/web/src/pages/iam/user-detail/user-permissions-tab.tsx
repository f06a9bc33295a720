// The user's permissions: sets granted directly (removable, and new ones can be granted) and sets
// inherited from groups or the administrator's role, shown locked (spec §6: they cannot be removed
// from the user), then every code the user ends up with.
import { LockOutlined } from "@ant-design/icons";
import { App, Button, Popconfirm, Select, Space, Table, Tooltip, Typography } from "antd";
import { type HTMLAttributes, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import {
  grantUserSet,
  revokeUserSet,
  type SubUserDetail,
  useSetOptions,
} from "../../../features/iam/iam-api";
import { CodeTags, IamName, RefTags, SourceTag, setName, useCan } from "../../../features/iam/iam-labels";

type Props = { user: SubUserDetail; onChanged(): void };
type Direct = SubUserDetail["directSets"][number];
type Inherited = SubUserDetail["inheritedSets"][number];

export function UserPermissionsTab({ user, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const canEdit = useCan("CH0101") && user.userSid !== me.userSid && user.roleType === "subUser";
  const options = useSetOptions(canEdit);
  const [adding, setAdding] = useState<string | undefined>();
  const held = new Set(user.directSets.map((s) => s.id));

  const change = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(t(done));
      setAdding(undefined);
      onChanged();
    } catch {
      // The API client already showed why.
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="large">
      <div>
        <Typography.Title level={5}>{t("iam.user.directSets")}</Typography.Title>
        {canEdit && (
          <Space wrap style={{ marginBottom: 12 }}>
            <Select<string>
              showSearch
              optionFilterProp="label"
              value={adding}
              onChange={setAdding}
              loading={options.isPending}
              placeholder={t("iam.user.pickSet")}
              options={(options.data ?? [])
                .filter((s) => !held.has(s.id))
                .map((s) => ({ value: s.id, label: setName(s, t) }))}
              style={{ width: 320 }}
              aria-label={t("iam.user.pickSet")}
              data-testid="user-set-select"
            />
            <Button
              type="primary"
              disabled={!adding}
              onClick={() =>
                adding && void change(() => grantUserSet(user.userSid, adding), "iam.user.setGranted")
              }
              data-testid="user-set-add"
            >
              {t("iam.user.grantSet")}
            </Button>
          </Space>
        )}
        <Table<Direct>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={user.directSets}
          data-testid="user-direct-sets"
          columns={[
            { title: t("iam.set.name"), key: "name", render: (_, s) => <IamName of={s} kind="set" /> },
            {
              title: t("iam.source.title"),
              key: "source",
              width: 100,
              render: (_, s) => <SourceTag builtIn={s.builtIn} />,
            },
            { title: t("iam.set.codes"), key: "codes", render: (_, s) => <CodeTags codes={s.codes} /> },
            ...(canEdit
              ? [
                  {
                    title: t("common.actions"),
                    key: "actions",
                    width: 100,
                    render: (_: unknown, s: Direct) => (
                      <Popconfirm
                        title={t("iam.user.revokeConfirm", { name: setName(s, t) })}
                        okText={t("iam.user.revokeSet")}
                        cancelText={t("common.cancel")}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          change(() => revokeUserSet(user.userSid, s.id), "iam.user.setRevoked")
                        }
                      >
                        <Button type="link" size="small" danger data-testid={`user-set-remove-${s.id}`}>
                          {t("iam.user.revokeSet")}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t("iam.user.inheritedSets")}</Typography.Title>
        <Table<Inherited>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={user.inheritedSets}
          data-testid="user-inherited-sets"
          onRow={(s) => ({ "data-testid": `user-inherited-${s.id}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t("iam.set.name"),
              key: "name",
              render: (_, s) => (
                <Tooltip title={t("iam.user.inheritedHint")}>
                  <Space size={4}>
                    <LockOutlined aria-label={t("iam.user.inherited")} />
                    <IamName of={s} kind="set" />
                  </Space>
                </Tooltip>
              ),
            },
            {
              title: t("iam.user.inheritedFrom"),
              key: "via",
              render: (_, s) =>
                s.viaRole ? t("iam.user.viaRole") : <RefTags refs={s.viaGroups} kind="group" />,
            },
            { title: t("iam.set.codes"), key: "codes", render: (_, s) => <CodeTags codes={s.codes} /> },
          ]}
        />
      </div>
      <div data-testid="user-effective-codes">
        <Typography.Title level={5}>{t("iam.user.effectiveCodes")}</Typography.Title>
        <CodeTags codes={user.permissions} />
      </div>
    </Space>
  );
}
