// A shared pool's package balance: the organisation's active core-hour and GPU-hour packages of the
// pool's product, in the order jobs draw on them (ending soonest first), with the hours left and
// their end. Holders of CB1701 may run the pool on packages only: once they are used up, the
// cluster refuses new jobs until a package is bought (docs/hpc.md "Packages first").
import type { HpcPoolDetail } from "@skyledger/contracts";
import { App, Card, Space, Switch, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMayAct } from "../../../components/require-org";
import { hpcApi, useRefreshPool } from "../../../features/hpc/hpc-api";
import { formatDateTime } from "../../../lib/format";

type PoolPackage = HpcPoolDetail["packages"][number];

export function PackagesCard({ pool }: { pool: HpcPoolDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayManage = useMayAct("hpcManage");
  const refresh = useRefreshPool(pool.id);
  const [saving, setSaving] = useState(false);
  const postpaid = pool.paymentType === "postpaid";

  const toggle = async (packagesOnly: boolean) => {
    setSaving(true);
    try {
      await hpcApi.setPackagesOnly(pool.id, packagesOnly);
      void message.success(t(packagesOnly ? "hpc.packages.onlyOn" : "hpc.packages.onlyOff"));
      await refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t("hpc.packages.title")}
      extra={<Link to="/mgt/bag">{t("hpc.packages.buy")}</Link>}
      data-testid="hpc-pool-packages"
    >
      <Typography.Paragraph type="secondary">{t("hpc.packages.intro")}</Typography.Paragraph>
      <Table<PoolPackage>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={pool.packages}
        locale={{ emptyText: t("hpc.packages.empty") }}
        onRow={(row) =>
          ({ "data-testid": `hpc-pool-package-${row.id}` }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { title: t("hpc.packages.name"), dataIndex: "name" },
          {
            title: t("hpc.packages.dimension"),
            dataIndex: "dimension",
            render: (d: PoolPackage["dimension"]) => t(`hpc.packages.${d}`),
          },
          {
            title: t("hpc.packages.left"),
            key: "left",
            align: "right",
            render: (_: unknown, row: PoolPackage) => (
              <span data-testid="hpc-pool-package-left">
                {row.remainingHours} / {row.totalHours}
              </span>
            ),
          },
          {
            title: t("hpc.packages.validUntil"),
            dataIndex: "validUntil",
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
      {postpaid && (
        <Space style={{ marginTop: 12 }} align="start">
          <Switch
            checked={pool.packagesOnly}
            disabled={!mayManage}
            loading={saving}
            onChange={(v) => void toggle(v)}
            data-testid="hpc-pool-packages-only"
          />
          <div>
            <Typography.Text>{t("hpc.packages.only")}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t("hpc.packages.onlyHint")}</Typography.Text>
          </div>
        </Space>
      )}
    </Card>
  );
}
