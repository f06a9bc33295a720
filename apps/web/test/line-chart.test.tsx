// The monitoring charts start when the resource was created (issue 13 §6): right after creation a
// series has a single point, which a line cannot show; it is drawn as a dot.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LineChart } from "../src/components/line-chart";

afterEach(cleanup);

const chart = (values: number[]) => (
  <LineChart
    title="CPU"
    unit="%"
    max={100}
    labels={values.map((_, i) => `10:0${i}`)}
    series={[{ name: "CPU", color: "#1677ff", values }]}
    testId="chart"
  />
);

describe("line chart", () => {
  it("draws a lone point as a dot", () => {
    render(chart([40]));
    const dot = screen.getByTestId("chart").querySelector('[data-series-point="CPU"]');
    expect(dot?.tagName.toLowerCase()).toBe("circle");
  });

  it("draws no dot once there is a line", () => {
    render(chart([40, 50, 60]));
    expect(screen.getByTestId("chart").querySelector("[data-series-point]")).toBeNull();
    expect(screen.getByTestId("chart").querySelector('polyline[data-series="CPU"]')).not.toBeNull();
  });
});
