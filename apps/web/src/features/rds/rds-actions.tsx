// A database's actions, on its list row and on its detail page: detail (on a row), renew (and
// auto-renew on a row's "more" menu), reset password and unsubscribe, as its status allows.
import { DownOutlined } from "@ant-design/icons";
import type { OrderDetail, RdsInstance } from "@skyledger/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Dropdown, type MenuProps, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isRenewAction, useRenewActions } from "../renew/renew-actions";
import { resourceDetailPath } from "../services/resource-paths";
import { removalKind, UnsubscribeDialog } from "../services/unsubscribe-dialog";
import { PasswordResetButton } from "./password-reset";
import { RDS_LIST_KEY } from "./rds-api";
import { rdsActionEnabled } from "./rds-state";

type Props = { db: RdsInstance; compact?: boolean; onUnsubscribed?(order: OrderDetail): void };

export function RdsActions({ db, compact, onUnsubscribed }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [unsubscribing, setUnsubscribing] = useState(false);
  const testId = (what: string) => `rds-${what}-${db.name}`;
  const renewal = useRenewActions(db, testId);
  const detailPath = resourceDetailPath("rds", db.id)!;
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["ops", RDS_LIST_KEY] }),
      client.invalidateQueries({ queryKey: ["rds"] }),
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
        {!compact && renewal.renewButton}
        <PasswordResetButton db={db} compact={compact} />
        <Button
          {...(compact ? { type: "link", size: "small" } : {})}
          danger
          disabled={!rdsActionEnabled("unsubscribe", db)}
          onClick={() => setUnsubscribing(true)}
          data-testid={testId("unsubscribe")}
        >
          {t(`services.actions.${removalKind(db)}`)}
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
      {unsubscribing && (
        <UnsubscribeDialog
          host={db}
          texts={{ blocked: t("rds.unsubscribeBlocked"), warning: t("rds.unsubscribeWarning") }}
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
