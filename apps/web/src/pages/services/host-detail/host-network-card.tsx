// The host's place on the network, on its detail page: its VPC, subnet, address (and whether it was
// asked for) and security groups, each a link to its own page for users who may open network pages,
// and the change of its groups while the host is running or stopped. A host bought without
// choosing a VPC is on the provider's default network, and the card says only that.
import type { HostNetwork, ResourceDetail } from "@skyledger/contracts";
import { Button, Card, Descriptions, Skeleton, Space, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHasCode, useMayOpen } from "../../../components/require-org";
import { LoadFailed } from "../../../components/table-states";
import { UserData } from "../../../components/user-data";
import { HostGroupsDialog } from "../../../features/services/host-groups-dialog";
import { useHostNetwork } from "../../../features/services/host-network-api";

export function HostNetworkCard({ host }: { host: ResourceDetail }) {
  const { t } = useTranslation();
  const network = useHostNetwork(host.id, host.status);
  const canChange = useHasCode("CB09");
  const [changing, setChanging] = useState(false);
  const n = network.data;

  return (
    <Card
      title={t("services.network.title")}
      data-testid="host-network-card"
      extra={
        n?.vpc &&
        n.groupsEditable &&
        canChange && (
          <Button onClick={() => setChanging(true)} data-testid="host-network-change-groups">
            {t("services.network.changeGroups")}
          </Button>
        )
      }
    >
      {network.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : network.isError || !n ? (
        <LoadFailed onRetry={() => void network.refetch()} t={t} />
      ) : n.vpc ? (
        <NetworkFields network={n} />
      ) : (
        <Typography.Text type="secondary" data-testid="host-network-default">
          {t("services.network.providerDefault")}
        </Typography.Text>
      )}
      {n && changing && (
        <HostGroupsDialog
          hostId={host.id}
          current={n.securityGroups.map((g) => g.id)}
          onClose={() => setChanging(false)}
        />
      )}
    </Card>
  );
}

function NetworkFields({ network: n }: { network: HostNetwork }) {
  const { t } = useTranslation();
  const mayOpen = useMayOpen();
  // A link for those who may open the network's pages; the plain name for the others.
  const linked = (path: string, text: string, testId?: string): ReactNode => (
    <UserData>
      {mayOpen(path) ? (
        <Link to={path} data-testid={testId}>
          {text}
        </Link>
      ) : (
        <span data-testid={testId}>{text}</span>
      )}
    </UserData>
  );

  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      bordered
      size="small"
      items={[
        {
          key: "vpc",
          label: t("services.network.vpc"),
          children: n.vpc && (
            <span data-testid="host-network-vpc">
              {linked(`/mgt/vpc/detail/${encodeURIComponent(n.vpc.id)}`, `${n.vpc.name} (${n.vpc.cidr})`)}
            </span>
          ),
        },
        {
          key: "subnet",
          label: t("services.network.subnet"),
          children: (
            <span data-testid="host-network-subnet">
              {n.subnet
                ? linked(
                    `/mgt/vpc/subnet/${encodeURIComponent(n.subnet.id)}`,
                    `${n.subnet.name} (${n.subnet.cidr})`,
                  )
                : "-"}
            </span>
          ),
        },
        {
          key: "ip",
          label: t("services.network.address"),
          children: (
            <Space size={6}>
              <span data-testid="host-network-ip">{n.ipAddress ?? "-"}</span>
              {n.fixedIp && <Tag data-testid="host-network-fixed">{t("services.network.fixed")}</Tag>}
            </Space>
          ),
        },
        {
          key: "groups",
          label: t("services.network.securityGroups"),
          children: (
            <Space size={[8, 4]} wrap data-testid="host-network-groups">
              {n.securityGroups.length === 0
                ? "-"
                : n.securityGroups.map((g) => (
                    <span key={g.id}>
                      {linked(
                        `/mgt/security_group/rule/${encodeURIComponent(g.id)}`,
                        g.name,
                        `host-network-group-${g.name}`,
                      )}
                    </span>
                  ))}
            </Space>
          ),
        },
      ]}
    />
  );
}
