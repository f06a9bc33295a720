import type { CertificationStatus } from "@skyledger/contracts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

// Spec §4: noAuth "pending" (not certified), authing "in progress", authSucceed "succeeded",
// authFiled "failed" (the server's spelling).
const COLORS: Record<CertificationStatus, string> = {
  noAuth: "default",
  authing: "processing",
  authSucceed: "success",
  authFiled: "error",
};

export function CertificationTag({ status }: { status: CertificationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? "default"} data-testid="certification-status" data-status={status}>
      {t(`console.certification.${status}`)}
    </Tag>
  );
}
