// /mgt/renew (CC08): the organisation's prepaid resources, soonest expiry first — those whose term
// ends within 30 days (7, 15, 90 or 365 on request; expired and frozen ones too) or all of them —
// with their expiry and days left, an auto-renew switch (renewed 7 days before expiry), and renewing
// one or a selection in the renewal dialog. A name search narrows the list (a busy account has more than a page).
// `?ids=a,b` (the overview's renew links) preselects those resources and opens the dialog. Renewing
// and the switch need a renewal code (CC0801 or a kind's own); without one the page only reads.
import { endpoints, RESOURCE_KINDS, type ResourceKind, type ResourceRecord } from "@skyledger/contracts";
import { Alert, Button, Card, Input, Select, Space, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { useMayAct } from "../../../components/require-org";
import { usePagedQuery } from "../../../components/use-paged-query";
import { userDataCells } from "../../../components/user-data";
import { RENEWALS_LIST_KEY } from "../../../features/renew/renew-api";
import { AutoRenewSwitch, ExpiryCell } from "../../../features/renew/renew-cells";
import { RenewDialog } from "../../../features/renew/renew-dialog";
import {
  DEFAULT_EXPIRY_RANGE,
  EXPIRY_RANGES,
  type ExpiryRange,
  parseIds,
  rangeQuery,
} from "../../../features/renew/renew-logic";
import { resourceDetailPath } from "../../../features/services/resource-paths";
import { HostStatusTag } from "../../../features/services/service-tags";

type Dialog = { ids: string[] };

export function RenewPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const urlIds = useMemo(() => parseIds(params), [params]);
  const [days, setDays] = useState<ExpiryRange>(DEFAULT_EXPIRY_RANGE);
  const [kind, setKind] = useState<ResourceKind | undefined>();
  const [keyword, setKeyword] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canRenew = useMayAct("renew");
  const list = usePagedQuery(RENEWALS_LIST_KEY, endpoints.orders.listRenewable, {
    ...rangeQuery(days),
    kind,
    keyword: keyword.trim(),
  });
  // Names of every row seen, for the dialog's title when the selection spans pages.
  const names = useRef(new Map<string, string>());
  for (const row of list.rows) names.current.set(row.id, row.name);

  const idsKey = urlIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' content decides, not the array
  useEffect(() => {
    if (urlIds.length === 0 || !canRenew) return;
    setSelected((old) => [...new Set([...old, ...urlIds])]);
    setDialog({ ids: urlIds });
  }, [idsKey]);

  const close = () => {
    setDialog(null);
    // The link's ids have been offered; a reload should not open the dialog again.
    if (params.has("ids")) {
      const next = new URLSearchParams(params);
      next.delete("ids");
      setParams(next, { replace: true });
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("renew.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("renew.intro")}</Typography.Paragraph>
      {!canRenew && (
        <Alert
          type="info"
          showIcon
          title={t("renew.readOnly")}
          style={{ marginBottom: 16 }}
          data-testid="renew-read-only"
        />
      )}
      <Card>
        <Space wrap style={{ marginBottom: 16, width: "100%", justifyContent: "space-between" }}>
          <Space wrap>
            <Select<ExpiryRange>
              value={days}
              onChange={list.onFilter(setDays)}
              aria-label={t("renew.range.label")}
              options={EXPIRY_RANGES.map((d) => ({
                value: d,
                label: d === "all" ? t("renew.range.all") : t("renew.range.within", { days: d }),
              }))}
              style={{ width: 200 }}
              data-testid="renew-range"
            />
            <Select<ResourceKind>
              allowClear
              placeholder={t("renew.allKinds")}
              aria-label={t("renew.fields.kind")}
              value={kind}
              onChange={list.onFilter(setKind)}
              options={RESOURCE_KINDS.map((k) => ({
                value: k,
                label: t(`services.kind.${k}`),
              }))}
              style={{ width: 180 }}
              data-testid="renew-kind"
            />
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t("renew.keyword")}
              aria-label={t("renew.keyword")}
              onSearch={list.onFilter(setKeyword)}
              style={{ width: 240 }}
              data-testid="renew-keyword"
            />
          </Space>
          {canRenew && (
            <Space wrap>
              {selected.length > 0 && (
                <Typography.Text type="secondary" data-testid="renew-selected">
                  {t("renew.selected", { count: selected.length })}
                </Typography.Text>
              )}
              <Button
                type="primary"
                disabled={selected.length === 0}
                onClick={() => setDialog({ ids: selected })}
                data-testid="renew-batch"
              >
                {t("renew.actions.batch")}
              </Button>
            </Space>
          )}
        </Space>
        <PagedTable<ResourceRecord>
          rowKey="id"
          list={list}
          emptyText={days === "all" ? t("renew.emptyAll") : t("renew.empty", { days })}
          scroll={{ x: 1200 }}
          data-testid="renew-table"
          rowTestId={(row) => `renew-row-${row.name}`}
          {...(canRenew
            ? {
                rowSelection: {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (row) => ({ disabled: row.paymentType !== "prepaid" }),
                },
              }
            : {})}
          columns={[
            {
              title: t("renew.fields.name"),
              ...userDataCells,
              dataIndex: "name",
              fixed: "left",
              width: 180,
              render: (v: string, row) => {
                const to = resourceDetailPath(row.kind, row.id);
                return to ? (
                  <Link to={to} data-testid={`renew-open-${v}`}>
                    {v}
                  </Link>
                ) : (
                  v
                );
              },
            },
            {
              title: t("renew.fields.kind"),
              dataIndex: "kind",
              width: 120,
              render: (v: ResourceKind) => t(`services.kind.${v}`),
            },
            { title: t("renew.fields.summary"), dataIndex: "summary", width: 220 },
            {
              title: t("common.status"),
              dataIndex: "status",
              width: 120,
              render: (_, row) => <HostStatusTag host={row} />,
            },
            {
              title: t("renew.fields.expiresAt"),
              dataIndex: "expiresAt",
              width: 200,
              render: (_, row) => <ExpiryCell row={row} />,
            },
            {
              title: t("renew.fields.autoRenew"),
              dataIndex: "autoRenew",
              width: 110,
              render: (_, row) => <AutoRenewSwitch row={row} disabled={!canRenew} />,
            },
            {
              title: t("renew.fields.monthlyPrice"),
              dataIndex: "monthlyPrice",
              width: 150,
              align: "right",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("common.actions"),
              key: "actions",
              fixed: "right",
              width: 110,
              render: (_, row) =>
                canRenew && (
                  <Button
                    type="link"
                    size="small"
                    disabled={row.paymentType !== "prepaid"}
                    onClick={() => setDialog({ ids: [row.id] })}
                    data-testid={`renew-one-${row.name}`}
                  >
                    {t("renew.actions.renew")}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      {dialog && (
        <RenewDialog
          ids={dialog.ids}
          names={dialog.ids.map((id) => names.current.get(id) ?? "")}
          onClose={close}
          onDone={(result) => {
            const renewed = new Set(result.items.map((i) => i.resourceId));
            setSelected((old) => old.filter((id) => !renewed.has(id)));
            close();
          }}
        />
      )}
    </>
  );
}
