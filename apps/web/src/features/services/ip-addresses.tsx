// A host's addresses under its name on the host list: its private IPv4 and, when an elastic IP is
// bound to it, that public address — each marked as which it is. Nothing while it has none (a host
// being created, a third-party host, or one created before addresses were kept).
import type { ResourceRecord } from "@skyledger/contracts";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

export function IpAddresses({
  resource,
}: {
  resource: Pick<ResourceRecord, "name" | "privateIp" | "publicIp">;
}) {
  const { t } = useTranslation();
  const lines = [
    resource.privateIp && t("services.ip.private", { address: resource.privateIp }),
    resource.publicIp && t("services.ip.public", { address: resource.publicIp }),
  ].filter((line): line is string => !!line);
  if (lines.length === 0) return null;
  return (
    <div data-testid={`ip-${resource.name}`}>
      {lines.map((line) => (
        <Typography.Text key={line} type="secondary" style={{ display: "block", fontSize: 12 }}>
          {line}
        </Typography.Text>
      ))}
    </div>
  );
}
