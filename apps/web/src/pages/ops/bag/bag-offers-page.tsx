// /sys/bag (BA09): package offers in every listing state; define or edit them in a dialog, list,
// delist, or delete one that nobody has bought.
import type { ListingState, PackageOffer } from "@skyledger/contracts";
import { endpoints } from "@skyledger/contracts";
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedTable } from "../../../components/paged-table";
import { ReadOnlyNote, useMayActHere } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { bagApi, OPS_OFFERS_KEY, useRefreshBag } from "../../../features/bag/bag-api";
import { OfferDialog } from "../../../features/bag/offer-dialog";
import { offerColumns } from "../../../features/bag/package-cells";

const LISTING_COLORS: Record<ListingState, string> = {
  listed: "success",
  delisted: "default",
  pendingListing: "processing",
};

type Dialog = { offer: PackageOffer | null };

export function BagOffersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshBag();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayAct = useMayActHere();
  const list = usePagedQuery(OPS_OFFERS_KEY, endpoints.packages.listOffersAll);

  const listing = async (o: PackageOffer, state: ListingState) => {
    await bagApi.setListing(o.id, state);
    await refresh();
  };
  const remove = async (o: PackageOffer) => {
    await bagApi.deleteOffer(o.id);
    await refresh();
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("bag.ops.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("bag.ops.intro")}</Typography.Paragraph>
      <ReadOnlyNote />
      <Card>
        {mayAct && (
          <Space style={{ marginBottom: 16 }}>
            <Button type="primary" onClick={() => setDialog({ offer: null })} data-testid="bag-offer-create">
              {t("bag.ops.create")}
            </Button>
          </Space>
        )}
        <PagedTable<PackageOffer>
          list={list}
          rowKey="id"
          rowTestId={(o) => `bag-offer-${o.code}`}
          data-testid="bag-offers"
          columns={[
            { key: "code", title: t("bag.fields.code"), dataIndex: "code" },
            ...offerColumns(t, i18n.language),
            {
              key: "listing",
              title: t("bag.fields.listingState"),
              render: (_, o) => (
                <Tag color={LISTING_COLORS[o.listingState]} data-testid={`bag-listing-${o.code}`}>
                  {t(`bag.listing.${o.listingState}`)}
                </Tag>
              ),
            },
            {
              key: "actions",
              title: t("bag.fields.actions"),
              hidden: !mayAct,
              render: (_, o) => (
                <Space wrap>
                  <Button
                    size="small"
                    onClick={() => setDialog({ offer: o })}
                    data-testid={`bag-edit-${o.code}`}
                  >
                    {t("bag.ops.edit")}
                  </Button>
                  {o.listingState === "listed" ? (
                    <Button
                      size="small"
                      onClick={() => listing(o, "delisted")}
                      data-testid={`bag-delist-${o.code}`}
                    >
                      {t("bag.ops.delist")}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => listing(o, "listed")}
                      data-testid={`bag-list-${o.code}`}
                    >
                      {t("bag.ops.list")}
                    </Button>
                  )}
                  <Popconfirm title={t("bag.ops.deleteConfirm")} onConfirm={() => remove(o)}>
                    <Button size="small" danger data-testid={`bag-delete-${o.code}`}>
                      {t("bag.ops.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <OfferDialog
        key={dialog?.offer?.id ?? "new"}
        offer={dialog?.offer ?? null}
        open={dialog !== null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          void message.success(t("bag.ops.saved"));
          setDialog(null);
          void refresh();
        }}
      />
    </>
  );
}
