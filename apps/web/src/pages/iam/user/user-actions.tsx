// What an administrator does to a user, each behind a confirmation: enable or disable, unlock,
// reset the password (the temporary one is shown once) and delete. The tenant administrator's
// account and the caller's own are left alone (the server refuses them too).
import { App, Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../../../app/console/current-user-context";
import {
  deleteUser,
  resetUserPassword,
  type SubUserRow,
  setUserStatus,
  unlockUser,
} from "../../../features/iam/iam-api";
import { useCan } from "../../../features/iam/iam-labels";
import { showOneTimePassword } from "../../../features/iam/one-time-password";

type Props = { user: SubUserRow; onChanged(): void; onDeleted?(): void; size?: "small" | "middle" };

export function UserActions({ user, onChanged, onDeleted, size = "small" }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const me = useCurrentUser();
  const canWrite = useCan("CH0101");
  if (!canWrite) return null;
  const untouchable = user.userSid === me.userSid || user.roleType === "tenantAdmin";
  const id = user.account;
  const type = size === "small" ? "link" : "default";

  const run = (action: () => Promise<unknown>, done: string) => async () => {
    try {
      await action();
      void message.success(t(done, { account: user.account }));
      onChanged();
    } catch {
      // The API client already showed why.
    }
  };

  const reset = async () => {
    try {
      const result = await resetUserPassword(user.userSid);
      showOneTimePassword(modal, t, {
        title: t("iam.user.resetDone"),
        account: user.account,
        password: result.password,
        smsSent: result.smsSent,
      });
      onChanged();
    } catch {
      // The API client already showed why.
    }
  };

  const remove = async () => {
    try {
      await deleteUser(user.userSid);
      void message.success(t("iam.user.deleted", { account: user.account }));
      (onDeleted ?? onChanged)();
    } catch {
      // The API client already showed why.
    }
  };

  const confirm = (
    title: string,
    okText: string,
    onConfirm: () => Promise<void>,
    testId: string,
    danger = false,
  ) => (
    <Popconfirm
      title={title}
      okText={okText}
      cancelText={t("common.cancel")}
      okButtonProps={{ danger, "data-testid": `${testId}-confirm` }}
      onConfirm={onConfirm}
    >
      <Button type={type} size={size} danger={danger} data-testid={testId}>
        {okText}
      </Button>
    </Popconfirm>
  );

  return (
    <Space size={size === "small" ? 0 : 8} wrap>
      {user.locked &&
        confirm(
          t("iam.user.unlockConfirm", { account: user.account }),
          t("iam.user.unlock"),
          run(() => unlockUser(user.userSid), "iam.user.unlocked"),
          `user-unlock-${id}`,
        )}
      {!untouchable &&
        (user.status === "enabled"
          ? confirm(
              t("iam.user.disableConfirm", { account: user.account }),
              t("iam.user.disable"),
              run(() => setUserStatus(user.userSid, "disable"), "iam.user.disabled"),
              `user-disable-${id}`,
              true,
            )
          : confirm(
              t("iam.user.enableConfirm", { account: user.account }),
              t("iam.user.enable"),
              run(() => setUserStatus(user.userSid, "enable"), "iam.user.enabled"),
              `user-enable-${id}`,
            ))}
      {!untouchable &&
        confirm(
          // The temporary password goes only to a phone its owner confirmed.
          t(user.mobile && user.mobileVerified ? "iam.user.resetConfirmSms" : "iam.user.resetConfirm", {
            account: user.account,
          }),
          t("iam.user.resetPassword"),
          reset,
          `user-reset-${id}`,
        )}
      {!untouchable &&
        confirm(
          t("iam.user.deleteConfirm", { account: user.account }),
          t("iam.user.delete"),
          remove,
          `user-delete-${id}`,
          true,
        )}
    </Space>
  );
}
