import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
// One day of the owner's traffic report (GET /api/census/dashboard `series`): the API's shape.
import type { DaySeries as DayPoint } from '../../../edge/services/census/dashboard.js';

const DAY_SECONDS = 86_400;
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * The time axis of a report over `range` (UTC days, both included): from the first day's
 * start to the last day's end, whatever the data. uPlot's own guess from the points alone
 * spread one day of data over years (2027 to 2029); the period asked for is the axis.
 */
export function xRange(range: { from: string; to: string }): [number, number] {
  return [daySeconds(range.from), daySeconds(range.to) + DAY_SECONDS];
}

type Kind = 'visitors' | 'bounce';

/** The two charts of the traffic screen: visitors, visits, page views; bounce rate and visit duration. */
export function chartOptions(kind: Kind, width: number, range: { from: string; to: string }): uPlot.Options {
  const [min, max] = xRange(range);
  // The report's days are UTC days: the axis labels them so, whatever the browser's zone.
  const common = { width, height: 220, tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') };
  const x: uPlot.Scale = { time: true, range: (): uPlot.Range.MinMax => [min, max] };
  if (kind === 'visitors') {
    return {
      ...common,
      title: 'Visitors, visits and page views',
      scales: { x },
      series: [{}, { label: 'Visitors', stroke: '#2b6cb0' }, { label: 'Visits', stroke: '#2f855a' }, { label: 'Page views', stroke: '#b7791f' }],
    };
  }
  return {
    ...common,
    title: 'Bounce rate and visit duration',
    scales: { x, '%': { range: [0, 100] }, s: {} },
    axes: [{}, { scale: '%', label: 'bounce %' }, { scale: 's', side: 1, label: 'seconds', grid: { show: false } }],
    series: [{}, { label: 'Bounce rate %', scale: '%', stroke: '#c53030' }, { label: 'Visit duration (s)', scale: 's', stroke: '#553c9a' }],
  };
}

export function chartData(kind: Kind, points: readonly DayPoint[]): uPlot.AlignedData {
  const x = points.map((p) => daySeconds(p.day));
  if (kind === 'visitors') return [x, points.map((p) => p.visitors), points.map((p) => p.visits), points.map((p) => p.pageViews)];
  return [x, points.map((p) => (p.bounceRate === null ? null : p.bounceRate * 100)), points.map((p) => p.avgVisitSeconds)];
}

/**
 * Draws one chart into `holder` (the traffic screen's `[data-chart]` boxes) and notes the
 * axis uPlot drew on the holder (`data-x-min`, `data-x-max`, seconds) for tests.
 */
export function drawChart(holder: HTMLElement, kind: Kind, points: readonly DayPoint[], range: { from: string; to: string }): uPlot {
  const width = Math.max(280, holder.clientWidth || 720);
  const note = (u: uPlot) => {
    holder.dataset['xMin'] = String(u.scales['x']?.min);
    holder.dataset['xMax'] = String(u.scales['x']?.max);
  };
  // The scales are set on uPlot's first commit, after the constructor returns.
  const options = chartOptions(kind, width, range);
  options.hooks = { ready: [note], setScale: [(u, key) => key === 'x' && note(u)] };
  return new uPlot(options, chartData(kind, points), holder);
}
