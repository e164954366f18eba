import { z } from 'zod';
import { defineBlock } from '../define.js';
import { chartBaseShape, chartView } from '../charts/svg.js';

/** chart-pie.html */
export const CHART_PIE_PARTIAL = "<figure class=\"block-chart block-chart-pie\">{.section props.title}<figcaption class=\"block-chart-title\">{@|html}</figcaption>{.end}<svg class=\"block-chart-svg\" viewBox=\"{view.viewBox|htmlattr}\" role=\"img\" aria-labelledby=\"chart-{id|htmlattr}-title chart-{id|htmlattr}-desc\"><title id=\"chart-{id|htmlattr}-title\">{view.title|html}</title><desc id=\"chart-{id|htmlattr}-desc\">{view.summary|html}</desc>{view.marks}</svg>{view.legend}{view.table}</figure>\n";

/** A pie chart of the first value column: one slice per row with a positive value. Drawn as SVG on the server (blocks/charts/svg.ts): visitors get no chart script. */
export const chartPieBlock = defineBlock({
  name: 'chart-pie',
  code: 1004,
  group: 'CHARTS',
  props: z.strictObject({ ...chartBaseShape }),
  partial: CHART_PIE_PARTIAL,
  view: (props) => chartView('pie', props),
});
