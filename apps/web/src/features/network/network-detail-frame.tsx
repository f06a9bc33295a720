// The frame every network detail page shares: a way back, the title, the simulated network notice,
// and the page's cards once the object has loaded (a retry when it could not be).
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../components/table-states";
import { SimulatedNetworkNotice } from "./simulated-network-notice";

type Loaded<T> = { data: T | undefined; isPending: boolean; isError: boolean; refetch(): unknown };

type Props<T> = {
  back: { to: string; label: string; testId: string };
  title: string;
  query: Loaded<T>;
  children(data: T): ReactNode;
};

export function NetworkDetailFrame<T>({ back, title, query, children }: Props<T>) {
  const { t } = useTranslation();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={back.to} data-testid={back.testId}>
          <ArrowLeftOutlined /> {back.label}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <SimulatedNetworkNotice />
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError || !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} t={t} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          {children(query.data)}
        </Space>
      )}
    </>
  );
}
