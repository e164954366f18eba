import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
// One day of the owner's traffic report (GET /api/census/dashboard `series`): the API's shape.
import type { DaySeries as DayPoint } from '../../../edge/services/census/dashboard.js';

const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The two charts of /config/traffic: visitors, visits, page views; bounce rate and visit duration. */
export function chartOptions(kind: 'visitors' | 'bounce', width: number): uPlot.Options {
  const common = { width, height: 220, scales: { x: { time: true } } };
  if (kind === 'visitors') {
    return {
      ...common,
      title: 'Visitors, visits and page views',
      series: [{}, { label: 'Visitors', stroke: '#2b6cb0' }, { label: 'Visits', stroke: '#2f855a' }, { label: 'Page views', stroke: '#b7791f' }],
    };
  }
  return {
    ...common,
    title: 'Bounce rate and visit duration',
    scales: { x: { time: true }, '%': { range: [0, 100] }, s: {} },
    axes: [{}, { scale: '%', label: 'bounce %' }, { scale: 's', side: 1, label: 'seconds', grid: { show: false } }],
    series: [{}, { label: 'Bounce rate %', scale: '%', stroke: '#c53030' }, { label: 'Visit duration (s)', scale: 's', stroke: '#553c9a' }],
  };
}

export function chartData(kind: 'visitors' | 'bounce', points: readonly DayPoint[]): uPlot.AlignedData {
  const x = points.map((p) => daySeconds(p.day));
  if (kind === 'visitors') return [x, points.map((p) => p.visitors), points.map((p) => p.visits), points.map((p) => p.pageViews)];
  return [x, points.map((p) => (p.bounceRate === null ? null : p.bounceRate * 100)), points.map((p) => p.avgVisitSeconds)];
}

/**
 * Draws the charts into the `[data-chart]` holders of /config/traffic from the page's
 * `#traffic-series` JSON. Returns the charts (for resizing and tests).
 */
export function mountTrafficCharts(doc: Document = document): uPlot[] {
  const source = doc.getElementById('traffic-series');
  if (!source) return [];
  const points = JSON.parse(source.textContent || '[]') as DayPoint[];
  return [...doc.querySelectorAll<HTMLElement>('[data-chart]')].flatMap((holder) => {
    const kind = holder.dataset['chart'];
    if (kind !== 'visitors' && kind !== 'bounce') return [];
    const width = Math.max(320, holder.clientWidth || 720);
    return [new uPlot(chartOptions(kind, width), chartData(kind, points), holder)];
  });
}
