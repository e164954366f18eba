import { z } from 'zod';
import { defineBlock } from '../define.js';
import { axisShape, chartBaseShape, chartView } from '../charts/svg.js';

/** chart-line.html */
export const CHART_LINE_PARTIAL = "<figure class=\"block-chart block-chart-line\">{.section props.title}<figcaption class=\"block-chart-title\">{@|html}</figcaption>{.end}<svg class=\"block-chart-svg\" viewBox=\"{view.viewBox|htmlattr}\" role=\"img\" aria-labelledby=\"chart-{id|htmlattr}-title chart-{id|htmlattr}-desc\"><title id=\"chart-{id|htmlattr}-title\">{view.title|html}</title><desc id=\"chart-{id|htmlattr}-desc\">{view.summary|html}</desc>{view.marks}</svg>{view.legend}{view.table}</figure>\n";

/** A line chart: one line per value column over the rows, broken where a value is missing. Drawn as SVG on the server (blocks/charts/svg.ts): visitors get no chart script. */
export const chartLineBlock = defineBlock({
  name: 'chart-line',
  code: 1003,
  group: 'CHARTS',
  props: z.strictObject({ ...chartBaseShape, ...axisShape }),
  partial: CHART_LINE_PARTIAL,
  view: (props) => chartView('line', props),
});
