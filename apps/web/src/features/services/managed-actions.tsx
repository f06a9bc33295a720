// A managed service's actions (a database, a cache or message-queue instance, a file share), on its
// list row and on its detail page: detail (on a row), renew (and auto-renew on a row's "more" menu),
// change plan (a database's class and storage, a cache's memory, a queue's plan; on the detail
// page), reset password (for services with one) and unsubscribe, as its status allows. `ns` is the service's texts, test ids and list key.
import { DownOutlined } from "@ant-design/icons";
import type { OrderDetail, ResourceRecord } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Dropdown, type MenuProps, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useHasCode } from "../../components/require-org";
import { isRenewAction, useRenewActions } from "../renew/renew-actions";
import { ManagedPasswordReset, type PasswordShown } from "./managed-password-reset";
import { PlanChangeDialog } from "./plan-change-dialog";
import { resourceDetailPath } from "./resource-paths";
import { removalKind, UnsubscribeDialog } from "./unsubscribe-dialog";

/** The plan a managed service's change dialog changes, and the codes that may change it. */
const PLAN_CHANGES = {
  rds: { kind: "rds", codes: ["CB2004", "CB04"] },
  dcs: { kind: "cache", codes: ["CB2004", "CB13"] },
  dms: { kind: "queue", codes: ["CB2004", "CB14"] },
} as const;

type Props = {
  ns: "rds" | "dcs" | "dms" | "share" | "scalableFile" | "obs";
  resource: ResourceRecord;
  /** A password reset is offered now (the service is available and made). */
  resetEnabled?: boolean;
  /** Resets the password; absent for services without one (file shares). */
  reset?: (() => Promise<PasswordShown>) | undefined;
  compact?: boolean | undefined;
  onUnsubscribed?: ((order: OrderDetail) => void) | undefined;
};

/** Unsubscribing is offered while the service runs, is frozen or has expired. */
const mayUnsubscribe = (r: ResourceRecord) =>
  r.status === "available" || r.status === "frozen" || r.status === "expired";

export function ManagedActions({ ns, resource, resetEnabled, reset, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [unsubscribing, setUnsubscribing] = useState(false);
  const [changing, setChanging] = useState(false);
  const plan = ns === "rds" || ns === "dcs" || ns === "dms" ? PLAN_CHANGES[ns] : null;
  const mayChangePlan = useHasCode(...(plan?.codes ?? []));
  const testId = (what: string) => `${ns}-${what}-${resource.name}`;
  const renewal = useRenewActions(resource, testId);
  const detailPath = resourceDetailPath(resource.kind, resource.id)!;
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", ns] }),
      client.invalidateQueries({ queryKey: [ns] }),
    ]);

  const moreMenu: MenuProps = {
    items: renewal.entries.map(({ key, label, disabled }) => ({
      key,
      disabled,
      label: <span data-testid={testId(key)}>{label}</span>,
    })),
    onClick: ({ key }) => {
      if (isRenewAction(key)) renewal.run(key);
    },
  };

  return (
    <>
      <Space size={compact ? 0 : 8} wrap>
        {compact && (
          <Button
            type="link"
            size="small"
            onClick={() => navigate(detailPath)}
            data-testid={testId("detail")}
          >
            {t("services.actions.detail")}
          </Button>
        )}
        {/* A bucket is postpaid only: it has no term to renew. */}
        {!compact && ns !== "obs" && renewal.renewButton}
        {!compact && plan && mayChangePlan && (
          <Button
            disabled={resource.status !== "available"}
            onClick={() => setChanging(true)}
            data-testid={testId("change-plan")}
          >
            {t("services.planChange.action")}
          </Button>
        )}
        {reset && ns !== "share" && ns !== "scalableFile" && ns !== "obs" && (
          <ManagedPasswordReset
            ns={ns}
            name={resource.name}
            enabled={resetEnabled ?? false}
            reset={reset}
            compact={compact}
          />
        )}
        <Button
          {...(compact ? { type: "link", size: "small" } : {})}
          danger
          disabled={!mayUnsubscribe(resource)}
          onClick={() => setUnsubscribing(true)}
          data-testid={testId("unsubscribe")}
        >
          {t(`services.actions.${removalKind(resource)}`)}
        </Button>
        {compact && renewal.entries.length > 0 && (
          <Dropdown menu={moreMenu} trigger={["click"]}>
            <Button type="link" size="small" loading={renewal.busy} data-testid={testId("more")}>
              {t("services.actions.more")} <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      {renewal.dialog}
      {changing && plan && (
        <PlanChangeDialog
          kind={plan.kind}
          resource={resource}
          onClose={() => setChanging(false)}
          onDone={(order) => {
            setChanging(false);
            void message.success(
              t("services.planChange.placed", { name: resource.name, orderNo: order.orderNo }),
            );
            void refresh();
          }}
        />
      )}
      {unsubscribing && (
        <UnsubscribeDialog
          host={resource}
          texts={{ blocked: t(`${ns}.unsubscribeBlocked`), warning: t(`${ns}.unsubscribeWarning`) }}
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
