// Renewing a resource from where it is (issue 13 §3): a host's, a disk's or an elastic IP's list row
// and detail page offer "Renew" — the renewal dialog of renewal management — and switching
// auto-renew on or off (off is confirmed first, as on the renewal list). Only for those who may
// renew (CC0801 or a kind's own code), and only a prepaid resource with a term that is not on its
// way out; the server refuses the rest anyway.
import { isLeaving, type ResourceRecord } from "@skyledger/contracts";
import { App, Button } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMayAct } from "../../components/require-org";
import { useAutoRenew } from "./renew-api";
import { RenewDialog } from "./renew-dialog";

export const RENEW_ACTION_KEYS = ["renew", "autoRenew"] as const;
export type RenewActionKey = (typeof RENEW_ACTION_KEYS)[number];
export const isRenewAction = (key: string): key is RenewActionKey =>
  (RENEW_ACTION_KEYS as readonly string[]).includes(key);

type Renewable = Pick<ResourceRecord, "id" | "name" | "status" | "paymentType" | "expiresAt" | "autoRenew">;

/** A prepaid resource with a term, not being unsubscribed or released. */
export const mayRenew = (r: Renewable) =>
  r.paymentType === "prepaid" && !!r.expiresAt && !isLeaving(r.status);

export type RenewEntry = { key: RenewActionKey; label: string; disabled: boolean };

/**
 * The renewal actions of one resource: the entries of its row's menu, what choosing one does, a
 * "Renew" button for a detail page, and the dialog to render while it is open. `testId(what)` names
 * the entries as the resource's other actions are named.
 */
export function useRenewActions(resource: Renewable, testId: (what: string) => string) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canRenew = useMayAct("renew");
  const auto = useAutoRenew(resource);
  const [open, setOpen] = useState(false);
  const allowed = mayRenew(resource);

  const entries: RenewEntry[] = canRenew
    ? [
        { key: "renew", label: t("renew.actions.renew"), disabled: !allowed },
        {
          key: "autoRenew",
          label: t(resource.autoRenew ? "renew.autoRenew.menuOff" : "renew.autoRenew.menuOn"),
          disabled: !allowed || auto.busy,
        },
      ]
    : [];

  const run = (key: RenewActionKey) => {
    if (key === "renew") setOpen(true);
    else if (!resource.autoRenew) void auto.set(true);
    else
      modal.confirm({
        title: t("renew.autoRenew.offConfirm", { name: resource.name }),
        okText: t("renew.autoRenew.turnOff"),
        cancelText: t("common.cancel"),
        okButtonProps: { "data-testid": `${testId("autoRenew")}-confirm` },
        onOk: () => auto.set(false),
      });
  };

  const renewButton: ReactNode = canRenew ? (
    <Button disabled={!allowed} onClick={() => setOpen(true)} data-testid={testId("renew")}>
      {t("renew.actions.renew")}
    </Button>
  ) : null;

  const dialog: ReactNode = open ? (
    <RenewDialog
      ids={[resource.id]}
      names={[resource.name]}
      onClose={() => setOpen(false)}
      onDone={() => setOpen(false)}
    />
  ) : null;

  return { entries, run, renewButton, dialog, busy: auto.busy };
}
