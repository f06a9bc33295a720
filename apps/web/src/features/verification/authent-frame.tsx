// What both verification pages share: the state card, and the form only for the tenant
// administrator while the state allows a submission (a failed one after "Submit again").
import { Card, Space, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageLoading } from "../../app/page-loading";
import { LoadFailed } from "../../components/table-states";
import { useAuthInfo } from "./verification-api";
import { VerificationStatus } from "./verification-status";

type Props = {
  title: string;
  formTitle: string;
  other: { to: string; label: string; testId: string };
  children(done: () => void): ReactNode;
};

export function AuthentFrame({ title, formTitle, other, children }: Props) {
  const { t } = useTranslation();
  const info = useAuthInfo();
  const [resubmitting, setResubmitting] = useState(false);

  if (info.isPending) return <PageLoading />;
  if (info.isError || !info.data) {
    return <LoadFailed onRetry={() => void info.refetch()} t={t} />;
  }
  const data = info.data;
  const status = data.certificationStatus;
  const showForm = data.canSubmit && (status === "noAuth" || resubmitting);
  const offerResubmit = data.canSubmit && status === "authFiled" && !resubmitting;

  return (
    <>
      <Space style={{ width: "100%", justifyContent: "space-between", alignItems: "baseline" }} wrap>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {data.canSubmit && (
          <Link to={other.to} data-testid={other.testId}>
            {other.label}
          </Link>
        )}
      </Space>
      <VerificationStatus info={data} onResubmit={offerResubmit ? () => setResubmitting(true) : undefined} />
      {showForm && (
        <Card title={formTitle}>
          {children(() => {
            setResubmitting(false);
            void info.refetch();
          })}
        </Card>
      )}
    </>
  );
}
