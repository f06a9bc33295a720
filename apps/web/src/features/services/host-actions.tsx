// A host's actions, on its list row and on its detail page: start, stop, reboot, rebuild, change
// configuration (/mgt/change) and unsubscribe as its status allows (host-state.ts), renaming, plus
// links to its monitoring and its detail.
import type { HostAction, OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { App, Button, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { canChangeConfig } from "../renew/renew-logic";
import { actionEnabled, type HostRowAction } from "./host-state";
import { RebuildDialog } from "./rebuild-dialog";
import { RenameDialog } from "./rename-dialog";
import { servicesApi, useRefreshServices } from "./services-api";
import { removalKind, UnsubscribeDialog } from "./unsubscribe-dialog";

type Props = {
  host: ResourceRecord;
  /** The list row shows a link to the detail; the detail page does not. */
  showDetailLink?: boolean;
  /** Small link buttons in a table row; regular buttons on the detail page. */
  compact?: boolean;
  onUnsubscribed?(order: OrderDetail): void;
};

export function HostActions({ host, showDetailLink, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshServices();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"rebuild" | "rename" | "unsubscribe" | null>(null);
  const [busy, setBusy] = useState<HostAction | null>(null);
  const size = compact ? "small" : "middle";
  const type = compact ? "link" : "default";
  const id = encodeURIComponent(host.id);
  const testId = (what: string) => `host-${what}-${host.name}`;
  // A third-party host runs at a partner's cloud: of its actions, only giving it back goes through us.
  const thirdParty = host.cloudEnvType === "thirdParty";
  const enabled = (action: HostRowAction) =>
    actionEnabled(action, host.status) && (!thirdParty || action === "unsubscribe");

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

  const confirmed = (action: "stop" | "reboot") => (
    <Popconfirm
      title={t(`services.actions.${action}Confirm`, { name: host.name })}
      okText={t(`services.actions.${action}`)}
      cancelText={t("common.cancel")}
      okButtonProps={{ "data-testid": `${testId(action)}-confirm` }}
      onConfirm={() => act(action)}
      disabled={!enabled(action)}
    >
      <Button
        type={type}
        size={size}
        disabled={!enabled(action)}
        loading={busy === action}
        data-testid={testId(action)}
      >
        {t(`services.actions.${action}`)}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <Space size={compact ? 0 : 8} wrap>
        <Button
          type={type}
          size={size}
          disabled={!enabled("start")}
          loading={busy === "start"}
          onClick={() => void act("start")}
          data-testid={testId("start")}
        >
          {t("services.actions.start")}
        </Button>
        {confirmed("stop")}
        {confirmed("reboot")}
        <Button
          type={type}
          size={size}
          disabled={!enabled("rebuild")}
          onClick={() => setDialog("rebuild")}
          data-testid={testId("rebuild")}
        >
          {t("services.actions.rebuild")}
        </Button>
        <Button
          type={type}
          size={size}
          disabled={thirdParty || !canChangeConfig(host)}
          onClick={() => navigate(`/mgt/change?id=${id}`)}
          data-testid={testId("change")}
        >
          {t("renew.change.action")}
        </Button>
        <Button
          type={type}
          size={size}
          disabled={host.status === "releasing"}
          onClick={() => setDialog("rename")}
          data-testid={testId("rename")}
        >
          {t("services.actions.rename")}
        </Button>
        <Button
          type={type}
          size={size}
          danger
          disabled={!enabled("unsubscribe")}
          onClick={() => setDialog("unsubscribe")}
          data-testid={testId("unsubscribe")}
        >
          {t(`services.actions.${removalKind(host)}`)}
        </Button>
        <Link
          to={`/mgt/host/monitor/overview/${id}`}
          data-testid={testId("monitor")}
          style={{ padding: "0 7px" }}
        >
          {t("services.actions.monitor")}
        </Link>
        {showDetailLink && (
          <Link to={`/mgt/host/${id}/detail`} data-testid={testId("detail")} style={{ padding: "0 7px" }}>
            {t("services.actions.detail")}
          </Link>
        )}
      </Space>
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
            void message.success(
              t(`services.${order.type === "release" ? "release" : "unsubscribe"}.done`, {
                orderNo: order.orderNo,
              }),
            );
            void refresh();
            onUnsubscribed?.(order);
          }}
        />
      )}
    </>
  );
}
