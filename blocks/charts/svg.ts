import { z } from 'zod';
import { datasetSchema, SAMPLE_DATASET, type Dataset } from './dataset.js';

/**
 * The charts' colour sets (SPEC §2 CHARTS): fixed hex values chosen by name, so nothing the
 * owner types reaches a fill or a style attribute.
 */
export const PALETTES = {
  warm: ['#9a4a2e', '#d08c4f', '#6b7d4a', '#c4a35a', '#5b3a29', '#e0b49a', '#8c6d5a', '#3f5a4c'],
  cool: ['#2f5d8a', '#4aa3a2', '#7a6fb0', '#8fb4d9', '#1f3b57', '#5c8f6e', '#b0c4de', '#36454f'],
  earth: ['#6b7d4a', '#a8743c', '#c9b27c', '#4d5b3a', '#8a5a44', '#d6c7a1', '#5e4b3c', '#9c9a6a'],
  mono: ['#222222', '#555555', '#888888', '#aaaaaa', '#3a3a3a', '#6e6e6e', '#9e9e9e', '#c4c4c4'],
} as const;
type PaletteName = keyof typeof PALETTES;

const text = (max: number) => z.string().max(max).default('');

/** The props every chart has: its data, title, a description for screen readers, colours and legend. */
export const chartBaseShape = {
  title: text(200),
  description: text(1000),
  dataset: datasetSchema.default(SAMPLE_DATASET),
  palette: z.enum(Object.keys(PALETTES) as [PaletteName, ...PaletteName[]]).default('warm'),
  legend: z.boolean().default(true),
};
/** Bar and line charts also name their axes. */
export const axisShape = { xLabel: text(100), yLabel: text(100) };

interface ChartProps {
  title: string;
  description: string;
  dataset: Dataset;
  palette: PaletteName;
  legend: boolean;
  xLabel?: string;
  yLabel?: string;
}

/** What a chart's partial shows: the SVG's viewBox, its accessible name and description, its marks (SVG), legend and data table (HTML). */
export interface ChartView {
  [key: string]: unknown;
  viewBox: string;
  title: string;
  summary: string;
  marks: string;
  legend: string;
  table: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** Coordinates to two decimals, without trailing zeros. */
const n = (v: number) => String(Math.round(v * 100) / 100);
const short = (s: string, max = 14) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const valueText = (v: number | null) => (v === null ? '' : String(v));

const WIDTH = 640;
const HEIGHT = 360;
const PLOT = { left: 64, right: 16, top: 16, bottom: 56 };

/** A round step for about `count` ticks over `span`. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** The value axis: from a round minimum (0 or below) to a round maximum (0 or above), with its ticks. */
export function valueScale(values: readonly (number | null)[]): { min: number; max: number; ticks: number[]; y: (v: number) => number } {
  const known = values.filter((v): v is number => v !== null);
  let low = Math.min(0, ...known);
  let high = Math.max(0, ...known);
  if (low === high) high = 1;
  const step = niceStep(high - low, 5);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let t = low; t <= high + step / 2; t += step) ticks.push(Math.round(t / step) * step);
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  return { min: low, max: high, ticks, y: (v) => PLOT.top + ((high - v) / (high - low)) * plotHeight };
}

