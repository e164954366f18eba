import type { Context } from 'hono';
import { dayRange } from '../../services/census/day-range.js';
import type { AppEnv } from '../../env.js';
import { trafficReport, type TopRow } from '../../services/census/dashboard.js';
import { raw } from 'hono/html';
import { html, type Markup } from '../account/html.js';
import { minorToDecimal } from '../../../domain/money/money.js';

const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const fixed = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));
const change = (now: number, before: number) => (before > 0 ? `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)} %` : '—');

function topTable(title: string, name: string, rows: TopRow[], csv: string, q: string): Markup {
  return html`<section class="traffic-table" data-table="${name}"><h2>${title}</h2><a href="${csv}${name}.csv${q}" download>CSV</a>
<table><thead><tr><th>${title}</th><th>Views</th><th>Visits</th></tr></thead><tbody>
${rows.map((r) => html`<tr><td>${r.key || '(direct)'}</td><td>${r.views}</td><td>${r.visits}</td></tr>`)}
</tbody></table></section>`;
}

/**
 * /config/traffic: the owner's traffic report for a range (default the last 30 days) with
 * the previous period beside it. Tables render here; the series go to the page as JSON
 * for the uPlot charts of client/editor/traffic (loaded with the owner app).
 */
export async function trafficScreen(c: Context<AppEnv>): Promise<Markup> {
  const range = dayRange({ from: c.req.query('from'), to: c.req.query('to') });
  const r = await trafficReport(c.var.db, c.var.site.id, range);
  const csv = `/api/census/dashboard/`;
  const q = `?from=${range.from}&to=${range.to}`;
  const t = r.totals;
  const money = (cents: number) => `${minorToDecimal(cents, r.funnel.currency)} ${r.funnel.currency}`;
  const p = r.previousTotals;
  return html`<h1>Traffic</h1>
<form method="get" action="/config/traffic" class="traffic-range"><label>From <input type="date" name="from" value="${range.from}"></label>
<label>To <input type="date" name="to" value="${range.to}"></label><button type="submit">Show</button></form>
<p>Compared with ${r.previous.from} – ${r.previous.to}.</p>
<table class="traffic-totals" data-table="totals"><thead><tr><th></th><th>This period</th><th>Previous</th><th>Change</th></tr></thead><tbody>
<tr><th>Visitors</th><td>${t.visitors}</td><td>${p.visitors}</td><td>${change(t.visitors, p.visitors)}</td></tr>
<tr><th>Visits</th><td>${t.visits}</td><td>${p.visits}</td><td>${change(t.visits, p.visits)}</td></tr>
<tr><th>Page views</th><td>${t.pageViews}</td><td>${p.pageViews}</td><td>${change(t.pageViews, p.pageViews)}</td></tr>
<tr><th>Bounce rate</th><td>${pct(t.bounceRate)}</td><td>${pct(p.bounceRate)}</td><td></td></tr>
<tr><th>Visit duration (s)</th><td>${fixed(t.avgVisitSeconds)}</td><td>${fixed(p.avgVisitSeconds)}</td><td></td></tr>
<tr><th>Bot hits (not counted above)</th><td>${t.bots}</td><td>${p.bots}</td><td></td></tr>
</tbody></table>
<div class="traffic-charts" data-traffic-charts><div data-chart="visitors"></div><div data-chart="bounce"></div></div>
<script type="application/json" id="traffic-series">${raw(JSON.stringify(r.series).replace(/</g, '\\u003c'))}</script>
<a href="${csv}overview.csv${q}" download>Overview CSV</a>
${topTable('Pages', 'pages', r.top.pages, csv, q)}${topTable('Referrers', 'referrers', r.top.referrers, csv, q)}${topTable('Devices', 'devices', r.top.devices, csv, q)}
${topTable('Browsers', 'browsers', r.top.browsers, csv, q)}${topTable('Countries', 'countries', r.top.countries, csv, q)}
<section data-table="funnel"><h2>Commerce funnel</h2><a href="${csv}funnel.csv${q}" download>CSV</a><table><tbody>
<tr><th>Product views</th><td>${r.funnel.productViews}</td></tr><tr><th>Adds to cart</th><td>${r.funnel.addsToCart}</td></tr>
<tr><th>Checkouts</th><td>${r.funnel.checkouts}</td></tr><tr><th>Orders</th><td>${r.funnel.orders}</td></tr>
<tr><th>Revenue (test orders excluded)</th><td data-revenue>${money(r.funnel.revenueCents)}</td></tr>
</tbody></table></section>
<section data-table="vitals"><h2>Web vitals (p75 per page)</h2><a href="${csv}vitals.csv${q}" download>CSV</a><table>
<thead><tr><th>Page</th><th>Metric</th><th>p75</th><th>Good</th><th>Needs improvement</th><th>Poor</th><th>Samples</th></tr></thead><tbody>
${r.vitals.map((v) => html`<tr><td>${v.pagePath}</td><td>${v.metric}</td><td>${fixed(v.p75, v.metric === 'CLS' ? 3 : 0)}</td><td>${pct(v.good / v.samples)}</td><td>${pct(v.needsImprovement / v.samples)}</td><td>${pct(v.poor / v.samples)}</td><td>${v.samples}</td></tr>`)}
</tbody></table></section>
<section data-table="speed-vs-sales"><h2>Speed vs. sales (product pages)</h2><a href="${csv}speed-vs-sales.csv${q}" download>CSV</a><table>
<thead><tr><th>Page</th><th>Views</th><th>LCP p75 (ms)</th><th>INP p75 (ms)</th><th>Slow loads</th><th>Adds to cart</th><th>Add-to-cart rate</th><th>Adds at risk</th><th>Orders</th><th>Conversion</th><th>Revenue</th><th>Revenue at risk</th></tr></thead><tbody>
${r.speedVsSales.map((s) => html`<tr><td>${s.pagePath}</td><td>${s.views}</td><td>${fixed(s.lcpP75)}</td><td>${fixed(s.inpP75)}</td><td>${pct(s.slowShare)}</td><td>${s.addsToCart}</td><td>${pct(s.addToCartRate)}</td><td>${fixed(s.addsAtRisk, 1)}</td><td>${s.orders}</td><td>${pct(s.conversionRate)}</td><td>${money(s.revenueCents)}</td><td>${money(s.revenueAtRiskCents)}</td></tr>`)}
</tbody></table></section>
<section data-table="errors"><h2>JavaScript errors</h2><a href="${csv}errors.csv${q}" download>CSV</a><table>
<thead><tr><th>Message</th><th>Where</th><th>Count</th><th>Last page</th></tr></thead><tbody>
${r.errors.map((e) => html`<tr><td>${e.message}</td><td><code>${e.firstFrame}</code></td><td>${e.count}</td><td>${e.lastPage ?? ''}</td></tr>`)}
</tbody></table></section>`;
}
