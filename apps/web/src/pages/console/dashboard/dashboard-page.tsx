import { ACTION_CODES } from "@skyledger/contracts";
import { Alert, Card, Col, Descriptions, Row, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../../app/console/current-user-context";
import { CertificationTag } from "../../../components/certification-tag";
import { UserData } from "../../../components/user-data";
import { AnnouncementsCard } from "../../../features/overview/announcements-card";
import { BillingSummary } from "../../../features/overview/billing-card";
import { OverviewSection } from "../../../features/overview/overview-section";
import { dash, formatDateTime } from "../../../lib/format";
import { usePublicConfig } from "../../../lib/system-config";

const PASSWORD_WARNING_DAYS = 7;

function Tile({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Col xs={24} md={12} xl={8}>
      <Card title={title} data-testid={testId} style={{ height: "100%" }}>
        {children}
      </Card>
    </Col>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { values } = usePublicConfig();
  const contact = values.get("system.contact.number");
  const passwordDays = user.pwdEndTime ? dayjs(user.pwdEndTime).diff(dayjs(), "day") : null;
  const status = user.certificationStatus;
  // Platform users have no organisation, hence no account: the server would answer 403.
  const hasAccount = user.currentOrg !== null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("console.dashboard.title")}
      </Typography.Title>
      {passwordDays !== null && passwordDays <= PASSWORD_WARNING_DAYS && (
        <Alert
          type="warning"
          showIcon
          title={t(
            passwordDays < 0 ? "console.dashboard.passwordExpired" : "console.dashboard.passwordExpiring",
            { days: passwordDays },
          )}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        {hasAccount && (
          <Tile title={t("finance.account.title")} testId="dashboard-billing">
            <BillingSummary canTopUp={ACTION_CODES.topUp.some((c) => user.permissions.includes(c))} />
          </Tile>
        )}
        {hasAccount && (
          <Tile title={t("messages.announcements.card")} testId="dashboard-announcements">
            <AnnouncementsCard canOpen={user.permissions.includes("CF")} />
          </Tile>
        )}
        <Tile title={t("console.dashboard.account")} testId="dashboard-account">
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: "account",
                label: t("console.fields.account"),
                children: <UserData>{user.account}</UserData>,
              },
              {
                key: "realName",
                label: t("console.fields.realName"),
                children: <UserData>{dash(user.realName)}</UserData>,
              },
              { key: "role", label: t("console.fields.role"), children: dash(user.roleName) },
            ]}
          />
        </Tile>
        <Tile title={t("console.dashboard.organisation")} testId="dashboard-org">
          {user.currentOrg ? (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: "name",
                  label: t("console.fields.orgName"),
                  children: <UserData>{user.currentOrg.orgName}</UserData>,
                },
                { key: "sid", label: t("console.fields.orgSid"), children: user.currentOrg.orgSid },
              ]}
            />
          ) : (
            <Typography.Text type="secondary">{t("console.dashboard.noOrg")}</Typography.Text>
          )}
        </Tile>
        <Tile title={t("console.dashboard.verification")} testId="dashboard-verification">
          <CertificationTag status={status} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t(`console.dashboard.verificationHint.${status}`)}
          </Typography.Paragraph>
          {status === "authFiled" && user.remark && (
            <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
              {t("console.dashboard.feedback", { remark: user.remark })}
            </Typography.Paragraph>
          )}
          {user.currentOrg && (
            <Link
              to="/authent"
              data-testid="dashboard-verify"
              style={{ display: "inline-block", marginTop: 8 }}
            >
              {t(
                // Only the tenant administrator submits; everyone else may only look.
                user.roleType !== "tenantAdmin"
                  ? "verification.link.view"
                  : status === "noAuth"
                    ? "verification.link.start"
                    : status === "authFiled"
                      ? "verification.link.resubmit"
                      : "verification.link.view",
              )}
            </Link>
          )}
        </Tile>
        <Tile title={t("console.dashboard.lastLogin")} testId="dashboard-last-login">
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: "time",
                label: t("console.fields.lastLoginTime"),
                children: formatDateTime(user.lastLoginTime),
              },
              { key: "ip", label: t("console.fields.lastLoginIp"), children: dash(user.lastLoginIp) },
            ]}
          />
        </Tile>
        <Tile title={t("console.dashboard.contact")} testId="dashboard-contact">
          {contact ? (
            <Typography.Text copyable strong style={{ fontSize: 18 }}>
              {contact}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t("console.dashboard.noContact")}</Typography.Text>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t("console.dashboard.contactHint")}
          </Typography.Paragraph>
        </Tile>
      </Row>
      {hasAccount && user.permissions.includes("CA") && <OverviewSection />}
    </>
  );
}
