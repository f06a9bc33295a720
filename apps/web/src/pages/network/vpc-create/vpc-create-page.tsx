// /mgt/vpc/create (CB09): a VPC's name, description, private CIDR (mask 16–28) and shared flag,
// checked as the server checks them; the new VPC opens on success.

import { ArrowLeftOutlined } from "@ant-design/icons";
import { vpcCreateBody } from "@skyledger/contracts";
import { App, Button, Card, Form, Input, Space, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { zodRule } from "../../../components/form-rules";
import { useFormSubmit } from "../../../components/use-form-submit";
import { networkApi, useRefreshNetwork } from "../../../features/network/network-api";
import { SimulatedNetworkNotice } from "../../../features/network/simulated-network-notice";
import { VpcNameFields } from "../../../features/network/vpc-edit-dialog";

type Values = { name: string; description?: string; cidr: string; shared: boolean };

export function VpcCreatePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshNetwork();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useFormSubmit(form, {
    action: async (values) => {
      const vpc = await networkApi.createVpc({
        name: values.name.trim(),
        description: values.description?.trim() ?? "",
        cidr: values.cidr.trim(),
        shared: values.shared,
      });
      void message.success(t("network.vpc.created", { name: vpc.name }));
      await refresh();
      navigate(`/mgt/vpc/detail/${encodeURIComponent(vpc.id)}`);
    },
  });

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/vpc" data-testid="vpc-create-back">
          <ArrowLeftOutlined /> {t("network.vpc.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("network.vpc.createTitle")}
      </Typography.Title>
      <SimulatedNetworkNotice />
      <Card style={{ maxWidth: 640 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ shared: false }}
          onFinish={(values) => void run(values)}
        >
          <VpcNameFields />
          <Form.Item
            required
            name="cidr"
            label={t("network.vpc.fields.cidr")}
            extra={t("network.vpc.cidrHint")}
            rules={[zodRule(vpcCreateBody.shape.cidr, t)]}
          >
            <Input placeholder="10.0.0.0/16" autoComplete="off" data-testid="vpc-form-cidr" />
          </Form.Item>
          <Form.Item
            name="shared"
            label={t("network.vpc.fields.shared")}
            valuePropName="checked"
            extra={t("network.vpc.sharedHint")}
          >
            <Switch data-testid="vpc-form-shared" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="vpc-form-submit">
              {t("network.vpc.create")}
            </Button>
            <Button onClick={() => navigate("/mgt/vpc")}>{t("common.cancel")}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
