// /mgt/renew/detail?ids=a,b (CC08; CB1802, CB1907, CB1909, CB2002): the renewal form of the
// renewal dialog as a page, for links that name the resources. Done, it goes back to the list.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Empty, Space, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { parseIds } from "../../../features/renew/renew-logic";
import { RenewPanel } from "../../../features/renew/renew-panel";

export function RenewDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useMemo(() => parseIds(params), [params]);

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/renew" data-testid="renew-detail-back">
          <ArrowLeftOutlined /> {t("renew.detail.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("renew.detail.titleMany", { count: ids.length })}
      </Typography.Title>
      <Card>
        {ids.length === 0 ? (
          <Empty description={t("renew.detail.noIds")} data-testid="renew-detail-empty" />
        ) : (
          <RenewPanel
            ids={ids}
            onCancel={() => navigate("/mgt/renew")}
            onDone={() => navigate("/mgt/renew")}
          />
        )}
      </Card>
    </>
  );
}
