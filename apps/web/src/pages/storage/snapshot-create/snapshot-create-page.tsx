// /mgt/snapshots/create (CB0116): a snapshot of one of the organisation's running or stopped hosts
// (`?hostId=` picks it from the host's detail page). It is not billed; the quota counts it.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { v } from "@skyledger/contracts";
import { App, Card, Form, Input, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { zodRule } from "../../../components/form-rules";
import { OrderSubmitBar } from "../../../components/order-submit-bar";
import { useFormSubmit } from "../../../components/use-form-submit";
import { storageApi, useHostChoices, useRefreshStorage } from "../../../features/storage/storage-api";
import { ApiError } from "../../../lib/api-client";

type Values = { hostId?: string; name?: string };

export function SnapshotCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const hosts = useHostChoices();
  const refresh = useRefreshStorage();
  const [refusal, setRefusal] = useState<string | null>(null);

  const { saving, submit } = useFormSubmit(form, {
    action: async (valid) => {
      setRefusal(null);
      const made = await storageApi.createSnapshot(valid.hostId ?? "", (valid.name ?? "").trim());
      void message.success(t("storage.snapshots.created", { name: made.name }));
      await refresh();
      navigate("/mgt/snapshot");
    },
    onOtherError: (error) => {
      if (error instanceof ApiError && error.kind === "business") setRefusal(error.message);
    },
  });

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/snapshot" data-testid="snapshot-create-back">
          <ArrowLeftOutlined /> {t("storage.snapshots.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("storage.snapshots.createTitle")}
      </Typography.Title>
      <Card style={{ maxWidth: 640 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ hostId: params.get("hostId") ?? undefined }}
          onValuesChange={() => setRefusal(null)}
          onFinish={() => void submit()}
          data-testid="snapshot-create-form"
        >
          <Form.Item
            name="hostId"
            label={t("storage.fields.sourceHost")}
            rules={[{ required: true, message: t("validation.required") }]}
            extra={t("storage.snapshots.hostHint")}
          >
            <Select
              showSearch={{ optionFilterProp: "label" }}
              loading={hosts.isFetching}
              placeholder={t("storage.pickHost")}
              notFoundContent={t("storage.noHosts")}
              options={(hosts.data ?? []).map((h) => ({ value: h.id, label: `${h.name} (${h.statusName})` }))}
              data-testid="snapshot-create-host"
            />
          </Form.Item>
          <Form.Item
            required
            name="name"
            label={t("services.fields.name")}
            rules={[zodRule(v.resourceName, t)]}
            extra={t("storage.nameHint")}
          >
            <Input maxLength={24} autoComplete="off" data-testid="snapshot-create-name" />
          </Form.Item>
          <OrderSubmitBar
            refusal={refusal}
            saving={saving}
            submitLabel={t("storage.snapshots.submit")}
            onCancel={() => navigate("/mgt/snapshot")}
            testId="snapshot-create"
          />
        </Form>
      </Card>
    </>
  );
}
