// A disk's or an elastic IP's actions, on its list row and on its detail page: attach or bind,
// detach or unbind, expand or change bandwidth, and unsubscribe with the hosts' dialog, as its status
// allows (storage-state.ts); renewing and switching auto-renew (features/renew). On a list row those
// two fold into a "more" menu with a link to the detail page; the detail page shows every action as
// a button (auto-renew is the page's switch there).
import { DownOutlined } from "@ant-design/icons";
import type { OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { App, Button, Dropdown, type MenuProps, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isRenewAction, useRenewActions } from "../renew/renew-actions";
import { resourceDetailPath } from "../services/resource-paths";
import { removalKind, UnsubscribeDialog } from "../services/unsubscribe-dialog";
import { AttachDialog } from "./attach-dialog";
import { ResizeDialog } from "./resize-dialog";
import { type AttachableKind, storageApi, useRefreshStorage } from "./storage-api";
import { attachableActionEnabled } from "./storage-state";

/** The texts' prefix, the test-id prefix and the change dialog's key segment (under "storage.") of each kind. */
export const ATTACHABLE_PAGES = {
  disk: { ns: "storage.disks", testId: "disk", resize: "expand", on: "attach", off: "detach" },
  elasticIp: { ns: "storage.ips", testId: "eip", resize: "bandwidthChange", on: "bind", off: "unbind" },
} as const;

type Props = {
  kind: AttachableKind;
  resource: ResourceRecord;
  /** A table row: link buttons and a "more" menu; regular buttons on the detail page. */
  compact?: boolean;
  onUnsubscribed?(order: OrderDetail): void;
};

type Dialog = "attach" | "resize" | "unsubscribe";

export function AttachableActions({ kind, resource: row, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshStorage();
  const page = ATTACHABLE_PAGES[kind];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [detaching, setDetaching] = useState(false);
  const testId = (what: string) => `${page.testId}-${what}-${row.name}`;
  const renewal = useRenewActions(row, testId);
  const detailPath = resourceDetailPath(kind, row.id)!;
  const buttonStyle = compact ? ({ type: "link", size: "small" } as const) : {};

  const detach = async () => {
    setDetaching(true);
    try {
      await storageApi.detach(kind, row.id);
      void message.success(t(`storage.${page.off}.sent`, { name: row.name }));
      await refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setDetaching(false);
    }
  };

  const moreMenu: MenuProps = {
    items: [
      ...renewal.entries.map(({ key, label, disabled }) => ({
        key,
        disabled,
        label: <span data-testid={testId(key)}>{label}</span>,
      })),
      ...(renewal.entries.length > 0 ? [{ type: "divider" as const }] : []),
      { key: "detail", label: <span data-testid={testId("detail")}>{t("services.actions.detail")}</span> },
    ],
    onClick: ({ key }) => {
      if (isRenewAction(key)) renewal.run(key);
      else void navigate(detailPath);
    },
  };

  return (
    <>
      <Space size={compact ? 0 : 8} wrap>
        <Button
          {...buttonStyle}
          disabled={!attachableActionEnabled("attach", row.status)}
          onClick={() => setDialog("attach")}
          data-testid={testId(page.on)}
        >
          {t(`storage.${page.on}.action`)}
        </Button>
        <Popconfirm
          title={t(`storage.${page.off}.confirmText`, { name: row.name, host: row.attachedToName ?? "" })}
          okText={t(`storage.${page.off}.action`)}
          cancelText={t("common.cancel")}
          okButtonProps={{ "data-testid": `${testId(page.off)}-confirm` }}
          onConfirm={() => detach()}
          disabled={!attachableActionEnabled("detach", row.status)}
        >
          <Button
            {...buttonStyle}
            disabled={!attachableActionEnabled("detach", row.status)}
            loading={detaching}
            data-testid={testId(page.off)}
          >
            {t(`storage.${page.off}.action`)}
          </Button>
        </Popconfirm>
        <Button
          {...buttonStyle}
          disabled={!attachableActionEnabled("resize", row.status)}
          onClick={() => setDialog("resize")}
          data-testid={testId("resize")}
        >
          {t(`storage.${page.resize}.action`)}
        </Button>
        {!compact && renewal.renewButton}
        <Button
          {...buttonStyle}
          danger
          disabled={!attachableActionEnabled("unsubscribe", row.status)}
          onClick={() => setDialog("unsubscribe")}
          data-testid={testId("unsubscribe")}
        >
          {t(`services.actions.${removalKind(row)}`)}
        </Button>
        {compact && (
          <Dropdown menu={moreMenu} trigger={["click"]}>
            <Button type="link" size="small" loading={renewal.busy} data-testid={testId("more")}>
              {t("services.actions.more")} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      {renewal.dialog}
      {dialog === "attach" && (
        <AttachDialog
          kind={kind}
          resource={row}
          onClose={() => setDialog(null)}
          onDone={() => {
            void message.success(t(`storage.${page.on}.sent`, { name: row.name }));
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog === "resize" && (
        <ResizeDialog
          kind={kind}
          resource={row}
          onClose={() => setDialog(null)}
          onDone={(order) => {
            void message.success(
              t(`storage.${page.resize}.placed`, { name: row.name, orderNo: order.orderNo }),
            );
            setDialog(null);
            void refresh();
          }}
        />
      )}
      {dialog === "unsubscribe" && (
        <UnsubscribeDialog
          host={row}
          texts={{ blocked: t(`${page.ns}.unsubscribeBlocked`), warning: t(`${page.ns}.unsubscribeWarning`) }}
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
