// The filters of every tenant's resources (/sys/resources), kept in the page's address: `?orgId=`,
// `?kind=`, `?status=`, `?productId=` (a catalogue product, or `none`), `?frozenReason=` (expired,
// arrears) and `?keyword=` (the name). The dashboard's resource numbers link here with theirs, and a
// filtered list can be shared as a link. A value the server would refuse is left out.
import {
  FROZEN_REASONS,
  NO_PRODUCT,
  type OpsResourceQuery,
  RESOURCE_KINDS,
  RESOURCE_STATUSES,
} from "@skyledger/contracts";
import { Input, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useOpsDashboard } from "../../../components/ops-dashboard-query";
import { OrgSelect } from "../../../components/org-select";
import { UserData } from "../../../components/user-data";

export type ResourceFilters = Pick<
  OpsResourceQuery,
  "orgId" | "kind" | "status" | "productId" | "frozenReason" | "keyword"
>;
type Key = keyof ResourceFilters;

const oneOf = <T extends string>(values: readonly T[], v: string | null) => values.find((x) => x === v);
// The server takes at most 64 characters of an id or a name.
const text = (v: string | null) => v?.trim().slice(0, 64) || undefined;

/** The filters as the address gives them, and a setter of one of them (cleared when empty). */
export function useResourceFilters(): [ResourceFilters, (key: Key, value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const filters: ResourceFilters = {
    orgId: text(params.get("orgId")),
    kind: oneOf(RESOURCE_KINDS, params.get("kind")),
    status: oneOf(RESOURCE_STATUSES, params.get("status")),
    productId: text(params.get("productId")),
    frozenReason: oneOf(FROZEN_REASONS, params.get("frozenReason")),
    keyword: text(params.get("keyword")),
  };
  const set = (key: Key, value: string | undefined) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (value?.trim()) next.set(key, value.trim());
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

/** The products that have resources (the dashboard's), and those without a catalogue product. */
function useProductOptions() {
  const { t } = useTranslation();
  const dashboard = useOpsDashboard(true);
  const named = new Map<string, string>();
  for (const p of dashboard.data?.resources?.byProduct ?? [])
    if (p.productId !== null) named.set(p.productId, p.productName ?? p.productId);
  return [
    ...[...named].map(([value, name]) => ({ value, label: <UserData>{name}</UserData> })),
    { value: NO_PRODUCT, label: <>{t("ops.resources.noProduct")}</> },
  ];
}

export function ResourceFilterBar({
  filters,
  onFilter,
  orgName,
}: {
  filters: ResourceFilters;
  onFilter: (key: Key) => (value: string | undefined) => void;
  /** The chosen tenant's name, from the list, for the tenant picker before any search. */
  orgName: string | null;
}) {
  const { t } = useTranslation();
  const products = useProductOptions();
  const select = (key: "kind" | "status" | "frozenReason", options: { value: string; label: string }[]) => (
    <Select
      allowClear
      style={{ width: 170 }}
      placeholder={t(`ops.resources.${key}`)}
      aria-label={t(`ops.resources.${key}`)}
      value={filters[key]}
      onChange={onFilter(key)}
      options={options}
      data-testid={`resources-filter-${key}`}
    />
  );
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <OrgSelect
        value={filters.orgId}
        onChange={onFilter("orgId")}
        placeholder={t("ops.resources.tenant")}
        testId="resources-filter-org"
        known={filters.orgId && orgName ? { orgId: filters.orgId, name: orgName } : undefined}
      />
      {select(
        "kind",
        RESOURCE_KINDS.map((k) => ({ value: k, label: t(`services.kind.${k}`) })),
      )}
      {select(
        "status",
        RESOURCE_STATUSES.map((s) => ({ value: s, label: t(`services.status.${s}`) })),
      )}
      <Select
        allowClear
        style={{ width: 220 }}
        placeholder={t("ops.resources.product")}
        aria-label={t("ops.resources.product")}
        value={filters.productId}
        onChange={onFilter("productId")}
        options={products}
        data-testid="resources-filter-product"
      />
      {select(
        "frozenReason",
        FROZEN_REASONS.map((r) => ({ value: r, label: t(`ops.resources.frozenFor.${r}`) })),
      )}
      <Input.Search
        // A new address (the menu, a dashboard link) shows its own name, or none.
        key={filters.keyword ?? ""}
        allowClear
        defaultValue={filters.keyword}
        placeholder={t("ops.resources.keyword")}
        aria-label={t("ops.resources.keyword")}
        onSearch={onFilter("keyword")}
        maxLength={64}
        style={{ width: 240 }}
        data-testid="resources-filter-keyword"
      />
    </Space>
  );
}
