// The ticket states with their colours (docs/tickets.md), and the pickers of states and categories.
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketStatus } from "@skyledger/contracts";
import { Select, Tag } from "antd";
import { useTranslation } from "react-i18next";

export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  open: "warning",
  processing: "processing",
  replied: "cyan",
  resolved: "success",
  closed: "default",
};

export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={TICKET_STATUS_COLORS[status]} data-testid={`ticket-status-${status}`}>
      {t(`tickets.status.${status}`)}
    </Tag>
  );
}

type FilterProps<V extends string> = { value: V | undefined; onChange(value: V | undefined): void };

export function TicketStatusFilter({ value, onChange }: FilterProps<TicketStatus>) {
  const { t } = useTranslation();
  return (
    <Select<TicketStatus>
      allowClear
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={t("tickets.allStatuses")}
      style={{ width: 160 }}
      options={TICKET_STATUSES.map((s) => ({ value: s, label: t(`tickets.status.${s}`) }))}
      data-testid="ticket-status-filter"
    />
  );
}

export function TicketCategoryFilter({ value, onChange }: FilterProps<(typeof TICKET_CATEGORIES)[number]>) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      placeholder={t("tickets.allCategories")}
      style={{ width: 180 }}
      options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets.category.${c}`) }))}
      data-testid="ticket-category-filter"
    />
  );
}
