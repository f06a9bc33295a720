// "Remote login" on a host's row ("more" menu) and detail page (beside monitoring): /webssh?host=<id>
// in a new tab, so the list or detail page stays; only a running host of ours (not a partner's)
// can be logged in to.
import type { ResourceRecord } from "@skyledger/contracts";
import { Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";

type Host = Pick<ResourceRecord, "id" | "name" | "status" | "cloudEnvType">;

/** Whether the host can be logged in to now. */
export const remoteLoginAllowed = (host: Host): boolean =>
  host.status === "running" && host.cloudEnvType !== "thirdParty";

/** The remote login page of a host. */
export const remoteLoginHref = (host: Host): string => `/webssh?host=${encodeURIComponent(host.id)}`;

const testIdOf = (host: Host) => `host-remoteLogin-${host.name}`;

/** The entry of a host row's "more" menu: a link to a new tab when the host can be logged in to. */
export function remoteLoginMenuItem(host: Host, label: string) {
  const allowed = remoteLoginAllowed(host);
  return {
    key: "remoteLogin",
    disabled: !allowed,
    label: allowed ? (
      <a href={remoteLoginHref(host)} target="_blank" rel="noreferrer" data-testid={testIdOf(host)}>
        {label}
      </a>
    ) : (
      <span data-testid={testIdOf(host)}>{label}</span>
    ),
  };
}

/** The detail page's link; disabled with the reason when the host is not running. */
export function RemoteLoginLink({ host }: { host: Host }) {
  const { t } = useTranslation();
  if (!remoteLoginAllowed(host))
    return (
      <Tooltip title={t("webssh.action.disabled")}>
        <Typography.Text disabled style={{ padding: "0 7px" }} data-testid={testIdOf(host)}>
          {t("webssh.action.label")}
        </Typography.Text>
      </Tooltip>
    );
  return (
    <a
      href={remoteLoginHref(host)}
      target="_blank"
      rel="noreferrer"
      style={{ padding: "0 7px" }}
      data-testid={testIdOf(host)}
    >
      {t("webssh.action.label")}
    </a>
  );
}
