// A user's phone with whether its owner confirmed it: an unconfirmed number (one an administrator
// typed in) receives no step-up codes and no temporary passwords.
import { Space, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { dash } from "../../../lib/format";

export function MobileCell({ mobile, verified }: { mobile: string | null; verified: boolean }) {
  const { t } = useTranslation();
  if (!mobile || verified) return dash(mobile);
  return (
    <Space size={4} wrap>
      {mobile}
      <Tooltip title={t("iam.user.mobileUnverifiedHint")}>
        <Tag color="warning" data-testid={`mobile-unverified-${mobile}`}>
          {t("iam.user.mobileUnverified")}
        </Tag>
      </Tooltip>
    </Space>
  );
}
