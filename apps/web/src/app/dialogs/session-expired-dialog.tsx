import { Modal } from "antd";
import { useTranslation } from "react-i18next";
import { dialogStore } from "./dialog-store";

export function SessionExpiredDialog({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t("console.sessionExpired.title")}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okText={t("console.sessionExpired.login")}
      onOk={() => dialogStore.acknowledgeSessionExpired()}
      cancelButtonProps={{ style: { display: "none" } }}
      okButtonProps={{ "data-testid": "session-expired-ok" }}
    >
      <p data-testid="session-expired-dialog" role="alert">
        {text}
      </p>
    </Modal>
  );
}
