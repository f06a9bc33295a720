// /mgt/invoice/{id} (CC05): one of the organisation's invoice requests, its state and, once issued,
// the invoice number, tracking number and the e-invoice PDF; rejected, the reason.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { RequireOrg } from "../../../components/require-org";
import { InvoiceRequestById } from "../../../features/invoices/invoice-request-view";

export function InvoiceDetailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/mgt/invoice" data-testid="invoice-detail-back">
          <ArrowLeftOutlined /> {t("invoices.back")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("invoices.detailTitle")}
      </Typography.Title>
      <RequireOrg>
        <Card>
          <InvoiceRequestById id={id} />
        </Card>
      </RequireOrg>
    </>
  );
}
