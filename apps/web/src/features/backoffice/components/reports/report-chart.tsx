import { BarChart, LineChart } from '@mantine/charts';
import { formatAmount } from '../../../../lib/format';
import { useLocale } from '../../../../lib/i18n';

/** A chart's line or bar: its key in the data, its name in the legend and tooltip, its colour. */
export type ChartSeries = { name: string; label: string; color: string };

/** One point per period: its name on the axis, and a figure per series. */
export type ChartPoint = { period: string } & Record<string, number | string>;

type ReportChartProps = {
  /** The chart's accessible name: its figure's caption (chart-slot.tsx). */
  title: string;
  height?: number;
  /** Bars side by side, bars stacked per period, or lines. */
  kind: 'bars' | 'stacked' | 'lines';
  data: ChartPoint[];
  series: ChartSeries[];
  /** A figure as the tooltip shows it (an amount with its currency, a count). */
  format: (value: number) => string;
};

/**
 * A report's chart (@mantine/charts on recharts), inside the figure ChartSlot draws. The chart's
 * own surface carries the caption as its name too: recharts makes it a keyboard stop whose arrow
 * keys walk the tooltip through the periods, and the table under it has every figure for a
 * screen reader.
 */
export function ReportChart({ title, height = 260, kind, data, series, format }: ReportChartProps) {
  const locale = useLocale();
  const chart = {
    h: height,
    data,
    dataKey: 'period',
    series,
    withLegend: true,
    // The series in their own order (channels as the contract lists them), not by name.
    legendProps: { verticalAlign: 'bottom' as const, height: 36, itemSorter: null },
    valueFormatter: format,
    // The axis names round figures, grouped, without the currency the caption gives.
    yAxisProps: { tickFormatter: (value: number) => formatAmount(value, locale), width: 88 },
  };
  // recharts' own role for its keyboard layer, named: its typings list `role` but not the ARIA
  // attributes, which it passes to the SVG all the same.
  const surface = { role: 'application', 'aria-label': title };
  return kind === 'lines' ? (
    <LineChart {...chart} curveType="linear" lineChartProps={surface} />
  ) : (
    <BarChart
      {...chart}
      type={kind === 'stacked' ? 'stacked' : 'default'}
      // A range of few periods stays a row of bars, not a wall.
      maxBarWidth={48}
      barChartProps={surface}
    />
  );
}
