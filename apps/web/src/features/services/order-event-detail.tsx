// The detail line of one order event. The server writes its own details in English (see
// packages/contracts order-events.ts); those it built are read back and said in the reader's
// language, with amounts, funding sources and kinds as the rest of the console shows them. Anything
// else — a person's reason or remark, a provider's error log — is shown as it was written.
import { describeOrderEvent, type OrderEventDescription } from "@skyledger/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { formatYuan } from "../../lib/money";

function localized(t: TFunction, d: OrderEventDescription): string {
  switch (d.key) {
    case "paid":
      return d.params.shares
        .map((s) =>
          t("services.orderEventDetail.paidShare", {
            source: t(`services.price.sources.${s.source}`),
            amount: formatYuan(s.yuan),
          }),
        )
        .join(t("services.orderEventDetail.paidSeparator"));
    case "noApprovalNeeded":
      return t("services.orderEventDetail.noApprovalNeeded");
    case "provisioningStarted":
      return t("services.orderEventDetail.provisioningStarted", {
        quantity: d.params.quantity,
        kind: t(`services.kind.${d.params.kind}`),
      });
    case "instanceCreated":
      return t("services.orderEventDetail.instanceCreated", d.params);
    case "instanceRunning":
      return t("services.orderEventDetail.instanceRunning", d.params);
    case "instanceAvailable":
      return t("services.orderEventDetail.instanceAvailable", d.params);
    case "deliveredAtPartner":
      return t("services.orderEventDetail.deliveredAtPartner", d.params);
    case "released":
      return t("services.orderEventDetail.released", d.params);
    case "renewed":
      return t("services.orderEventDetail.renewed", {
        name: d.params.name,
        date: formatDateTime(d.params.until),
      });
    case "refunded":
      return t("services.orderEventDetail.refunded", { amount: formatYuan(d.params.yuan) });
    case "returnExpired":
      return t("services.orderEventDetail.returnExpired", { date: formatDateTime(d.params.deadline) });
  }
}

/** What an event's detail says, in the reader's language when the server wrote it. */
export function OrderEventDetailText({ action, detail }: { action: string; detail: string }) {
  const { t } = useTranslation();
  const described = describeOrderEvent(action, detail);
  return <>{described ? localized(t, described) : detail}</>;
}
