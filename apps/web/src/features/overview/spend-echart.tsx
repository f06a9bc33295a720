// The stacked bar chart of spend by product, drawn by ECharts. Only this module imports ECharts
// (the core with the bar chart, grid, legend and tooltip and the SVG renderer), and the trend card
// loads it lazily, so ECharts sits in its own chunk fetched by the dashboard alone.
import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type StackedSeries = { name: string; color: string; values: number[] };

type Props = { labels: string[]; series: StackedSeries[]; unit: string; label: string; testId: string };

export default function SpendEChart({ labels, series, unit, label, testId }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(ref.current!, undefined, { renderer: "svg" });
    chart.setOption({
      // ECharts' own description for screen readers is off: the table beside the chart is that.
      aria: { enabled: false },
      animation: false,
      tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
      legend: { type: "scroll", bottom: 0, textStyle: { color: "#1f1f1f" } },
      grid: { left: 8, right: 8, top: 28, bottom: 36, containLabel: true },
      xAxis: { type: "category", data: labels, axisLabel: { color: "#1f1f1f" } },
      yAxis: {
        type: "value",
        name: unit,
        nameTextStyle: { color: "#1f1f1f" },
        axisLabel: { color: "#1f1f1f" },
      },
      series: series.map((s) => ({
        type: "bar",
        name: s.name,
        stack: "spend",
        data: s.values,
        itemStyle: { color: s.color },
        emphasis: { focus: "series" },
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [labels, series, unit]);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ width: "100%", height: 300 }}
    />
  );
}
