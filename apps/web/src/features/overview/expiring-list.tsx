// Prepaid resources whose term ends soon, soonest first, each with a link to renew it (hosts also
// link to their page).
import { OVERVIEW_EXPIRING_DAYS, type OverviewExpiring } from "@skyledger/contracts";
import { Empty, Table, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHasCode, useMayAct } from "../../components/require-org";
import { UserData } from "../../components/user-data";
import { formatDateTime } from "../../lib/format";

export const renewLink = (id: string) => `/mgt/renew?ids=${encodeURIComponent(id)}`;

export function ExpiringList({ items }: { items: OverviewExpiring[] }) {
  const { t } = useTranslation();
  // The link opens the renewal page (CC08) on its dialog: for users who may renew.
  const mayRenew = useMayAct("renew");
  const mayOpenPage = useHasCode("CC08");
  const canRenew = mayRenew && mayOpenPage;
  return (
    <Table<OverviewExpiring>
      size="small"
      rowKey="id"
      pagination={false}
      showHeader={false}
      dataSource={items}
      data-testid="overview-expiring-list"
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t("overview.expiring.empty", { days: OVERVIEW_EXPIRING_DAYS })}
          />
        ),
      }}
      columns={[
        {
          key: "name",
          render: (_, r) => (
            <>
              {r.kind === "host" ? (
                <Link to={`/mgt/host/${encodeURIComponent(r.id)}/detail`}>
                  <UserData>{r.name}</UserData>
                </Link>
              ) : (
                <Typography.Text data-user-data="">{r.name}</Typography.Text>
              )}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`overview.kind.${r.kind}`)} ·{" "}
                {t("overview.expiring.expiresAt", { time: formatDateTime(r.expiresAt) })}
              </Typography.Text>
            </>
          ),
        },
        {
          key: "left",
          render: (_, r) => {
            const days = dayjs(r.expiresAt).diff(dayjs(), "day");
            return (
              <>
                <Tag color={days < 7 ? "error" : "warning"}>
                  {days < 0 ? t("overview.expiring.ended") : t("overview.expiring.daysLeft", { days })}
                </Tag>
                {r.autoRenew && <Tag color="blue">{t("overview.expiring.autoRenew")}</Tag>}
              </>
            );
          },
        },
        {
          key: "renew",
          align: "right",
          render: (_, r) =>
            canRenew && (
              <Link to={renewLink(r.id)} data-testid={`overview-renew-${r.id}`}>
                {t("overview.expiring.renew")}
              </Link>
            ),
        },
      ]}
    />
  );
}
