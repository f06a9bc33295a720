// /mgt/set (CH05): the organisation's password policy, lock-out policy, session lifetime and SMS
// step-up. Users with CH0501 change them (the server asks for SMS verification); others read them.
import type {
  PasswordPolicyBody,
  PasswordPolicyView,
  SecuritySettingsBody,
  SecuritySettingsView,
} from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Popconfirm, Space, Spin, Tag, Typography } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { validValues } from "../../../components/form-rules";
import { useHasCode } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { NoticePreferencesCard } from "../../../features/iam-settings/notice-preferences-card";
import {
  settingsApi,
  settingsKeys,
  usePasswordPolicyView,
  useSecurityView,
} from "../../../features/iam-settings/settings-api";
import { formatDateTime } from "../../../lib/format";
import { PasswordPolicySection } from "./password-policy-section";
import { SecuritySection } from "./security-section";

type Values = { password: PasswordPolicyBody; security: SecuritySettingsBody };

const securityOf = (v: SecuritySettingsView): SecuritySettingsBody => ({
  lockoutPolicy: { ...v.lockoutPolicy },
  sessionTtlMinutes: v.sessionTtlMinutes,
  stepUpEnabled: v.stepUpEnabled,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function SettingsPage() {
  const { t } = useTranslation();
  const canManage = useHasCode("CH0501");
  const password = usePasswordPolicyView();
  const security = useSecurityView();
  const failed = password.isError || security.isError;
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("settings.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("settings.intro")}</Typography.Paragraph>
      {failed ? (
        <LoadFailed
          t={t}
          onRetry={() => {
            void password.refetch();
            void security.refetch();
          }}
        />
      ) : password.data && security.data ? (
        <SettingsForm password={password.data} security={security.data} />
      ) : (
        <Spin />
      )}
      <NoticePreferencesCard canManage={canManage} />
    </>
  );
}

function SettingsForm({
  password,
  security,
}: {
  password: PasswordPolicyView;
  security: SecuritySettingsView;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canManage = useHasCode("CH0501");
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const loaded: Values = { password: password.policy, security: securityOf(security) };
  const loadedKey = JSON.stringify(loaded);

  // A new answer from the server (after saving or restoring) starts the form again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedKey stands for the loaded values
  useEffect(() => form.resetFields(), [form, loadedKey]);

  const reload = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.password }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.security }),
      // The password rules shown on the profile and first-login pages follow the new policy.
      queryClient.invalidateQueries({ queryKey: ["passwordPolicy"] }),
    ]);
  };

  const save = async () => {
    const values = await validValues(form);
    if (!values) return;
    const changedPassword = !same(values.password, loaded.password);
    const changedSecurity = !same(values.security, loaded.security);
    if (!changedPassword && !changedSecurity) {
      void message.info(t("settings.unchanged"));
      return;
    }
    setSaving(true);
    try {
      if (changedPassword) await settingsApi.savePasswordPolicy(values.password);
      if (changedSecurity) await settingsApi.saveSecurity(values.security);
      void message.success(t("settings.saved"));
    } catch {
      // The client showed the server's reason (e.g. POLICY_INVALID); the form keeps the input.
    } finally {
      setSaving(false);
      await reload();
    }
  };

  const restore = async (section: "password" | "security") => {
    await (section === "password" ? settingsApi.restorePasswordPolicy() : settingsApi.restoreSecurity());
    void message.success(t("settings.restored"));
    await reload();
  };

  const header = (
    title: string,
    view: { custom: boolean; updatedAt: string | null; updatedBy: string | null },
    section: "password" | "security",
  ): ReactNode => (
    <Space wrap>
      <span>{title}</span>
      <Tag color={view.custom ? "blue" : "default"} data-testid={`settings-${section}-source`}>
        {t(view.custom ? "settings.custom" : "settings.platformDefault")}
      </Tag>
      {view.custom && view.updatedAt && (
        <Typography.Text type="secondary" style={{ fontWeight: "normal", fontSize: 13 }}>
          {t("settings.lastChange", { by: view.updatedBy ?? "-", time: formatDateTime(view.updatedAt) })}
        </Typography.Text>
      )}
    </Space>
  );

  const restoreButton = (section: "password" | "security", custom: boolean) =>
    canManage && custom ? (
      <Popconfirm
        title={t("settings.restoreConfirm")}
        okText={t("settings.restore")}
        cancelText={t("common.cancel")}
        onConfirm={() => restore(section).catch(() => {})}
      >
        <Button size="small" data-testid={`settings-${section}-restore`}>
          {t("settings.restore")}
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <Form<Values> form={form} layout="vertical" initialValues={loaded}>
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("settings.readOnly")}
          data-testid="settings-readonly"
        />
      )}
      <Card
        title={header(t("settings.password.title"), password, "password")}
        extra={restoreButton("password", password.custom)}
        style={{ marginBottom: 16 }}
      >
        <PasswordPolicySection platform={password.platform} disabled={!canManage} />
      </Card>
      <Card
        title={header(t("settings.securityTitle"), security, "security")}
        extra={restoreButton("security", security.custom)}
        style={{ marginBottom: 16 }}
      >
        <SecuritySection platform={security.platform} disabled={!canManage} />
      </Card>
      {canManage && (
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="settings-save">
            {t("common.save")}
          </Button>
          <Button onClick={() => form.resetFields()} data-testid="settings-reset">
            {t("common.reset")}
          </Button>
        </Space>
      )}
    </Form>
  );
}
