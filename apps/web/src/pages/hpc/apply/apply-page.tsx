// /apply/:id (public, spec §2 "HPC application"): the landing of a listed HPC or AI pool product for
// anyone — what it is and who it is for, the partition and limits it comes with, and its prices per
// core-hour and GPU-hour. "Apply" opens the order form in the console (`/mgt/hpc/apply/:id`), which
// first asks a visitor without a session to sign in and then comes back to it.
import type { HpcProductLanding } from "@skyledger/contracts";
import { Alert, Button, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { PaymentText } from "../../../components/payment-text";
import { ProductLandingFrame } from "../../../components/product-landing-frame";
import { useProductLanding } from "../../../features/hpc/hpc-api";
import { limitItems, poolTypeLabel, SimulatedNotice } from "../../../features/hpc/hpc-labels";
import { PoolPrices } from "../../../features/hpc/pool-prices";
import { hasSession } from "../../../lib/session";

export function ApplyPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  return (
    <ProductLandingFrame
      landing={useProductLanding(id)}
      texts={{
        title: t("hpc.landing.title"),
        notFound: t("hpc.landing.notFound"),
        loadFailed: t("hpc.landing.loadFailed"),
        toConsole: t("hpc.landing.toConsole"),
      }}
      errorTestId="hpc-landing-error"
    >
      {(p) => <Landing p={p} />}
    </ProductLandingFrame>
  );
}

function Landing({ p }: { p: HpcProductLanding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderForm = `/mgt/hpc/apply/${encodeURIComponent(p.id)}`;
  return (
    <Space orientation="vertical" size={20} style={{ width: "100%" }} data-testid="hpc-landing">
      {p.simulated && <SimulatedNotice testId="hpc-landing-simulated" />}
      <section>
        <Typography.Paragraph data-testid="hpc-landing-description">
          {t(`hpc.landing.description.${p.poolType}`)}
        </Typography.Paragraph>
        <Typography.Title level={5}>{t("hpc.landing.audienceTitle")}</Typography.Title>
        <Typography.Paragraph data-testid="hpc-landing-audience">
          {t(`hpc.landing.audience.${p.poolType}`)}
        </Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={5}>{t("hpc.landing.prices")}</Typography.Title>
        <PoolPrices prices={p.prices} testId="hpc-landing-prices" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t(`hpc.landing.billing.${p.poolType}`)}
        </Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={5}>{t("hpc.landing.whatYouGet")}</Typography.Title>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          bordered
          items={[
            { key: "type", label: t("hpc.fields.poolType"), children: poolTypeLabel(p.poolType, t) },
            {
              key: "billing",
              label: t("hpc.fields.billing"),
              children: <PaymentText paymentType={p.postpaid ? "postpaid" : "prepaid"} periodMonths={null} />,
            },
            {
              key: "cluster",
              label: t("hpc.fields.cluster"),
              children: <span data-user-data>{p.clusterName}</span>,
            },
            {
              key: "partition",
              label: t("hpc.fields.partition"),
              children: <span data-user-data>{p.partition}</span>,
            },
            ...limitItems(p.limits, t),
          ]}
        />
      </section>
      {p.manualActivation && (
        <Alert
          type="info"
          showIcon
          title={t("hpc.landing.manualActivation")}
          data-testid="hpc-landing-manual"
        />
      )}
      <Space wrap>
        <Button
          type="primary"
          size="large"
          onClick={() => void navigate(orderForm)}
          data-testid="hpc-landing-apply"
        >
          {t("hpc.landing.apply")}
        </Button>
        {hasSession() ? (
          <Link to="/mgt/hpc">{t("hpc.landing.myPools")}</Link>
        ) : (
          <>
            <Typography.Text type="secondary">{t("hpc.landing.signInFirst")}</Typography.Text>
            <Link to="/register">{t("hpc.landing.register")}</Link>
          </>
        )}
      </Space>
    </Space>
  );
}
