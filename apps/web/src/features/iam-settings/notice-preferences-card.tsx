// /mgt/set's notice preferences: per notice type, whether it also goes by e-mail and by SMS (the
// message centre always has it). CH0501 holders change them; others read them.
import type { NoticePreference } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Checkbox, Table } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../components/table-states";
import { messagesApi, useNoticePreferences } from "../messages/messages-api";

export function NoticePreferencesCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const loaded = useNoticePreferences();
  const [rows, setRows] = useState<NoticePreference[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.data) setRows(loaded.data.list);
  }, [loaded.data]);

  const toggle = (type: NoticePreference["type"], channel: "email" | "sms", on: boolean) =>
    setRows((current) => current.map((r) => (r.type === type ? { ...r, [channel]: on } : r)));

  const save = async () => {
    setSaving(true);
    try {
      const saved = await messagesApi.savePreferences({ list: rows });
      client.setQueryData(["noticePreferences"], saved);
      void message.success(t("messages.preferences.saved"));
    } finally {
      setSaving(false);
    }
  };

  const channel = (key: "email" | "sms") => ({
    title: t(`messages.preferences.${key}`),
    dataIndex: key,
    width: 140,
    render: (on: boolean, row: NoticePreference) => (
      <Checkbox
        checked={on}
        disabled={!canManage}
        onChange={(e) => toggle(row.type, key, e.target.checked)}
        data-testid={`pref-${row.type}-${key}`}
      />
    ),
  });

  return (
    <Card
      title={t("messages.preferences.title")}
      style={{ marginTop: 16 }}
      data-testid="notice-preferences"
      extra={
        canManage ? (
          <Button
            type="primary"
            size="small"
            loading={saving}
            onClick={() => void save().catch(() => {})}
            data-testid="pref-save"
          >
            {t("common.save")}
          </Button>
        ) : null
      }
    >
      {loaded.isError ? (
        <LoadFailed t={t} onRetry={() => void loaded.refetch()} />
      ) : (
        <Table<NoticePreference>
          rowKey="type"
          size="small"
          pagination={false}
          loading={loaded.isLoading}
          dataSource={rows}
          columns={[
            {
              title: t("messages.preferences.type"),
              dataIndex: "type",
              render: (type: NoticePreference["type"]) => t(`messages.types.${type}`),
            },
            {
              title: t("messages.preferences.inApp"),
              key: "inApp",
              width: 140,
              render: () => <Checkbox checked disabled />,
            },
            channel("email"),
            channel("sms"),
          ]}
        />
      )}
    </Card>
  );
}
