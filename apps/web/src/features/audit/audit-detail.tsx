// An audit row's detail as a person reads it: "field: value" lines with the field named in the
// reader's language, money as ¥ amounts, dates in the reader's format, yes/no words, enumerations and
// permission codes by their names, and a change as "old → new". Ids are never shown.
import {
  AUDIT_DETAIL_FIELDS,
  type AuditFieldKind,
  type AuditLogRow,
  auditFieldKey,
  auditValueKey,
  builtInOfAuditedName,
  isMoneyControlKey,
  isOpaqueId,
  type QuotaMetric,
  quotaMetricLabel,
} from "@skyledger/contracts";
import { Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UserData } from "../../components/user-data";
import { configLabelKey } from "../../lib/config-labels";
import { formatDateTime } from "../../lib/format";
import { formatYuan } from "../../lib/money";
import { permissionName } from "../../lib/permission-names";

type Detail = NonNullable<AuditLogRow["detail"]>;
type Change = { from: unknown; to: unknown };

const emptyOrIds = (v: unknown) =>
  v === null || v === undefined || isOpaqueId(v) || (Array.isArray(v) && v.every(isOpaqueId));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isChange = (v: unknown): v is Change =>
  isRecord(v) && Object.keys(v).length === 2 && "from" in v && "to" in v;
/** An id, a list of ids, or a change between such: nobody can use it, so it is left out. */
const onlyIds = (v: unknown) =>
  isChange(v)
    ? emptyOrIds(v.from) && emptyOrIds(v.to)
    : v !== null && v !== undefined && emptyOrIds(v) && v !== "";

/** Older rows wrote `kind` for several enumerations; its values are named under audit.value.kind. */
const LEGACY_KINDS: Record<string, AuditFieldKind> = { kind: [] };

const kindOf = (key: string): AuditFieldKind =>
  (AUDIT_DETAIL_FIELDS as Record<string, AuditFieldKind>)[key] ?? LEGACY_KINDS[key] ?? "text";

/** Fields of older rows that held ids (null when there was none): never shown. */
const LEGACY_ID_FIELDS = [
  "projectId",
  "resourceId",
  "hostId",
  "userId",
  "evidenceFileId",
  "couponId",
  "parentId",
  "package",
];

/**
 * The detail in the current shape. Rows written before fields were labelled may hold a change as
 * `{ before: {…}, after: {…} }`, as a bare `{ from, to }`, or a quota's `limits` beside `previous`:
 * each becomes changes of named fields.
 */
export function normalizeDetail(detail: Detail): Detail {
  const { before, after, from, to, previous, projectName, ...rest } = detail;
  const out: Detail = { ...rest };
  for (const key of LEGACY_ID_FIELDS) delete out[key];
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        out[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  } else if (before !== undefined || after !== undefined) {
    out.value = { from: before ?? null, to: after ?? null };
  }
  if (from !== undefined || to !== undefined) out.value = { from: from ?? null, to: to ?? null };
  if (isRecord(previous) && isRecord(rest.limits))
    out.limits = Object.fromEntries(
      Object.entries(rest.limits).map(([metric, limit]) => [
        metric,
        { from: previous[metric] ?? null, to: limit },
      ]),
    );
  if (typeof projectName === "string" && out.project === undefined) out.project = projectName;
  return out;
}

/** A group's or set's name; built-in ones in the reader's language. */
export function iamRefName(name: string, t: TFunction): string {
  const builtIn = builtInOfAuditedName(name);
  if (!builtIn) return name;
  return t(builtIn.kind === "group" ? `iam.builtInGroups.${builtIn.key}` : `iam.builtInSets.${builtIn.key}`, {
    defaultValue: builtIn.key,
  });
}

function scalar(key: string, kind: AuditFieldKind, value: unknown, t: TFunction, language: string): string {
  if (value === null || value === undefined || value === "") return "-";
  if (Array.isArray(value)) {
    const shown = value.filter((v) => !isOpaqueId(v));
    return shown.length
      ? shown.map((v) => scalar(key, kind, v, t, language)).join(language === "zh-CN" ? "、" : ", ")
      : "-";
  }
  if (typeof kind !== "string") return t(auditValueKey(key, String(value)), { defaultValue: String(value) });
  switch (kind) {
    case "money":
      return formatYuan(String(value));
    case "boolean":
      return t(value ? "audit.value.yes" : "audit.value.no");
    case "date":
      return formatDateTime(String(value));
    case "number":
      return typeof value === "number" ? value.toLocaleString(language) : String(value);
    case "iamRefs":
      return iamRefName(String(value), t);
    case "permissionCodes":
      return permissionName(String(value), language);
    case "quotaMetrics":
      return quotaMetricLabel(value as QuotaMetric, language === "zh-CN" ? "zh-CN" : "en-US");
    default:
      // An object no field describes (an older row's) reads as its own "field: value" pairs.
      return isRecord(value)
        ? Object.entries(value)
            .map(
              ([k, v]) =>
                `${t(auditFieldKey(k), { defaultValue: k })}: ${scalar(k, kindOf(k), v, t, language)}`,
            )
            .join("; ")
        : String(value);
  }
}

