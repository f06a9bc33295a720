// The first tab of unsubscribe management: every resource the caller may unsubscribe (the server
// keeps the kinds whose code they hold), filtered by kind, name and payment type, each with what
// it is, how it is paid, its status and expiry. Unsubscribing (releasing, for a postpaid one) opens
// the resource lists' dialog: the refund and where it goes back to first, or what blocks it (a
// running job, an attachment).
import {
  endpoints,
  type ResourceKind,
  type ResourceRecord,
  UNSUBSCRIBABLE_KINDS,
  type UnsubscribableKind,
} from "@skyledger/contracts";
import { Button, Input, Select, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../app/console/current-user-context";
import { PagedTable } from "../../components/paged-table";
import { usePagedQuery } from "../../components/use-paged-query";
import { actionEnabled, anyTransitional, POLL_MS } from "../services/host-state";
import { resourceColumns } from "../services/resource-columns";
import { removalKind, UnsubscribeDialog } from "../services/unsubscribe-dialog";
import { UNSUBSCRIBABLE_LIST_KEY, useRefreshUnsubscribe } from "./unsubscribe-api";

type Payment = "prepaid" | "postpaid";

/** The dialog's words for the kinds whose list page has its own (a host's are the default). */
const DIALOG_TEXTS: Partial<Record<ResourceKind, string>> = {
  disk: "storage.disks",
  elasticIp: "storage.ips",
};

export function UnsubscribableTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const refresh = useRefreshUnsubscribe();
  const kinds = (Object.keys(UNSUBSCRIBABLE_KINDS) as UnsubscribableKind[]).filter((k) =>
    user.permissions.includes(UNSUBSCRIBABLE_KINDS[k]),
  );
  const [kind, setKind] = useState<UnsubscribableKind | undefined>();
  const [paymentType, setPaymentType] = useState<Payment | undefined>();
  const [keyword, setKeyword] = useState("");
  const [leaving, setLeaving] = useState<ResourceRecord | null>(null);
  const list = usePagedQuery(
    UNSUBSCRIBABLE_LIST_KEY,
    endpoints.resources.listUnsubscribable,
    { kind, paymentType, keyword: keyword.trim() },
    { refetchInterval: (page) => (anyTransitional(page?.list) ? POLL_MS : false) },
  );
  const ns = leaving ? DIALOG_TEXTS[leaving.kind] : undefined;

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<UnsubscribableKind>
          allowClear
          placeholder={t("unsubscribe.resources.allKinds")}
          aria-label={t("services.fields.kind")}
          value={kind}
          onChange={list.onFilter(setKind)}
          options={kinds.map((k) => ({ value: k, label: t(`services.kind.${k}`) }))}
          style={{ width: 160 }}
          data-testid="unsubscribable-kind"
        />
        <Select<Payment>
          allowClear
          placeholder={t("unsubscribe.resources.allPayments")}
          aria-label={t("services.fields.payment")}
          value={paymentType}
          onChange={list.onFilter(setPaymentType)}
          options={(["prepaid", "postpaid"] as const).map((p) => ({
            value: p,
            label: t(`services.payment.${p}`),
          }))}
          style={{ width: 180 }}
          data-testid="unsubscribable-payment"
        />
        <Input.Search
          allowClear
          maxLength={64}
          placeholder={t("unsubscribe.resources.keyword")}
          aria-label={t("unsubscribe.resources.keyword")}
          onSearch={list.onFilter(setKeyword)}
          style={{ width: 260 }}
          data-testid="unsubscribable-keyword"
        />
      </Space>
      <PagedTable<ResourceRecord>
        rowKey="id"
        list={list}
        emptyText={t("unsubscribe.resources.empty")}
        scroll={{ x: 1300 }}
        data-testid="unsubscribable-table"
        rowTestId={(row) => `unsubscribable-row-${row.name}`}
        columns={[
          ...resourceColumns(t, { hostLink: true }),
          {
            title: t("common.actions"),
            key: "actions",
            fixed: "right",
            width: 110,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                danger
                disabled={!actionEnabled("unsubscribe", row.status)}
                onClick={() => setLeaving(row)}
                data-testid={`unsubscribable-unsubscribe-${row.name}`}
              >
                {t(`services.actions.${removalKind(row)}`)}
              </Button>
            ),
          },
        ]}
      />
      {leaving && (
        <UnsubscribeDialog
          host={leaving}
          {...(ns
            ? { texts: { blocked: t(`${ns}.unsubscribeBlocked`), warning: t(`${ns}.unsubscribeWarning`) } }
            : {})}
          onClose={() => setLeaving(null)}
          onDone={() => {
            setLeaving(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}
