// /mgt/host/monitor/overview/:id (CB01): a host's CPU, memory, disk and network over the last
// hour, 6 hours, day or week, as four line charts, with links to the host's alarm rules and alarms.
import { ArrowLeftOutlined } from "@ant-design/icons";
import { METRIC_RANGES, type MetricsSeries } from "@skyledger/contracts";
import { Alert, Button, Card, Col, Empty, Radio, Row, Skeleton, Space, Tag, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type ChartSeries, LineChart } from "../../../components/line-chart";
import { LoadFailed } from "../../../components/table-states";
import { type MetricRange, useHost, useMetrics } from "../../../features/services/services-api";

const BLUE = "#1677ff";
const GREEN = "#52c41a";

type Point = MetricsSeries["points"][number];

export function HostMonitorPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [range, setRange] = useState<MetricRange>("1h");
  const host = useHost(id);
  const metrics = useMetrics(id, range);
  const points = metrics.data?.points ?? [];
  const simulated = metrics.data?.source === "simulated";
  const labels = points.map((p) => dayjs(p.at).format(range === "7d" ? "MM-DD HH:mm" : "HH:mm"));
  const line = (name: string, color: string, pick: (p: Point) => number): ChartSeries => ({
    name,
    color,
    values: points.map(pick),
  });

  const charts = [
    {
      key: "cpu",
      title: t("services.monitor.cpu"),
      unit: "%",
      max: 100,
      series: [line(t("services.monitor.cpu"), BLUE, (p) => p.cpuPercent)],
    },
    {
      key: "memory",
      title: t("services.monitor.memory"),
      unit: "%",
      max: 100,
      series: [line(t("services.monitor.memory"), BLUE, (p) => p.memoryPercent)],
    },
    {
      key: "disk",
      title: t("services.monitor.disk"),
      unit: "KB/s",
      series: [
        line(t("services.monitor.read"), BLUE, (p) => p.diskReadKBps),
        line(t("services.monitor.write"), GREEN, (p) => p.diskWriteKBps),
      ],
    },
    {
      key: "network",
      title: t("services.monitor.network"),
      unit: "kbit/s",
      series: [
        line(t("services.monitor.in"), BLUE, (p) => p.netInKbps),
        line(t("services.monitor.out"), GREEN, (p) => p.netOutKbps),
      ],
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 8 }}>
        <Link to={`/mgt/host/${encodeURIComponent(id)}/detail`} data-testid="host-monitor-back">
          <ArrowLeftOutlined /> {t("services.monitor.backToHost")}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t("services.monitor.title", { name: host.data?.name ?? "" })}
      </Typography.Title>
      <Space style={{ marginBottom: 16 }} wrap>
        <Radio.Group
          optionType="button"
          value={range}
          onChange={(e) => setRange(e.target.value as MetricRange)}
          data-testid="monitor-range"
          options={METRIC_RANGES.map((r) => ({
            value: r,
            label: <span data-testid={`monitor-range-${r}`}>{t(`services.monitor.ranges.${r}`)}</span>,
          }))}
        />
        <Button
          onClick={() => void metrics.refetch()}
          loading={metrics.isFetching}
          data-testid="monitor-refresh"
        >
          {t("services.monitor.refresh")}
        </Button>
        <Link
          to={`/mgt/monitor/alarm-rules?hostId=${encodeURIComponent(id)}`}
          data-testid="monitor-alarm-rules"
        >
          {t("services.monitor.alarmRules")}
        </Link>
        <Link to={`/mgt/monitor/alarms?hostId=${encodeURIComponent(id)}`} data-testid="monitor-alarms">
          {t("services.monitor.alarms")}
        </Link>
      </Space>
      {simulated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("services.monitor.simulatedNote")}
          data-testid="monitor-simulated"
        />
      )}
      {metrics.isPending ? (
        <Skeleton active />
      ) : metrics.isError ? (
        <LoadFailed onRetry={() => void metrics.refetch()} t={t} />
      ) : points.length === 0 ? (
        <Card>
          <Empty description={t("services.monitor.empty")} data-testid="monitor-empty" />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="monitor-charts">
          {charts.map((c) => (
            <Col key={c.key} xs={24} xl={12}>
              <Card
                size="small"
                extra={
                  <Tag color={simulated ? "orange" : "green"} data-testid={`monitor-source-${c.key}`}>
                    {simulated ? t("services.monitor.simulated") : t("services.monitor.measured")}
                  </Tag>
                }
              >
                <LineChart
                  title={c.title}
                  unit={c.unit}
                  labels={labels}
                  series={c.series}
                  max={c.max}
                  testId={`monitor-chart-${c.key}`}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
