// The frame of a service's purchase page: the way back to its list, the title, and the form once
// the products on sale are read (a skeleton before, a retry on failure, an empty state when none of
// them is of the page's kind). `testId` names the back link and the empty state.
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { UseQueryResult } from "@tanstack/react-query";
import { Card, Empty, Skeleton, Space, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LoadFailed } from "../../components/table-states";

type Props = {
  listPath: string;
  backLabel: string;
  title: string;
  noProductsText: string;
  testId: string;
  products: UseQueryResult<unknown>;
  /** How many products of the page's kind are on sale. */
  choices: number;
  children: ReactNode;
};

export function PurchaseFrame({
  listPath,
  backLabel,
  title,
  noProductsText,
  testId,
  products,
  choices,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={listPath} data-testid={`${testId}-back`}>
          <ArrowLeftOutlined /> {backLabel}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {products.isPending ? (
        <Skeleton active />
      ) : products.isError ? (
        <LoadFailed onRetry={() => void products.refetch()} t={t} />
      ) : choices === 0 ? (
        <Card>
          <Empty description={noProductsText} data-testid={`${testId}-no-products`} />
        </Card>
      ) : (
        children
      )}
    </>
  );
}
