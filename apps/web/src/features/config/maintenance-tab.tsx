// Maintenance (BA01, platform administrators): closes the platform to tenants or makes it read-only
// for them, with a message in both languages and an expected end; "normal service" ends it. The
// server checks the input (both languages, an end in the future) and says what is missing.
import { endpoints, type MaintenanceMode, type MaintenanceState } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, DatePicker, Form, Input, Radio, Skeleton, Typography } from "antd";
import type { Dayjs } from "dayjs";
import dayjs from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { applyFieldErrors } from "../../components/form-rules";
import { useMayActHere } from "../../components/require-org";
import { api } from "../../lib/api-client";
import { MAINTENANCE_KEY, useMaintenance } from "../../lib/maintenance";

type Values = { mode: MaintenanceMode; messageZh: string; messageEn: string; endsAt: Dayjs | null };

const MODES: readonly MaintenanceMode[] = ["off", "readOnly", "closed"];

export function MaintenanceTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const current = useMaintenance(60_000);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch("mode", form);
  const mayAct = useMayActHere();

  useEffect(() => {
    const s = current.data;
    if (s) form.setFieldsValue({ ...s, endsAt: s.endsAt ? dayjs(s.endsAt) : null });
  }, [current.data, form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body = { ...values, endsAt: values.endsAt ? values.endsAt.toISOString() : null };
      const state: MaintenanceState = await api.call(endpoints.config.setMaintenance, { body });
      queryClient.setQueryData(MAINTENANCE_KEY, state);
      void message.success(t(state.mode === "off" ? "ops.maintenance.ended" : "ops.maintenance.saved"));
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  if (current.isPending) return <Skeleton active />;
  const on = mode !== undefined && mode !== "off";
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t("ops.maintenance.hint")}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        disabled={!mayAct}
        onFinish={(v) => void save(v)}
        initialValues={{ mode: "off" }}
      >
        <Form.Item name="mode" label={t("ops.maintenance.mode")}>
          <Radio.Group data-testid="maintenance-mode">
            {MODES.map((m) => (
              <Radio key={m} value={m} data-testid={`maintenance-mode-${m}`}>
                {t(`ops.maintenance.modes.${m}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="messageZh" label={t("ops.maintenance.messageZh")} required={on}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            data-testid="maintenance-message-zh"
          />
        </Form.Item>
        <Form.Item name="messageEn" label={t("ops.maintenance.messageEn")} required={on}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={500}
            data-testid="maintenance-message-en"
          />
        </Form.Item>
        <Form.Item name="endsAt" label={t("ops.maintenance.endsAt")} required={on}>
          <DatePicker showTime data-testid="maintenance-ends-at" />
        </Form.Item>
        {mayAct && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="maintenance-save">
            {t("ops.maintenance.save")}
          </Button>
        )}
      </Form>
    </div>
  );
}