function axes(scale: ReturnType<typeof valueScale>, labels: { x: number; text: string }[], props: ChartProps): string {
  const right = WIDTH - PLOT.right;
  const grid = scale.ticks
    .map((t) => `<line class="chart-grid" x1="${PLOT.left}" x2="${right}" y1="${n(scale.y(t))}" y2="${n(scale.y(t))}" stroke="#d9d4cc" stroke-width="1"/><text class="chart-tick" x="${PLOT.left - 8}" y="${n(scale.y(t) + 4)}" text-anchor="end" font-size="12">${esc(String(t))}</text>`)
    .join('');
  // Every label when they fit, else every k-th (the table has them all).
  const every = Math.max(1, Math.ceil(labels.length / 12));
  const bottom = HEIGHT - PLOT.bottom;
  const names = labels
    .filter((_, i) => i % every === 0)
    .map((l) => `<text class="chart-label" x="${n(l.x)}" y="${bottom + 18}" text-anchor="middle" font-size="12">${esc(short(l.text))}</text>`)
    .join('');
  const baseline = `<line class="chart-axis" x1="${PLOT.left}" x2="${right}" y1="${n(scale.y(0))}" y2="${n(scale.y(0))}" stroke="#6b6259" stroke-width="1"/>`;
  const xName = props.xLabel ? `<text class="chart-axis-label" x="${n((PLOT.left + right) / 2)}" y="${HEIGHT - 8}" text-anchor="middle" font-size="13">${esc(props.xLabel)}</text>` : '';
  const yName = props.yLabel ? `<text class="chart-axis-label" transform="translate(16 ${n((PLOT.top + bottom) / 2)}) rotate(-90)" text-anchor="middle" font-size="13">${esc(props.yLabel)}</text>` : '';
  return grid + baseline + names + xName + yName;
}

/** One rectangle per known value: rows side by side, a row's series side by side inside it. */
export function barMarks(props: ChartProps): { marks: string; bars: { x: number; y: number; width: number; height: number; value: number }[] } {
  const { dataset } = props;
  const colours = PALETTES[props.palette];
  const scale = valueScale(dataset.rows.flatMap((r) => r.values));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const group = plotWidth / dataset.rows.length;
  const series = dataset.header.length - 1;
  const width = (group * 0.8) / series;
  const bars: { x: number; y: number; width: number; height: number; value: number }[] = [];
  let marks = '';
  dataset.rows.forEach((row, r) => {
    row.values.forEach((value, s) => {
      if (value === null) return;
      const x = PLOT.left + r * group + group * 0.1 + s * width;
      const top = scale.y(Math.max(value, 0));
      const height = Math.abs(scale.y(value) - scale.y(0));
      bars.push({ x, y: top, width, height, value });
      marks += `<rect class="chart-bar" x="${n(x)}" y="${n(top)}" width="${n(width)}" height="${n(height)}" fill="${colours[s % colours.length]}"><title>${esc(`${row.label}, ${dataset.header[s + 1] ?? ''}: ${value}`)}</title></rect>`;
    });
  });
  const labels = dataset.rows.map((row, r) => ({ x: PLOT.left + r * group + group / 2, text: row.label }));
  return { marks: axes(scale, labels, props) + marks, bars };
}

/** One polyline per series over the rows, broken where a value is missing, with a dot per value. */
export function lineMarks(props: ChartProps): { marks: string; points: { x: number; y: number; value: number }[][] } {
  const { dataset } = props;
  const colours = PALETTES[props.palette];
  const scale = valueScale(dataset.rows.flatMap((r) => r.values));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const count = dataset.rows.length;
  const xOf = (r: number) => (count === 1 ? PLOT.left + plotWidth / 2 : PLOT.left + (r * plotWidth) / (count - 1));
  const points: { x: number; y: number; value: number }[][] = [];
  let marks = '';
  for (let s = 0; s < dataset.header.length - 1; s++) {
    const colour = colours[s % colours.length]!;
    const line: { x: number; y: number; value: number }[] = [];
    let path = '';
    let pen = false;
    dataset.rows.forEach((row, r) => {
      const value = row.values[s] ?? null;
      if (value === null) {
        pen = false;
        return;
      }
      const point = { x: xOf(r), y: scale.y(value), value };
      line.push(point);
      path += `${pen ? 'L' : 'M'}${n(point.x)} ${n(point.y)}`;
      pen = true;
    });
    points.push(line);
    if (path) marks += `<path class="chart-line" d="${path}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>`;
    marks += line.map((p) => `<circle class="chart-point" cx="${n(p.x)}" cy="${n(p.y)}" r="3.5" fill="${colour}"/>`).join('');
  }
  const labels = dataset.rows.map((row, r) => ({ x: xOf(r), text: row.label }));
  return { marks: axes(scale, labels, props) + marks, points };
}

const PIE = { size: 360, r: 160 };

