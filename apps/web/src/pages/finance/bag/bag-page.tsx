// /mgt/bag (CC01; the read endpoints also answer CC03; buying, renewing and auto-renew need CC0101): the listed packages with their price, validity and
// what they cover, bought through the purchase form; and the organisation's packages with their
// validity, remaining and used unit-hours, usage records and charges, renewal and auto-renew.
import { endpoints, type PackageOffer, type TenantPackage } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Space, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PagedTable } from "../../../components/paged-table";
import { useMayAct } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { BAG_OFFERS_KEY, bagApi, MY_PACKAGES_KEY, useRefreshBag } from "../../../features/bag/bag-api";
import { CoversText, KindTag, offerColumns, PackageStatusTag } from "../../../features/bag/package-cells";
import { useActionKey } from "../../../lib/action-key";
import { formatDateTime } from "../../../lib/format";
import { BuyDialog } from "./buy-dialog";
import { PackageDetail } from "./package-detail";

function RenewButton({ pkg, price, months }: { pkg: TenantPackage; price: string; months: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const actionKey = useActionKey();
  const refresh = useRefreshBag();
  const renew = async () => {
    await actionKey.run({ id: pkg.id }, (key) => bagApi.renew(pkg.id, key));
    void message.success(t("bag.renewDialog.renewed"));
    await refresh();
  };
  return (
    <Popconfirm
      title={t("bag.renewDialog.title", { name: pkg.name })}
      description={t("bag.renewDialog.text", { months, price })}
      okText={t("bag.renewDialog.confirm")}
      onConfirm={renew}
    >
      <Button size="small" data-testid={`bag-renew-${pkg.offerCode}`}>
        {t("bag.mine.renew")}
      </Button>
    </Popconfirm>
  );
}

function AutoRenew({ pkg, disabled }: { pkg: TenantPackage; disabled: boolean }) {
  const refresh = useRefreshBag();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      checked={pkg.autoRenew}
      loading={busy}
      disabled={disabled}
      data-testid={`bag-auto-renew-${pkg.offerCode}`}
      onChange={async (on) => {
        setBusy(true);
        try {
          await bagApi.setAutoRenew(pkg.id, on);
          await refresh();
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

export function BagPage() {
  const { t, i18n } = useTranslation();
  const canBuy = useMayAct("buyPackage");
  const [buying, setBuying] = useState<PackageOffer | null>(null);
  const offers = usePagedQuery(BAG_OFFERS_KEY, endpoints.packages.listOffers);
  const mine = usePagedQuery(MY_PACKAGES_KEY, endpoints.packages.listOwned);
  const offerOf = (code: string) => offers.rows.find((o) => o.code === code);
  // `?buy=CODE` (from the public purchase page `/applyPackage`) opens that offer's purchase form.
  const [params, setParams] = useSearchParams();
  const wanted = params.get("buy");
  useEffect(() => {
    const offer = wanted && canBuy ? offers.rows.find((o) => o.code === wanted) : undefined;
    if (!offer) return;
    setBuying(offer);
    setParams({}, { replace: true });
  }, [wanted, canBuy, offers.rows, setParams]);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("bag.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("bag.intro")}</Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: "100%" }}>
        <Card title={t("bag.offers.title")}>
          <PagedTable<PackageOffer>
            list={offers}
            rowKey="id"
            emptyText={t("bag.offers.empty")}
            rowTestId={(o) => `bag-offer-${o.code}`}
            data-testid="bag-offers"
            columns={[
              ...offerColumns(t, i18n.language),
              {
                key: "actions",
                title: t("bag.fields.actions"),
                render: (_, o) =>
                  canBuy && (
                    <Button
                      type="primary"
                      size="small"
                      onClick={() => setBuying(o)}
                      data-testid={`bag-buy-${o.code}`}
                    >
                      {t("bag.offers.buy")}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
        <Card title={t("bag.mine.title")}>
          <PagedTable<TenantPackage>
            list={mine}
            rowKey="id"
            emptyText={t("bag.mine.empty")}
            rowTestId={(p) => `bag-package-${p.offerCode}`}
            data-testid="bag-mine"
            expandable={{ expandedRowRender: (p) => <PackageDetail pkg={p} /> }}
            columns={[
              { key: "name", title: t("bag.fields.name"), dataIndex: "name" },
              { key: "kind", title: t("bag.fields.kind"), render: (_, p) => <KindTag kind={p.kind} /> },
              {
                key: "covers",
                title: t("bag.fields.covers"),
                render: (_, p) => <CoversText item={{ ...p, unitHours: p.totalUnitHours }} />,
              },
              {
                key: "validity",
                title: t("bag.fields.validity"),
                render: (_, p) => `${formatDateTime(p.validFrom)} – ${formatDateTime(p.validUntil)}`,
              },
              {
                key: "remaining",
                title: t("bag.fields.remaining"),
                render: (_, p) =>
                  p.kind === "resource" ? (
                    <span data-testid={`bag-remaining-${p.offerCode}`}>
                      {p.remainingUnitHours} / {t("bag.fields.used")} {p.usedUnitHours}
                    </span>
                  ) : (
                    "-"
                  ),
              },
              {
                key: "status",
                title: t("bag.fields.status"),
                render: (_, p) => <PackageStatusTag status={p.status} />,
              },
              {
                key: "autoRenew",
                title: t("bag.fields.autoRenew"),
                render: (_, p) => <AutoRenew pkg={p} disabled={!canBuy} />,
              },
              {
                key: "actions",
                title: t("bag.fields.actions"),
                render: (_, p) => {
                  const offer = offerOf(p.offerCode);
                  return (
                    canBuy &&
                    offer && (
                      <RenewButton
                        pkg={p}
                        price={`${offer.price} × ${p.quantity}`}
                        months={offer.validityMonths}
                      />
                    )
                  );
                },
              },
            ]}
          />
        </Card>
      </Space>
      {buying && <BuyDialog offer={buying} onClose={() => setBuying(null)} />}
    </>
  );
}
