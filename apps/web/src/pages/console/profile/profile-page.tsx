import { endpoints } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Card, Descriptions, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { CertificationTag } from "../../../components/certification-tag";
import { UserData } from "../../../components/user-data";
import { api } from "../../../lib/api-client";
import { dash, formatDateTime } from "../../../lib/format";
import { AccessKeysCard } from "./access-keys-card";
import { ChangePasswordForm } from "./change-password-form";
import { EmailChangeForm } from "./email-change-form";
import { MobileChangeForm } from "./mobile-change-form";
import { RealNameForm } from "./real-name-form";

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const twoFactor = useQuery({
    queryKey: ["twoFactorState"],
    queryFn: () => api.call(endpoints.auth.stepUpState, { params: { type: "0" } }),
  });

  const items = [
    { key: "account", label: t("console.fields.account"), children: <UserData>{user.account}</UserData> },
    {
      key: "realName",
      label: t("console.fields.realName"),
      children: <UserData>{dash(user.realName)}</UserData>,
    },
    { key: "sex", label: t("console.fields.sex"), children: dash(user.sexName) },
    { key: "mobile", label: t("console.fields.mobile"), children: <UserData>{dash(user.mobile)}</UserData> },
    { key: "email", label: t("console.fields.email"), children: <UserData>{dash(user.email)}</UserData> },
    { key: "industry", label: t("console.fields.industry"), children: dash(user.industryName) },
    { key: "role", label: t("console.fields.role"), children: dash(user.roleName) },
    {
      key: "org",
      label: t("console.fields.orgName"),
      children: <UserData>{dash(user.currentOrg?.orgName)}</UserData>,
    },
    {
      key: "cert",
      label: t("console.fields.certification"),
      children: (
        <Space size="small" wrap>
          <CertificationTag status={user.certificationStatus} />
          {/* Verification belongs to tenants; platform accounts have no organisation to verify. */}
          {user.currentOrg && (
            <Link to="/authent" data-testid="profile-verification-link">
              {t(
                user.certificationStatus === "noAuth"
                  ? "profile.verification.go"
                  : "profile.verification.view",
              )}
            </Link>
          )}
        </Space>
      ),
    },
    {
      key: "2fa",
      label: t("console.fields.twoFactor"),
      children: twoFactor.data ? (
        <Tag color={twoFactor.data.enabled ? "success" : "default"}>
          {t(twoFactor.data.enabled ? "console.profile.twoFactorOn" : "console.profile.twoFactorOff")}
        </Tag>
      ) : (
        "-"
      ),
    },
    { key: "pwdEnd", label: t("console.fields.pwdEndTime"), children: formatDateTime(user.pwdEndTime) },
    { key: "limit", label: t("console.fields.limitDate"), children: formatDateTime(user.limitDate) },
    {
      key: "lastTime",
      label: t("console.fields.lastLoginTime"),
      children: formatDateTime(user.lastLoginTime),
    },
    { key: "lastIp", label: t("console.fields.lastLoginIp"), children: dash(user.lastLoginIp) },
  ];

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("console.profile.title")}
      </Typography.Title>
      <Card title={t("console.profile.details")} style={{ marginBottom: 16 }} data-testid="profile-details">
        <Descriptions column={{ xs: 1, md: 2 }} items={items} />
      </Card>
      <Card
        title={t("console.profile.passwordTitle")}
        style={{ marginBottom: 16 }}
        data-testid="profile-password"
      >
        <Typography.Paragraph type="secondary">{t("console.profile.passwordHint")}</Typography.Paragraph>
        <ChangePasswordForm />
      </Card>
      <Card title={t("profile.email.title")} style={{ marginBottom: 16 }} data-testid="profile-email">
        <EmailChangeForm current={user.email} />
      </Card>
      <Card title={t("profile.mobile.title")} style={{ marginBottom: 16 }} data-testid="profile-mobile">
        <MobileChangeForm current={user.mobile} />
      </Card>
      <Card
        title={t("profile.realName.title")}
        style={{ marginBottom: 16 }}
        data-testid="profile-realname-card"
      >
        <RealNameForm key={user.realName ?? ""} current={user.realName} />
      </Card>
      <Card
        title={t("profile.accessKeys.title")}
        data-testid="profile-access-keys"
        extra={
          user.permissions.includes("CB0117") && (
            <Link to="/mgt/sshkeypairs" data-testid="profile-ssh-link">
              {t("menu.sshkeypairs")}
            </Link>
          )
        }
      >
        <AccessKeysCard allowed={user.permissions.includes("CH06")} />
      </Card>
    </>
  );
}
