// A share's capacity (what is used of it) and where to mount it, in one line each for the list and
// the detail page. Shares on the simulator are said to be simulated.
import type { FileShare } from "@skyledger/contracts";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";

export function FileCapacity({ share }: { share: FileShare }) {
  const { t } = useTranslation();
  if (share.sizeGb === null) return <>-</>;
  return (
    <span data-testid={`file-capacity-${share.name}`}>
      {share.usedGb === null
        ? t("share.sizeOnly", { size: share.sizeGb })
        : t("share.used", { used: share.usedGb, size: share.sizeGb })}
    </span>
  );
}

/** The mount address, with a tag when nothing exports it (the simulator). */
export function FileMountAddress({ share }: { share: FileShare }) {
  const { t } = useTranslation();
  if (!share.mountAddress) return <>-</>;
  return (
    <Space size={4} wrap>
      <Typography.Text copyable code data-testid={`file-mount-${share.name}`}>
        {share.mountAddress}
      </Typography.Text>
      {share.simulated && <Tag color="orange">{t("share.simulated")}</Tag>}
    </Space>
  );
}
