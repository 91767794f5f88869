import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";

// Loaded on its own (React.lazy) by the dashboard alone: chart.js with only what a bar chart
// needs registered, so the rest of the library is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export type BarSeries = { label: string; color: string; values: readonly number[] };

export type BarChartProps = {
  /** Under each bar. */
  labels: readonly string[];
  /** Tooltip titles, one per bar (the long form of `labels`). */
  titles: readonly string[];
  series: readonly BarSeries[];
  stacked?: boolean;
  /** A value as the tooltip says it ("3 demandes", "2 500 000 FCFA"). */
  formatValue: (value: number) => string;
  /** A value on the vertical axis, shorter. */
  formatTick: (value: number) => string;
  /** What the chart shows, for screen readers (the data table follows it). */
  description: string;
};

export default function BarChart({
  labels,
  titles,
  series,
  stacked = false,
  formatValue,
  formatTick,
  description,
}: BarChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const chart = new Chart(canvas, {
      type: "bar",
      data: {
        labels: [...labels],
        datasets: series.map((item) => ({
          label: item.label,
          data: [...item.values],
          backgroundColor: item.color,
          borderRadius: 3,
          maxBarThickness: 36,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion ? false : { duration: 400 },
        interaction: { mode: "index", intersect: false },
        scales: {
          x: { stacked, grid: { display: false }, ticks: { color: "#475569" } },
          y: {
            stacked,
            beginAtZero: true,
            ticks: {
              color: "#475569",
              precision: 0,
              callback: (value) => formatTick(Number(value)),
            },
            grid: { color: "#e2e8f0" },
          },
        },
        plugins: {
          legend: {
            display: series.length > 1,
            position: "bottom",
            labels: { boxWidth: 12, color: "#334155" },
          },
          tooltip: {
            callbacks: {
              title: (items) => titles[items[0]?.dataIndex ?? 0] ?? "",
              label: (item) =>
                series.length > 1
                  ? `${item.dataset.label} : ${formatValue(item.parsed.y ?? 0)}`
                  : formatValue(item.parsed.y ?? 0),
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, titles, series, stacked, formatValue, formatTick]);

  return <canvas ref={canvasRef} role="img" aria-label={description} />;
}
