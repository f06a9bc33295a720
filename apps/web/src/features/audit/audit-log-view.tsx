// The audit log table shared by /mgt/audit (the tenant's own organisation) and /sys/audit (every
// organisation).
import { type AuditLogRow, builtInOfAuditedName, endpoints, isOpaqueId } from "@skyledger/contracts";
import { Button, Card, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NameWithId } from "../../components/name-with-id";
import { usePagedQuery } from "../../components/use-paged-query";
import { UserData } from "../../components/user-data";
import { dash, formatDateTime } from "../../lib/format";
import { AuditDetail, iamRefName } from "./audit-detail";
import { AuditFilters, type AuditFilterValues } from "./audit-filters";
import { actionLabel } from "./audit-labels";

type Props = {
  /** The organisation's own log, or every organisation's (operators). */
  endpoint: typeof endpoints.audit.list | typeof endpoints.audit.listAll;
  /** Operators see the organisation of each event and may narrow to one. */
  operator?: boolean;
  orgPicker?: boolean;
  /** One organisation's events only (a tenant's page): no organisation filter to pick. */
  fixedOrgId?: string;
};

/** The target as a person reads it: a user's account, an object's name or number, never a bare id. */
function Target({ row }: { row: AuditLogRow }) {
  const { t } = useTranslation();
  const name = row.targetAccount ?? (row.targetName ? iamRefName(row.targetName, t) : null);
  // An account or a name someone gave is data; a built-in group's or set's name is the console's.
  const typed =
    row.targetAccount !== null || (row.targetName !== null && !builtInOfAuditedName(row.targetName));
  if (name)
    return (
      <Tooltip title={row.target}>
        <span data-testid="audit-target" {...(typed ? { "data-user-data": "" } : {})}>
          {name}
        </span>
      </Tooltip>
    );
  if (isOpaqueId(row.target))
    return (
      <Tooltip title={row.target}>
        <span data-testid="audit-target">-</span>
      </Tooltip>
    );
  return (
    <span data-testid="audit-target" data-user-data="">
      {dash(row.target)}
    </span>
  );
}

export function AuditLogView({ endpoint, operator = false, orgPicker = false, fixedOrgId }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [org, setOrg] = useState<{ id: string; name: string } | null>(null);
  const list = usePagedQuery(endpoint === endpoints.audit.list ? "auditLogs" : "opsAuditLogs", endpoint, {
    ...filters,
    orgId: fixedOrgId ?? org?.id ?? filters.orgId,
  });

  const apply = (next: AuditFilterValues) => {
    setFilters(next);
    if (next.orgId) setOrg(null);
    list.resetPage();
  };

  return (
    <Card>
      <AuditFilters onApply={apply} orgFilter={orgPicker} />
      {org && (
        <Tag closable onClose={() => setOrg(null)} style={{ marginBottom: 12 }} data-testid="audit-org-tag">
          {t("audit.filters.org")}: {org.name}
        </Tag>
      )}
      <Table<AuditLogRow>
        rowKey="id"
        size="middle"
        loading={list.query.isFetching}
        dataSource={list.rows}
        pagination={list.pagination}
        // At 1440 × 900 every column, the detail included, fits beside the menu without scrolling.
        scroll={{ x: operator ? 1080 : 960 }}
        data-testid="audit-table"
        onRow={(row) => ({ "data-testid": `audit-row-${row.id}`, "data-action": row.action }) as object}
        columns={[
          {
            title: t("audit.columns.at"),
            dataIndex: "at",
            width: 160,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t("audit.columns.actor"),
            key: "actor",
            render: (_, row) =>
              row.actorAccount ? (
                <Space size={4} orientation="vertical" data-user-data="">
                  <span>{row.actorAccount}</span>
                  {row.actorName && <Typography.Text type="secondary">{row.actorName}</Typography.Text>}
                </Space>
              ) : row.actorId ? (
                <NameWithId name={null} id={row.actorId} />
              ) : (
                t("audit.system")
              ),
          },
          ...(operator
            ? [
                {
                  title: t("audit.columns.org"),
                  key: "org",
                  render: (_: unknown, row: AuditLogRow) =>
                    row.orgId ? (
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0 }}
                        onClick={() => {
                          setOrg({ id: row.orgId!, name: row.orgName ?? row.orgId! });
                          list.resetPage();
                        }}
                      >
                        <UserData>{row.orgName ?? "-"}</UserData>
                      </Button>
                    ) : (
                      t("audit.platform")
                    ),
                },
              ]
            : []),
          {
            title: t("audit.columns.action"),
            dataIndex: "action",
            render: (action: string) => (
              <Tooltip title={action}>
                <span data-action={action}>{actionLabel(t, action)}</span>
              </Tooltip>
            ),
          },
          {
            title: t("audit.columns.target"),
            key: "target",
            render: (_, row) => <Target row={row} />,
          },
          {
            title: t("audit.columns.ip"),
            dataIndex: "ip",
            width: 120,
            render: (v: string | null) => dash(v),
          },
          {
            title: t("audit.columns.detail"),
            dataIndex: "detail",
            width: 300,
            render: (detail: AuditLogRow["detail"]) => <AuditDetail detail={detail} />,
          },
        ]}
      />
    </Card>
  );
}
