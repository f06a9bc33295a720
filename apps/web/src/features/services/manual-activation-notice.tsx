// What a purchase form says when the chosen product is activated by hand (spec §1: manual
// activation): the order waits, approved and paid, until an administrator activates it or closes
// the application (then refunded in full).
import { Alert } from "antd";
import { useTranslation } from "react-i18next";

export function ManualActivationNotice({ product }: { product: { manualActivation: boolean } | undefined }) {
  const { t } = useTranslation();
  if (!product?.manualActivation) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t("services.create.manualActivation")}
      description={t("services.create.manualActivationHint")}
      style={{ marginBottom: 16 }}
      data-testid="manual-activation-notice"
    />
  );
}
