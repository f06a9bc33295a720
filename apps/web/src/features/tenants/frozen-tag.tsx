// A tenant account's state as operators see it: frozen by an operator, or normal.
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

export function FrozenTag({ frozen }: { frozen: boolean }) {
  const { t } = useTranslation();
  return frozen ? (
    <Tag color="error" data-testid="tenant-frozen-tag">
      {t("ops.tenants.stateFrozen")}
    </Tag>
  ) : (
    <Tag color="success">{t("ops.tenants.stateNormal")}</Tag>
  );
}
