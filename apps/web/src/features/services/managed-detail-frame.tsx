// The frame of a managed service's detail page (a database, a cache or message-queue instance): the way back to
// its list, the title with its name, and the page itself once loaded (a skeleton before, a retry
// on failure). `ns` is the service's texts and test ids.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { UseQueryResult } from "@tanstack/react-query";
import { Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../components/table-states";

type Props<T> = {
  ns: "rds" | "dcs" | "dms" | "share" | "scalableFile" | "obs" | "bms";
  listPath: string;
  query: UseQueryResult<T>;
  children(data: T): ReactNode;
};

export function ManagedDetailFrame<T extends { name: string }>({ ns, listPath, query, children }: Props<T>) {
  const { t } = useTranslation();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={listPath} data-testid={`${ns}-detail-back`}>
          <ArrowLeftOutlined /> {t(`${ns}.backToList`)}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`${ns}.detailTitle`, { name: query.data?.name ?? "" })}
      </Typography.Title>
      {query.isPending ? (
        <Skeleton active />
      ) : query.isError || !query.data ? (
        <LoadFailed onRetry={() => void query.refetch()} t={t} />
      ) : (
        children(query.data)
      )}
    </>
  );
}
