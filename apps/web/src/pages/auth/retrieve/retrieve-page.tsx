import { MailOutlined, MobileOutlined } from "@ant-design/icons";
import { Card, Col, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";

export function RetrievePage() {
  const { t } = useTranslation();
  const options = [
    {
      by: "phone",
      icon: <MobileOutlined style={{ fontSize: 28 }} />,
      title: "account.retrieve.byPhone",
      hint: "account.retrieve.byPhoneHint",
    },
    {
      by: "email",
      icon: <MailOutlined style={{ fontSize: 28 }} />,
      title: "account.retrieve.byEmail",
      hint: "account.retrieve.byEmailHint",
    },
  ];
  return (
    <AuthLayout title={t("account.retrieve.title")} subtitle={t("account.retrieve.subtitle")} width={560}>
      <Row gutter={16}>
        {options.map((option) => (
          <Col xs={24} sm={12} key={option.by} style={{ marginBottom: 16 }}>
            <Link to={`/retrieve/password?by=${option.by}`} data-testid={`retrieve-choose-${option.by}`}>
              <Card hoverable>
                {option.icon}
                <Typography.Title level={5}>{t(option.title)}</Typography.Title>
                <Typography.Text type="secondary">{t(option.hint)}</Typography.Text>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Link to="/login">{t("common.backToLogin")}</Link>
    </AuthLayout>
  );
}
