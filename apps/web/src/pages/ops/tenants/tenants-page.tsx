// Operators' tenant list (`/sys/tenants`, BI/BT): search by organisation name, main account or
// phone, filter by verification, frozen, arrears and the overview's tenant state, sort by the
// server, open a tenant's page. The filters and the sort live in the address — `?certificationStatus=`,
// `?frozen=`, `?inArrears=` (true/false), `?state=` (verified, unverified, frozen, inArrears: the
// overview's own conditions), `?sortBy=` and `?sortOrder=` — so the operators' dashboard opens it
// filtered as a count says and a filtered list can be shared.
import {
  CERTIFICATION_STATUSES,
  endpoints,
  TENANT_SORT_FIELDS,
  TENANT_STATES,
  type TenantQuery,
  type TenantRow,
} from "@skyledger/contracts";
import { Card, Input, Select, Space, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { CertificationTag } from "../../../components/certification-tag";
import { Yuan } from "../../../components/money-text";
import { PagedTable } from "../../../components/paged-table";
import { usePagedQuery } from "../../../components/use-paged-query";
import { UserData, userDataColumn } from "../../../components/user-data";
import { FrozenTag } from "../../../features/tenants/frozen-tag";
import { formatDateTime } from "../../../lib/format";

type Sort = Pick<TenantQuery, "sortBy" | "sortOrder">;
type YesNo = "true" | "false" | undefined;

const isSortField = (v: unknown): v is TenantQuery["sortBy"] =>
  (TENANT_SORT_FIELDS as readonly unknown[]).includes(v);

/** The list's filters and sort as the URL gives them; anything else is ignored. */
function fromUrl(params: URLSearchParams) {
  const yesNo = (key: string): YesNo => {
    const v = params.get(key);
    return v === "true" || v === "false" ? v : undefined;
  };
  const sortBy = params.get("sortBy");
  return {
    certification: CERTIFICATION_STATUSES.find((s) => s === params.get("certificationStatus")),
    frozen: yesNo("frozen"),
    inArrears: yesNo("inArrears"),
    state: TENANT_STATES.find((s) => s === params.get("state")),
    sort: {
      sortBy: isSortField(sortBy) ? sortBy : "createdAt",
      sortOrder: params.get("sortOrder") === "ascend" ? "ascend" : "descend",
    } satisfies Sort,
  };
}

/** Writes filters into the address (an empty one, or the default sort, is left out). */
function useKeepInUrl() {
  const [, setParams] = useSearchParams();
  return (values: Record<string, string | undefined>) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [key, value] of Object.entries(values))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );
}

export function TenantsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keep = useKeepInUrl();
  const { certification, frozen, inArrears, state, sort } = fromUrl(params);
  const [keyword, setKeyword] = useState("");
  const list = usePagedQuery("opsTenants", endpoints.tenants.list, {
    keyword: keyword.trim(),
    certificationStatus: certification,
    frozen,
    inArrears,
    state,
    ...sort,
  });
  const filter = (key: string) => list.onFilter((value: string | undefined) => keep({ [key]: value }));
  const setSort = (next: Sort) =>
    keep({
      sortBy: next.sortBy === "createdAt" ? undefined : next.sortBy,
      sortOrder: next.sortOrder === "descend" ? undefined : next.sortOrder,
    });
  const sortOrderOf = (field: TenantQuery["sortBy"]) => (sort.sortBy === field ? sort.sortOrder : null);
  const yesNo = [
    { value: "true", label: t("ops.tenants.yes") },
    { value: "false", label: t("ops.tenants.no") },
  ];

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("ops.tenants.title")}
      </Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t("ops.tenants.keywordPlaceholder")}
            onSearch={list.onFilter(setKeyword)}
            maxLength={64}
            style={{ width: 320 }}
            aria-label={t("ops.tenants.keyword")}
            data-testid="tenants-keyword"
          />
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t("ops.tenants.certification")}
            aria-label={t("ops.tenants.certification")}
            value={certification}
            onChange={filter("certificationStatus")}
            options={CERTIFICATION_STATUSES.map((s) => ({
              value: s,
              label: t(`console.certification.${s}`),
            }))}
            data-testid="tenants-certification"
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t("ops.tenants.frozen")}
            aria-label={t("ops.tenants.frozen")}
            value={frozen}
            onChange={filter("frozen")}
            options={yesNo}
            data-testid="tenants-frozen"
          />
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t("ops.tenants.inArrears")}
            aria-label={t("ops.tenants.inArrears")}
            value={inArrears}
            onChange={filter("inArrears")}
            options={yesNo}
            data-testid="tenants-arrears"
          />
          <Select
            allowClear
            style={{ width: 280 }}
            placeholder={t("ops.tenants.overviewState")}
            aria-label={t("ops.tenants.overviewState")}
            value={state}
            onChange={filter("state")}
            options={TENANT_STATES.map((s) => ({ value: s, label: t(`ops.tenants.overviewStates.${s}`) }))}
            data-testid="tenants-state"
          />
        </Space>
        <PagedTable<TenantRow>
          rowKey="orgId"
          list={list}
          scroll={{ x: 1300 }}
          data-testid="tenants-table"
          rowTestId={(row) => `tenant-row-${row.orgId}`}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== "sort") return;
            const s = sorter as SorterResult<TenantRow>;
            list.resetPage();
            setSort(
              s.order && isSortField(s.columnKey)
                ? { sortBy: s.columnKey, sortOrder: s.order }
                : { sortBy: "createdAt", sortOrder: "descend" },
            );
          }}
          columns={[
            {
              key: "name",
              title: t("ops.tenants.name"),
              sorter: true,
              sortOrder: sortOrderOf("name"),
              render: (_, row) => (
                <Link to={`/sys/tenants/${row.orgId}`} data-testid={`tenant-open-${row.orgId}`}>
                  <UserData>{row.name}</UserData>
                </Link>
              ),
            },
            userDataColumn(t("ops.tenants.account"), "account"),
            userDataColumn(t("console.fields.mobile"), "mobile"),
            {
              title: t("ops.tenants.certification"),
              dataIndex: "certificationStatus",
              render: (s: TenantRow["certificationStatus"]) => <CertificationTag status={s} />,
            },
            {
              title: t("ops.tenants.state"),
              dataIndex: "frozen",
              render: (v: boolean) => <FrozenTag frozen={v} />,
            },
            {
              key: "balance",
              title: t("ops.tenants.balance"),
              align: "right",
              sorter: true,
              sortOrder: sortOrderOf("balance"),
              dataIndex: "balance",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              key: "arrears",
              title: t("ops.tenants.arrears"),
              align: "right",
              sorter: true,
              sortOrder: sortOrderOf("arrears"),
              dataIndex: "arrears",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              title: t("ops.tenants.creditLimit"),
              align: "right",
              dataIndex: "creditLimit",
              render: (v: string) => <Yuan value={v} />,
            },
            {
              key: "createdAt",
              title: t("common.createdAt"),
              sorter: true,
              sortOrder: sortOrderOf("createdAt"),
              dataIndex: "createdAt",
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Card>
    </>
  );
}
