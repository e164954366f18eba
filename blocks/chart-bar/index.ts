import { z } from 'zod';
import { defineBlock } from '../define.js';
import { axisShape, chartBaseShape, chartView } from '../charts/svg.js';

/** chart-bar.html */
export const CHART_BAR_PARTIAL = "<figure class=\"block-chart block-chart-bar\">{.section props.title}<figcaption class=\"block-chart-title\">{@|html}</figcaption>{.end}<svg class=\"block-chart-svg\" viewBox=\"{view.viewBox|htmlattr}\" role=\"img\" aria-labelledby=\"chart-{id|htmlattr}-title chart-{id|htmlattr}-desc\"><title id=\"chart-{id|htmlattr}-title\">{view.title|html}</title><desc id=\"chart-{id|htmlattr}-desc\">{view.summary|html}</desc>{view.marks}</svg>{view.legend}{view.table}</figure>\n";

/** A bar chart: one bar per value, the rows side by side, a row's value columns grouped. Drawn as SVG on the server (blocks/charts/svg.ts): visitors get no chart script. */
export const chartBarBlock = defineBlock({
  name: 'chart-bar',
  code: 1002,
  group: 'CHARTS',
  props: z.strictObject({ ...chartBaseShape, ...axisShape }),
  partial: CHART_BAR_PARTIAL,
  view: (props) => chartView('bar', props),
});
