// An invoiceable item named for a person: an order by its number, a prepaid bill by its number, a
// postpaid month as "Postpaid bills of 2026-10".
import type { InvoiceableItemDto } from "@skyledger/contracts";
import { useTranslation } from "react-i18next";

export function ItemName({ item }: { item: Pick<InvoiceableItemDto, "kind" | "reference"> }) {
  const { t } = useTranslation();
  return <>{t(`invoices.itemKind.${item.kind}`, { reference: item.reference })}</>;
}

/** The same name from a stored item key (`order:…`, `bill:…`, `postpaid:…`). */
export function ItemKeyName({ itemKey }: { itemKey: string }) {
  const [prefix, ...rest] = itemKey.split(":");
  const kind = prefix === "postpaid" ? "postpaidMonth" : prefix === "bill" ? "bill" : "order";
  return <ItemName item={{ kind, reference: rest.join(":") }} />;
}
