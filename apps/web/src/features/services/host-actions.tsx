// A host's actions, on its list row and on its detail page: start, stop, reboot, rebuild, change
// configuration (/mgt/change) and unsubscribe as its status allows (host-state.ts), renaming,
// renewing and switching auto-renew (features/renew), plus links to its monitoring, its remote
// login (/webssh, a new tab) and its detail.
// On a list row they fold into a "more" menu beside the monitoring link, so the row keeps room for
// the billing and expiry columns; the detail page shows them as buttons (auto-renew is the page's
// switch there).
import { DownOutlined } from "@ant-design/icons";
import type { HostAction, OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { App, Button, Dropdown, type MenuProps, Popconfirm, Space } from "antd";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { isRenewAction, useRenewActions } from "../renew/renew-actions";
import { canChangeConfig } from "../renew/renew-logic";
import { RemoteLoginLink, remoteLoginMenuItem } from "../webssh/remote-login-link";
import { actionEnabled, type HostRowAction } from "./host-state";
import { RebuildDialog } from "./rebuild-dialog";
import { RenameDialog } from "./rename-dialog";
import { servicesApi, useRefreshServices } from "./services-api";
import { removalKind, UnsubscribeDialog } from "./unsubscribe-dialog";

type Props = {
  host: ResourceRecord;
  /** The list row shows a link to the detail; the detail page does not. */
  showDetailLink?: boolean;
  /** A table row: the monitoring link and a "more" menu; regular buttons on the detail page. */
  compact?: boolean;
  onUnsubscribed?(order: OrderDetail): void;
};

type Confirmed = "stop" | "reboot";
type Dialog = "rebuild" | "rename" | "unsubscribe";
type ActionKey = "start" | Confirmed | Dialog | "change";
type Entry = { key: ActionKey; label: string; disabled: boolean; danger?: true };

const CONFIRMED: readonly ActionKey[] = ["stop", "reboot"];
const isConfirmed = (key: string): key is Confirmed => CONFIRMED.includes(key as ActionKey);

/** The host's actions in their order, with what its status and kind allow. */
function entriesOf(host: ResourceRecord, t: TFunction): Entry[] {
  // A third-party host runs at a partner's cloud: of its actions, only giving it back goes through us.
  const thirdParty = host.cloudEnvType === "thirdParty";
  const enabled = (action: HostRowAction) =>
    actionEnabled(action, host.status) && (!thirdParty || action === "unsubscribe");
  const entry = (key: HostRowAction): Entry => ({
    key,
    label: t(`services.actions.${key}`),
    disabled: !enabled(key),
  });
  return [
    entry("start"),
    entry("stop"),
    entry("reboot"),
    entry("rebuild"),
    { key: "change", label: t("renew.change.action"), disabled: thirdParty || !canChangeConfig(host) },
    { key: "rename", label: t("services.actions.rename"), disabled: host.status === "releasing" },
    { ...entry("unsubscribe"), label: t(`services.actions.${removalKind(host)}`), danger: true },
  ];
}

export function HostActions({ host, showDetailLink, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const refresh = useRefreshServices();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState<HostAction | null>(null);
  const id = encodeURIComponent(host.id);
  const testId = (what: string) => `host-${what}-${host.name}`;
  const renewal = useRenewActions(host, testId);
  const entries = entriesOf(host, t);
  // Renewing sits before unsubscribing, the last (and dangerous) entry.
  const menuEntries: { key: string; label: string; disabled: boolean; danger?: true }[] = [
    ...entries.slice(0, -1),
    ...renewal.entries,
    ...entries.slice(-1),
  ];

  const act = async (action: HostAction) => {
    setBusy(action);
    try {
      await servicesApi.hostAction(host.id, action);
      void message.success(
        t("services.actions.sent", { action: t(`services.actions.${action}`), name: host.name }),
      );
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };

  /** Every action but stop and reboot, which are confirmed first. */
  const run = (key: Exclude<ActionKey, Confirmed>) => {
    if (key === "start") void act("start");
    else if (key === "change") void navigate(`/mgt/change?id=${id}`);
    else setDialog(key);
  };

  const confirmText = (action: Confirmed) => ({
    title: t(`services.actions.${action}Confirm`, { name: host.name }),
    okText: t(`services.actions.${action}`),
    cancelText: t("common.cancel"),
    okButtonProps: { "data-testid": `${testId(action)}-confirm` },
  });

  const monitorLink = (
    <Link
      to={`/mgt/host/monitor/overview/${id}`}
      data-testid={testId("monitor")}
      style={{ padding: "0 7px" }}
    >
      {t("services.actions.monitor")}
    </Link>
  );

  // A list row: the monitoring link, then every other action in one compact menu.
  const rowMenu: MenuProps = {
    items: [
      remoteLoginMenuItem(host, t("webssh.action.label")),
      ...menuEntries.map(({ key, label, disabled, danger }) => ({
        key,
        disabled,
        danger,
        label: <span data-testid={testId(key)}>{label}</span>,
      })),
      ...(showDetailLink
        ? [
            { type: "divider" as const },
            {
              key: "detail",
              label: <span data-testid={testId("detail")}>{t("services.actions.detail")}</span>,
            },
          ]
        : []),
    ],
    onClick: ({ key }) => {
      // Remote login is its item's own link (a new tab).
      if (key === "remoteLogin") return;
      if (key === "detail") void navigate(`/mgt/host/${id}/detail`);
      else if (isRenewAction(key)) renewal.run(key);
      else if (isConfirmed(key)) modal.confirm({ ...confirmText(key), onOk: () => act(key) });
      else run(key as Exclude<ActionKey, Confirmed>);
    },
  };

  return (
    <>
      {compact ? (
        <Space size={0}>
          {monitorLink}
          <Dropdown menu={rowMenu} trigger={["click"]}>
            <Button
              type="link"
              size="small"
              loading={busy !== null || renewal.busy}
              data-testid={testId("more")}
            >
              {t("services.actions.more")} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ) : (
        <Space size={8} wrap>
          {entries.map(({ key, label, disabled, danger }) =>
            isConfirmed(key) ? (
              <Popconfirm key={key} {...confirmText(key)} onConfirm={() => act(key)} disabled={disabled}>
                <Button disabled={disabled} loading={busy === key} data-testid={testId(key)}>
                  {label}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                key={key}
                danger={danger}
                disabled={disabled}
                loading={busy === key}
                onClick={() => run(key)}
                data-testid={testId(key)}
              >
                {label}
              </Button>
            ),
          )}
          {renewal.renewButton}
          {monitorLink}
          <RemoteLoginLink host={host} />
          {showDetailLink && (
            <Link to={`/mgt/host/${id}/detail`} data-testid={testId("detail")} style={{ padding: "0 7px" }}>
              {t("services.actions.detail")}
            </Link>
          )}
        </Space>
      )}
      {renewal.dialog}
      {dialog === "rebuild" && (
        <RebuildDialog
          host={host}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            void message.success(
              t("services.actions.sent", { action: t("services.actions.rebuild"), name: host.name }),
            );
            void refresh();
          }}
        />
      )}
      {dialog === "rename" && (
        <RenameDialog
          host={host}
          onClose={() => setDialog(null)}
          onDone={(renamed) => {
            setDialog(null);
            void message.success(t("services.rename.done", { name: renamed.name }));
            void refresh();
          }}
        />
      )}
      {dialog === "unsubscribe" && (
        <UnsubscribeDialog
          host={host}
          onClose={() => setDialog(null)}
          onDone={(order) => {
            setDialog(null);
            void refresh();
            onUnsubscribed?.(order);
          }}
        />
      )}
    </>
  );
}
