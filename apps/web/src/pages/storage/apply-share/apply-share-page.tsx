// /apply/share/:id (public, spec §1 "Elastic file service application"): the landing of a listed
// elastic file product for anyone — what the service is (NFS, the capacities on sale and their
// step), how it is paid and its prices per GB. "Apply" opens the purchase form in the console with
// the product chosen (`/mgt/scalableFile/create?product=<code>`); the console first asks a visitor
// without a session to sign in and then comes back to it. The HPC landing (hpc/apply) is its twin.
import type { ScalableFileProductLanding } from "@skyledger/contracts";
import { Alert, Button, Descriptions, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { usePeriodLabel } from "../../../components/payment-text";
import { ProductLandingFrame } from "../../../components/product-landing-frame";
import { useScalableFileLanding } from "../../../features/fileshare/fileshare-api";
import { hasSession } from "../../../lib/session";
import { SharePrices } from "./share-prices";

export function ApplySharePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  return (
    <ProductLandingFrame
      landing={useScalableFileLanding(id)}
      texts={{
        title: t("scalableFile.landing.title"),
        notFound: t("scalableFile.landing.notFound"),
        loadFailed: t("scalableFile.landing.loadFailed"),
        toConsole: t("scalableFile.landing.toConsole"),
      }}
      errorTestId="share-landing-error"
    >
      {(p) => <Landing p={p} />}
    </ProductLandingFrame>
  );
}

function Landing({ p }: { p: ScalableFileProductLanding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const period = usePeriodLabel();
  const purchaseForm = `/mgt/scalableFile/create?product=${encodeURIComponent(p.code)}`;
  const range = { min: p.minGb, max: p.maxGb, step: p.stepGb };
  const notOffered = (
    <Typography.Text type="secondary">{t("scalableFile.landing.notOffered")}</Typography.Text>
  );
  return (
    <Space orientation="vertical" size={20} style={{ width: "100%" }} data-testid="share-landing">
      {p.simulated && (
        <Alert
          type="warning"
          showIcon
          title={t("scalableFile.landing.simulatedTitle")}
          description={t("scalableFile.landing.simulatedDescription")}
          data-testid="share-landing-simulated"
        />
      )}
      <section>
        <Typography.Paragraph data-testid="share-landing-description">
          {t("scalableFile.landing.description", { ...range, protocols: p.protocols.join(" / ") })}
        </Typography.Paragraph>
        <Typography.Title level={5}>{t("scalableFile.landing.audienceTitle")}</Typography.Title>
        <Typography.Paragraph>{t("scalableFile.landing.audience")}</Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={5}>{t("scalableFile.landing.prices")}</Typography.Title>
        <SharePrices prices={p.prices} postpaid={p.postpaid} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t("scalableFile.landing.billing")}
        </Typography.Paragraph>
      </section>
      <section>
        <Typography.Title level={5}>{t("scalableFile.landing.whatYouGet")}</Typography.Title>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          size="small"
          bordered
          items={[
            {
              key: "protocols",
              label: t("scalableFile.landing.fields.protocols"),
              children: <span data-testid="share-landing-protocols">{p.protocols.join(" / ")}</span>,
            },
            {
              key: "capacity",
              label: t("scalableFile.landing.fields.capacity"),
              children: (
                <span data-testid="share-landing-capacity">
                  {t("scalableFile.landing.capacityRange", range)}
                </span>
              ),
            },
            {
              key: "prepaid",
              label: t("scalableFile.landing.fields.prepaid"),
              children:
                p.prepaidPeriods.length > 0 ? (
                  <span data-testid="share-landing-periods">
                    {p.prepaidPeriods.map((m) => (
                      <Tag key={m}>{period(m)}</Tag>
                    ))}
                  </span>
                ) : (
                  notOffered
                ),
            },
            {
              key: "postpaid",
              label: t("scalableFile.landing.fields.postpaid"),
              children: p.postpaid ? t("scalableFile.landing.byTheHour") : notOffered,
            },
          ]}
        />
      </section>
      {p.manualActivation && (
        <Alert
          type="info"
          showIcon
          title={t("scalableFile.landing.manualActivation")}
          data-testid="share-landing-manual"
        />
      )}
      <Space wrap>
        <Button
          type="primary"
          size="large"
          onClick={() => void navigate(purchaseForm)}
          data-testid="share-landing-apply"
        >
          {t("scalableFile.landing.apply")}
        </Button>
        {hasSession() ? (
          <Link to="/mgt/scalableFile">{t("scalableFile.landing.mySystems")}</Link>
        ) : (
          <>
            <Typography.Text type="secondary">{t("scalableFile.landing.signInFirst")}</Typography.Text>
            <Link to="/register">{t("scalableFile.landing.register")}</Link>
          </>
        )}
      </Space>
    </Space>
  );
}
