// A bare-metal server's actions, on its list row and on its detail page: start, stop and reboot
// (stop and reboot confirmed first) as its status allows (services/host-state.ts), renew and
// auto-renew (features/renew), and unsubscribe through the shared dialog. A row folds them into a
// "more" menu beside the detail link.
import { DownOutlined } from "@ant-design/icons";
import type { BareMetalAction, BareMetalServer, OrderDetail } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Dropdown, type MenuProps, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isRenewAction, useRenewActions } from "../renew/renew-actions";
import { actionEnabled } from "../services/host-state";
import { resourceDetailPath } from "../services/resource-paths";
import { removalKind, UnsubscribeDialog } from "../services/unsubscribe-dialog";
import { bmsApi } from "./bms-api";

type Props = { server: BareMetalServer; compact?: boolean; onUnsubscribed?(order: OrderDetail): void };

const POWER: readonly BareMetalAction[] = ["start", "stop", "reboot"];
const confirmed = (action: BareMetalAction) => action !== "start";

export function BmsActions({ server, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [busy, setBusy] = useState<BareMetalAction | null>(null);
  const [unsubscribing, setUnsubscribing] = useState(false);
  const testId = (what: string) => `bms-${what}-${server.name}`;
  const renewal = useRenewActions(server, testId);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", "bms"] }),
      client.invalidateQueries({ queryKey: ["bms"] }),
    ]);

  const act = async (action: BareMetalAction) => {
    setBusy(action);
    try {
      await bmsApi.act(server.id, action);
      void message.success(
        t("services.actions.sent", { action: t(`services.actions.${action}`), name: server.name }),
      );
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setBusy(null);
    }
  };
  const confirmText = (action: BareMetalAction) => ({
    title: t(`services.actions.${action}Confirm`, { name: server.name }),
    okText: t(`services.actions.${action}`),
    cancelText: t("common.cancel"),
    okButtonProps: { "data-testid": `${testId(action)}-confirm` },
  });
  const mayUnsubscribe = actionEnabled("unsubscribe", server.status);
  const unsubscribeLabel = t(`services.actions.${removalKind(server)}`);

  const rowMenu: MenuProps = {
    items: [
      ...POWER.map((action) => ({
        key: action,
        disabled: !actionEnabled(action, server.status),
        label: <span data-testid={testId(action)}>{t(`services.actions.${action}`)}</span>,
      })),
      ...renewal.entries.map(({ key, label, disabled }) => ({
        key,
        disabled,
        label: <span data-testid={testId(key)}>{label}</span>,
      })),
      {
        key: "unsubscribe",
        danger: true,
        disabled: !mayUnsubscribe,
        label: <span data-testid={testId("unsubscribe")}>{unsubscribeLabel}</span>,
      },
    ],
    onClick: ({ key }) => {
      if (isRenewAction(key)) renewal.run(key);
      else if (key === "unsubscribe") setUnsubscribing(true);
      else if (confirmed(key as BareMetalAction))
        modal.confirm({ ...confirmText(key as BareMetalAction), onOk: () => act(key as BareMetalAction) });
      else void act(key as BareMetalAction);
    },
  };

  return (
    <>
      {compact ? (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(resourceDetailPath(server.kind, server.id)!)}
            data-testid={testId("detail")}
          >
            {t("services.actions.detail")}
          </Button>
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
          {POWER.map((action) => {
            const disabled = !actionEnabled(action, server.status);
            const button = (
              <Button
                key={action}
                disabled={disabled}
                loading={busy === action}
                onClick={confirmed(action) ? undefined : () => void act(action)}
                data-testid={testId(action)}
              >
                {t(`services.actions.${action}`)}
              </Button>
            );
            return confirmed(action) ? (
              <Popconfirm
                key={action}
                {...confirmText(action)}
                onConfirm={() => act(action)}
                disabled={disabled}
              >
                {button}
              </Popconfirm>
            ) : (
              button
            );
          })}
          {renewal.renewButton}
          <Button
            danger
            disabled={!mayUnsubscribe}
            onClick={() => setUnsubscribing(true)}
            data-testid={testId("unsubscribe")}
          >
            {unsubscribeLabel}
          </Button>
        </Space>
      )}
      {renewal.dialog}
      {unsubscribing && (
        <UnsubscribeDialog
          host={server}
          texts={{ blocked: t("bms.unsubscribeBlocked"), warning: t("bms.unsubscribeWarning") }}
          onClose={() => setUnsubscribing(false)}
          onDone={(order) => {
            setUnsubscribing(false);
            void refresh();
            onUnsubscribed?.(order);
          }}
        />
      )}
    </>
  );
}
