// Money movements (`/sys/finance/movements`, BI): the journal entries behind each money total of
// the operators' dashboard — revenue, top-ups, refunds or vouchers issued — between two local days,
// newest first, with their sum, which is the dashboard's figure for those days. `?series=`, `?from=`
// and `?to=` (YYYY-MM-DD, both included) open it filtered; the dashboard's totals link here so.
import {
  endpoints,
  type MoneyMovementPage,
  type MoneyMovementQuery,
  type MoneyMovementRecord,
  OPS_MONEY_SERIES,
  type OpsMoneySeries,
} from "@skyledger/contracts";
import { Card, DatePicker, Select, Space, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Yuan } from "../../../components/money-text";
import { NameWithId } from "../../../components/name-with-id";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData } from "../../../components/user-data";
import { memoText, Reference } from "../../../features/finance/deal-columns";
import { dash, formatDateTime } from "../../../lib/format";

const DAY = "YYYY-MM-DD";
type Range = Pick<MoneyMovementQuery, "from" | "to">;

/** A day of the URL when it is one (the server refuses anything else). */
const dayOf = (value: string | null) => (value && dayjs(value, DAY, true).isValid() ? value : undefined);

export function MoneyMovementsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [series, setSeries] = useState<OpsMoneySeries>(
    () => OPS_MONEY_SERIES.find((s) => s === params.get("series")) ?? "revenue",
  );
  const [range, setRange] = useState<Range>(() => ({
    from: dayOf(params.get("from")),
    to: dayOf(params.get("to")),
  }));
  const list = usePagedQuery("moneyMovements", endpoints.opsDashboard.moneyMovements, { series, ...range });
  // The paged list types its answer as a plain page; this endpoint's also carries the sum.
  const answer = list.query.data as MoneyMovementPage | undefined;
  const picked: [Dayjs | null, Dayjs | null] = [
    range.from ? dayjs(range.from) : null,
    range.to ? dayjs(range.to) : null,
  ];

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("finance.movements.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`finance.movements.what.${series}`)}</Typography.Paragraph>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select<OpsMoneySeries>
            value={series}
            onChange={list.onFilter(setSeries)}
            options={OPS_MONEY_SERIES.map((s) => ({ value: s, label: t(`overview.ops.money.${s}`) }))}
            style={{ width: 180 }}
            aria-label={t("finance.movements.series")}
            data-testid="movements-series"
          />
          <DatePicker.RangePicker
            value={picked}
            allowEmpty={[true, true]}
            onChange={list.onFilter((days: [Dayjs | null, Dayjs | null] | null) =>
              setRange({ from: days?.[0]?.format(DAY), to: days?.[1]?.format(DAY) }),
            )}
            aria-label={t("finance.movements.days")}
            data-testid="movements-range"
          />
          <Typography.Text data-testid="movements-sum">
            {t("finance.movements.sum", { n: answer?.total ?? 0 })} <Yuan value={answer?.sum ?? "0"} strong />
          </Typography.Text>
        </Space>
        <PagedTable<MoneyMovementRecord>
          rowKey="entryId"
          list={list}
          emptyText={t("finance.movements.empty")}
          scroll={{ x: 1100 }}
          data-testid="movements-table"
          columns={[
            { title: t("finance.deals.time"), dataIndex: "time", render: (v: string) => formatDateTime(v) },
            {
              title: t("finance.ops.accounts.orgName"),
              key: "org",
              render: (_, row) => <NameWithId name={row.orgName} id={row.orgId} />,
            },
            {
              title: t("finance.movements.amount"),
              dataIndex: "amount",
              align: "right",
              render: (v: string) => <Yuan value={v} strong />,
            },
            {
              title: t("finance.movements.reference"),
              key: "reference",
              render: (_, row) => <Reference type={row.referenceType} id={row.referenceId} t={t} />,
            },
            {
              title: t("finance.movements.memo"),
              key: "memo",
              render: (_, row) => (row.memoKey ? memoText(row, t) : <UserData>{dash(row.memo)}</UserData>),
            },
          ]}
        />
      </Card>
    </>
  );
}
