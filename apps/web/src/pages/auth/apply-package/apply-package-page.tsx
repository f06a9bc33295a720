// /applyPackage (public, spec §2 "package purchase"): what is on sale, for anyone. Buying needs an
// account: a signed-in visitor goes straight to the purchase form of the console's package page
// (`/mgt/bag?buy=CODE`), anyone else signs in first and lands there. `?offer=CODE` highlights one.
import type { PackageOffer } from "@skyledger/contracts";
import { useQuery } from "@tanstack/react-query";
import { Button, Result, Skeleton, Table } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/auth-layout";
import { bagApi } from "../../../features/bag/bag-api";
import { offerColumns } from "../../../features/bag/package-cells";
import { hasSession } from "../../../lib/session";

export function ApplyPackagePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const highlighted = params.get("offer");
  const offers = useQuery({ queryKey: ["bag", "public-offers"], queryFn: bagApi.publicOffers });

  const buy = (o: PackageOffer) => {
    const target = `/mgt/bag?buy=${encodeURIComponent(o.code)}`;
    void navigate(hasSession() ? target : `/login?redirect=${encodeURIComponent(target)}`);
  };

  return (
    <AuthLayout title={t("bag.apply.title")} subtitle={t("bag.intro")} width={980}>
      {offers.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {offers.isError && (
        <Result
          status="warning"
          title={t("bag.apply.loadFailed")}
          extra={<Button onClick={() => void offers.refetch()}>{t("common.retry")}</Button>}
        />
      )}
      {offers.data && (
        <Table<PackageOffer>
          rowKey="id"
          size="middle"
          pagination={false}
          dataSource={offers.data.list}
          data-testid="apply-package-offers"
          locale={{ emptyText: t("bag.offers.empty") }}
          rowClassName={(o) => (o.code === highlighted ? "ant-table-row-selected" : "")}
          onRow={(o) => ({ "data-testid": `apply-package-${o.code}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            ...offerColumns(t, i18n.language),
            {
              key: "buy",
              title: t("bag.fields.actions"),
              render: (_, o) => (
                <Button
                  type="primary"
                  size="small"
                  onClick={() => buy(o)}
                  data-testid={`apply-package-buy-${o.code}`}
                >
                  {t("bag.offers.buy")}
                </Button>
              ),
            },
          ]}
        />
      )}
      <div style={{ marginTop: 24, display: "flex", gap: 16 }}>
        {hasSession() ? (
          <Link to="/mgt/bag">{t("bag.apply.myPackages")}</Link>
        ) : (
          <>
            <Link to="/login">{t("bag.apply.signIn")}</Link>
            <Link to="/register">{t("bag.apply.register")}</Link>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
