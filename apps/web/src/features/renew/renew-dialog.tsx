// The renewal dialog of `/mgt/renew`: the renewal form for the chosen resources, with a link to the
// same form as a page (`/mgt/renew/detail?ids=…`) for users who may open it.
import { RENEW_CODES, type RenewQuote } from "@skyledger/contracts";
import { Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHasCode } from "../../components/require-org";
import { renewDetailPath } from "./renew-logic";
import { RenewPanel } from "./renew-panel";

type Props = {
  ids: readonly string[];
  /** Names of the chosen resources, when known, for the title. */
  names?: readonly string[];
  onClose(): void;
  onDone(result: RenewQuote): void;
};

export function RenewDialog({ ids, names, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const canOpenPage = useHasCode(...RENEW_CODES);
  const title =
    ids.length === 1 && names?.[0]
      ? t("renew.detail.titleOne", { name: names[0] })
      : t("renew.detail.titleMany", { count: ids.length });
  return (
    <Modal open title={title} footer={null} onCancel={onClose} width={880} destroyOnHidden>
      {canOpenPage && (
        <Typography.Paragraph style={{ textAlign: "right", marginTop: -8 }}>
          <Link to={renewDetailPath(ids)} data-testid="renew-open-page">
            {t("renew.detail.openPage")}
          </Link>
        </Typography.Paragraph>
      )}
      <RenewPanel ids={ids} onCancel={onClose} onDone={onDone} />
    </Modal>
  );
}
