import type { ConfigEntry, EndpointBodyInput } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Form, Input, InputNumber, Switch, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../components/form-rules";
import { useMayActHere } from "../../components/require-org";
import { api } from "../../lib/api-client";
import { reloadPublicConfig } from "../../lib/system-config";
import {
  controlFor,
  type FormValue,
  isConfigKey,
  labelKey,
  toConfigValue,
  toFormValue,
} from "./config-controls";
import { LogoUpload } from "./logo-upload";
import { LockoutPolicyFields, PasswordPolicyFields } from "./policy-fields";

export const OPS_CONFIGS_KEY = ["ops", "configs"] as const;

function EntryControl({ entry }: { entry: ConfigEntry }) {
  const { t } = useTranslation();
  const control = controlFor(entry);
  // The stored description is the seed's English: it names an entry only when the console has no
  // label of its own for it, and is never shown beside a translated label.
  const label = t(labelKey(entry.configKey), { defaultValue: entry.description || entry.configKey });
  const testId = `config-${entry.configKey.replace(/\./g, "-")}`;
  // Keys outside the shared list cannot be saved (PUT /configs refuses them): shown, not editable;
  // nor can anything by a reader of the page (the auditor). An explicit `disabled={false}` would
  // override the form's own `disabled`, so both reasons are said here.
  const mayAct = useMayActHere();
  const readOnly = !isConfigKey(entry.configKey) || !mayAct;

  if (control === "passwordPolicy" || control === "lockoutPolicy") {
    return (
      <fieldset
        style={{ border: "1px solid #f0f0f0", borderRadius: 6, padding: "12px 16px 0", marginBottom: 16 }}
      >
        <legend style={{ width: "auto", fontSize: 14, padding: "0 6px", border: "none", margin: 0 }}>
          {label}
        </legend>
        {control === "passwordPolicy" ? (
          <PasswordPolicyFields configKey={entry.configKey} />
        ) : (
          <LockoutPolicyFields configKey={entry.configKey} />
        )}
      </fieldset>
    );
  }
  const common = { name: entry.configKey, label };
  switch (control) {
    case "switch":
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch disabled={readOnly} data-testid={testId} aria-label={label} />
        </Form.Item>
      );
    case "minutes":
      return (
        <Form.Item
          {...common}
          rules={[
            {
              required: true,
              type: "integer",
              min: 1,
              max: 1440,
              message: t("validation.range", { min: 1, max: 1440 }),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={1440}
            precision={0}
            suffix={t("common.units.minutes")}
            data-testid={testId}
            style={{ width: 200 }}
          />
        </Form.Item>
      );
    case "logo":
      return (
        <Form.Item {...common}>
          <LogoUpload testId={testId} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common} rules={[{ max: 200, message: t("validation.maxLength", { max: 200 }) }]}>
          <Input disabled={readOnly} maxLength={200} data-testid={testId} />
        </Form.Item>
      );
  }
}

/** One tab of the system configuration; saves only the entries that changed. */
export function ConfigEntriesForm({ entries, group }: { entries: ConfigEntry[]; group: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, FormValue>>();
  const [saving, setSaving] = useState(false);
  const mayAct = useMayActHere();
  const initial = useMemo(
    () => Object.fromEntries(entries.map((e) => [e.configKey, toFormValue(e)])),
    [entries],
  );

  const save = async (values: Record<string, FormValue>) => {
    const changed = entries
      .filter((entry) => isConfigKey(entry.configKey))
      .map((entry) => ({
        configKey: entry.configKey,
        configValue: toConfigValue(controlFor(entry), values[entry.configKey]),
      }))
      .filter(
        (next) => next.configValue !== entries.find((e) => e.configKey === next.configKey)?.configValue,
      );
    if (changed.length === 0) return void message.info(t("ops.config.nothingChanged"));
    setSaving(true);
    try {
      // The form lists only the keys the server sent, so each is one of its configuration keys.
      const body = { entries: changed } as EndpointBodyInput<typeof endpoints.config.update>;
      await api.call(endpoints.config.update, { body });
      void message.success(t("ops.config.saved"));
      await queryClient.invalidateQueries({ queryKey: OPS_CONFIGS_KEY });
      await reloadPublicConfig();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  if (entries.length === 0) return <Typography.Text type="secondary">{t("common.empty")}</Typography.Text>;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!mayAct}
      onFinish={(values) => void save(values)}
      style={{ maxWidth: 880 }}
    >
      {entries.map((entry) => (
        <EntryControl key={entry.configKey} entry={entry} />
      ))}
      {mayAct && (
        <>
          <Button type="primary" htmlType="submit" loading={saving} data-testid={`config-save-${group}`}>
            {t("common.save")}
          </Button>
          <Button style={{ marginInlineStart: 8 }} onClick={() => form.resetFields()}>
            {t("common.reset")}
          </Button>
        </>
      )}
    </Form>
  );
}
