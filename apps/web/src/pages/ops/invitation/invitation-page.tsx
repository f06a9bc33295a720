import { PlusOutlined } from "@ant-design/icons";
import type { InvitationCode } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showIssuedCodes } from "../../../components/issued-codes";
import { NameWithId } from "../../../components/name-with-id";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";
import { InvitationCreateDialog } from "./invitation-create-dialog";
import { InvitationUsesDialog } from "./invitation-uses-dialog";

const STATUS_COLORS: Record<InvitationCode["status"], string> = {
  enabled: "success",
  disabled: "default",
  exhausted: "warning",
  expired: "error",
};

export function InvitationPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const list = usePagedQuery("invitations", endpoints.invitations.list);
  const [creating, setCreating] = useState(false);
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const mayAct = useMayActHere();

  const disable = async (code: string) => {
    await api.call(endpoints.invitations.disable, { params: { code: code }, body: {} });
    void message.success(t("ops.invitation.disabled"));
    await list.query.refetch();
  };

  const created = (codes: InvitationCode[]) => {
    setCreating(false);
    void list.query.refetch();
    showIssuedCodes(modal, {
      title: t("ops.invitation.createdTitle", { count: codes.length }),
      width: 520,
      codes: codes.map((c) => ({ key: c.code, code: c.code })),
      testId: "invitation-created",
    });
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.invitation.title")}
      </Typography.Title>
      <ReadOnlyNote />
      <Card
        extra={
          mayAct && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setCreating(true)}
              data-testid="invitation-create"
            >
              {t("ops.invitation.create")}
            </Button>
          )
        }
      >
        <Table<InvitationCode>
          rowKey="code"
          loading={list.query.isFetching}
          dataSource={list.rows}
          pagination={list.pagination}
          scroll={{ x: 960 }}
          data-testid="invitation-table"
          columns={[
            {
              title: t("ops.invitation.code"),
              dataIndex: "code",
              render: (code: string) => (
                <Typography.Text copyable code style={{ whiteSpace: "nowrap" }}>
                  {code}
                </Typography.Text>
              ),
            },
            {
              title: t("ops.invitation.remark"),
              ...userDataCells,
              dataIndex: "remark",
              render: (v: string) => dash(v),
            },
            {
              title: t("ops.invitation.uses"),
              key: "uses",
              render: (_, row) => `${row.usedCount} / ${row.maxUses}`,
            },
            {
              title: t("ops.invitation.expiresAt"),
              dataIndex: "expiresAt",
              render: (v: string | null) => (v ? formatDateTime(v) : t("ops.invitation.never")),
            },
            {
              title: t("common.status"),
              dataIndex: "status",
              render: (s: InvitationCode["status"]) => (
                <Tag color={STATUS_COLORS[s]}>{t(`ops.invitation.status.${s}`)}</Tag>
              ),
            },
            {
              title: t("common.createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
            {
              title: t("ops.invitation.createdBy"),
              dataIndex: "createdByAccount",
              render: (v: string | null, row) => <NameWithId name={v} id={row.createdBy} />,
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              render: (_, row) => (
                <Space>
                  <Button type="link" size="small" onClick={() => setUsesOf(row.code)}>
                    {t("ops.invitation.viewUses")}
                  </Button>
                  {mayAct && row.status === "enabled" && (
                    <Popconfirm
                      title={t("ops.invitation.disableConfirm")}
                      okText={t("ops.invitation.disable")}
                      cancelText={t("common.cancel")}
                      onConfirm={() => disable(row.code).catch(() => {})}
                    >
                      <Button type="link" size="small" danger>
                        {t("ops.invitation.disable")}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <InvitationCreateDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
      <InvitationUsesDialog code={usesOf} onClose={() => setUsesOf(null)} />
    </>
  );
}