/** The pie's slices: the first value column's positive values, in degrees from 12 o'clock, clockwise. */
export function pieSlices(dataset: Dataset): { label: string; value: number; start: number; sweep: number; colourIndex: number }[] {
  const rows = dataset.rows.map((row, i) => ({ label: row.label, value: row.values[0] ?? null, i })).filter((r): r is { label: string; value: number; i: number } => r.value !== null && r.value > 0);
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  let start = 0;
  return rows.map((r) => {
    const sweep = (r.value / total) * 360;
    const slice = { label: r.label, value: r.value, start, sweep, colourIndex: r.i };
    start += sweep;
    return slice;
  });
}

export function pieMarks(props: ChartProps): string {
  const colours = PALETTES[props.palette];
  const c = PIE.size / 2;
  const at = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${n(c + PIE.r * Math.cos(rad))} ${n(c + PIE.r * Math.sin(rad))}`;
  };
  return pieSlices(props.dataset)
    .map((s) => {
      const fill = colours[s.colourIndex % colours.length];
      const tip = `<title>${esc(`${s.label}: ${s.value} (${Math.round((s.sweep / 360) * 1000) / 10}%)`)}</title>`;
      // A whole circle is no arc: one slice of 360° is a circle.
      if (s.sweep >= 359.999) return `<circle class="chart-slice" cx="${c}" cy="${c}" r="${PIE.r}" fill="${fill}" data-sweep="360">${tip}</circle>`;
      const large = s.sweep > 180 ? 1 : 0;
      return `<path class="chart-slice" d="M${c} ${c}L${at(s.start)}A${PIE.r} ${PIE.r} 0 ${large} 1 ${at(s.start + s.sweep)}Z" fill="${fill}" stroke="#ffffff" stroke-width="1" data-sweep="${n(s.sweep)}">${tip}</path>`;
    })
    .join('');
}

function legendOf(names: { name: string; colour: string }[]): string {
  return `<ul class="block-chart-legend">${names.map((l) => `<li><span class="block-chart-key" style="background:${l.colour}" aria-hidden="true"></span>${esc(l.name)}</li>`).join('')}</ul>`;
}

function tableOf(props: ChartProps, caption: string): string {
  const { header, rows } = props.dataset;
  const head = header.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr><th scope="row">${esc(r.label)}</th>${r.values.map((v) => `<td>${esc(valueText(v))}</td>`).join('')}</tr>`).join('');
  return `<table class="visually-hidden"><caption>${esc(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const KIND_NAME = { bar: 'Bar chart', line: 'Line chart', pie: 'Pie chart' } as const;

/** The partial's view of a chart of `kind`: SVG marks and HTML legend and table, every text escaped here. */
export function chartView(kind: keyof typeof KIND_NAME, props: ChartProps): ChartView {
  const { header, rows } = props.dataset;
  const colours = PALETTES[props.palette];
  const title = props.title || KIND_NAME[kind];
  const series = header.slice(1);
  const summary =
    props.description ||
    (kind === 'pie'
      ? `${KIND_NAME[kind]} of ${header[1] ?? ''} by ${header[0] ?? ''}, ${rows.length} slices. The data follows in a table.`
      : `${KIND_NAME[kind]} of ${series.join(', ')} by ${header[0] ?? ''}, ${rows.length} rows. The data follows in a table.`);
  const marks = kind === 'bar' ? barMarks(props).marks : kind === 'line' ? lineMarks(props).marks : pieMarks(props);
  const legend = !props.legend
    ? ''
    : kind === 'pie'
      ? legendOf(pieSlices(props.dataset).map((s) => ({ name: s.label, colour: colours[s.colourIndex % colours.length]! })))
      : legendOf(series.map((name, i) => ({ name, colour: colours[i % colours.length]! })));
  const viewBox = kind === 'pie' ? `0 0 ${PIE.size} ${PIE.size}` : `0 0 ${WIDTH} ${HEIGHT}`;
  return { viewBox, title, summary, marks, legend, table: tableOf(props, title) };
}