type ConfigEntryChange = { configKey?: string; previousValue?: string | null; configValue?: string };

/** A stored configuration value as a person reads it: yuan, yes/no, a policy's labelled numbers. */
function configValueText(
  configKey: string,
  value: string | null | undefined,
  t: TFunction,
  language: string,
) {
  if (value === null || value === undefined || value === "") return "-";
  if (isMoneyControlKey(configKey)) return scalar(configKey, "money", value, t, language);
  if (value === "true" || value === "false")
    return scalar(configKey, "boolean", value === "true", t, language);
  if (value.startsWith("data:image/")) return t("audit.value.image");
  if (value.startsWith("{")) {
    try {
      return scalar(configKey, "text", JSON.parse(value), t, language);
    } catch {
      return value;
    }
  }
  return value;
}

/** One configuration entry's change: its label as on the configuration page, then "old → new". */
function configEntryText(e: ConfigEntryChange, t: TFunction, language: string): string {
  const key = e.configKey ?? "";
  const label = t(configLabelKey(key), { defaultValue: key });
  return `${label}: ${configValueText(key, e.previousValue, t, language)} → ${configValueText(key, e.configValue, t, language)}`;
}

/** One value of a field: a change reads "old → new". */
function valueText(key: string, value: unknown, t: TFunction, language: string): string {
  const kind = kindOf(key);
  if (kind === "quotaLimits" && isRecord(value)) {
    const limit = (v: unknown) => (v === null || v === undefined ? t("audit.value.unlimited") : String(v));
    return Object.entries(value)
      .map(([metric, change]) => {
        const label = quotaMetricLabel(metric as QuotaMetric, language === "zh-CN" ? "zh-CN" : "en-US");
        return isChange(change)
          ? `${label} ${limit(change.from)} → ${limit(change.to)}`
          : `${label} ${limit(change)}`;
      })
      .join("; ");
  }
  if (kind === "configEntries" && Array.isArray(value)) {
    return value.map((e: ConfigEntryChange) => configEntryText(e, t, language)).join("; ");
  }
  if (isChange(value))
    return `${scalar(key, kind, value.from, t, language)} → ${scalar(key, kind, value.to, t, language)}`;
  return scalar(key, kind, value, t, language);
}

/** Names of groups or sets a tenant gave (not built-in ones), anywhere in a value or a change. */
function namesTyped(value: unknown): boolean {
  if (isChange(value)) return namesTyped(value.from) || namesTyped(value.to);
  if (Array.isArray(value)) return value.some(namesTyped);
  return typeof value === "string" && value !== "" && !isOpaqueId(value) && !builtInOfAuditedName(value);
}

/** Free text, or a group's or set's name someone gave: shown as written (people's data). */
const isTyped = (key: string, value: unknown) =>
  kindOf(key) === "text" || (kindOf(key) === "iamRefs" && namesTyped(value));

/** Whether a line's value is what a person typed (a name, a remark, a reason), shown as written. */
export type DetailLine = { key: string; label: string; text: string; typed: boolean };

/**
 * The lines of a detail in the reader's language. A catalogue entry's two names become one line in
 * the reader's language; fields whose value is only ids are left out.
 */
export function detailLines(detail: Detail | null, t: TFunction, language: string): DetailLine[] {
  if (!detail) return [];
  const d = normalizeDetail(detail);
  // Two names in two languages are one line in the reader's (a change of either shows as itself).
  const own = language === "zh-CN" ? "nameZh" : "nameEn";
  if (d.name === undefined && d[own] !== undefined && !isChange(d[own])) {
    d.name = d[own];
    delete d.nameZh;
    delete d.nameEn;
  }
  return Object.entries(d)
    .filter(([, value]) => value !== undefined && !onlyIds(value))
    .map(([key, value]) => ({
      key,
      label: t(auditFieldKey(key), { defaultValue: key }),
      text: valueText(key, value, t, language),
      typed: isTyped(key, value),
    }));
}

/** The detail column of the audit log: one line per field. */
export function AuditDetail({ detail }: { detail: AuditLogRow["detail"] }) {
  const { t, i18n } = useTranslation();
  const lines = detailLines(detail, t, i18n.language);
  if (lines.length === 0) return <span>-</span>;
  return (
    <div data-testid="audit-detail">
      {lines.map((line) => (
        <div key={line.key} data-field={line.key} style={{ wordBreak: "break-word" }}>
          <Typography.Text type="secondary">{line.label}: </Typography.Text>
          {line.typed ? <UserData>{line.text}</UserData> : line.text}
        </div>
      ))}
    </div>
  );
}
