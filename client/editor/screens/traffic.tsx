import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { TopRow, TrafficReport } from '../../../edge/services/census/dashboard.js';
import { ownerFetch } from '../api.js';
import { formatMoney } from '../format.js';
import { navigate, useLocation } from '../router.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { EmptyState, ErrorPanel, Skeleton } from '../ui/states.js';
import { useLoad } from '../use-load.js';

const API = '/api/census/dashboard';
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
const fixed = (v: number | null, digits = 0) => (v === null ? '—' : v.toFixed(digits));
const change = (now: number, before: number) => (before > 0 ? `${now >= before ? '+' : ''}${(((now - before) / before) * 100).toFixed(1)} %` : '—');

/** A report table with its heading, CSV link and an empty state. */
function Report({ title, name, csv, head, rows }: { title: string; name: string; csv: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <section className="traffic-table owner-panel" data-table={name} aria-labelledby={`traffic-${name}`}>
      <div className="owner-panel-head">
        <h2 id={`traffic-${name}`}>{title}</h2>
        <a href={`${API}/${name}.csv${csv}`} download>
          {title} CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="Nothing in this period." />
      ) : (
        <div className="dt-scroll" tabIndex={0} role="region" aria-label={`${title} (scrolls sideways)`}>
          <table className="dt-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const top = (rows: TopRow[]) => rows.map((r) => [r.key || '(direct)', r.views, r.visits]);

/** The two uPlot charts, drawn by the lazily loaded chunk once the report is here. */
function Charts({ report }: { report: TrafficReport }) {
  const visitors = useRef<HTMLDivElement>(null);
  const bounce = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let charts: { destroy(): void }[] = [];
    let live = true;
    import('../traffic/charts.js').then(
      ({ drawChart }) => {
        if (!live || !visitors.current || !bounce.current) return;
        charts = [drawChart(visitors.current, 'visitors', report.series, report.range), drawChart(bounce.current, 'bounce', report.series, report.range)];
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      charts.forEach((c) => c.destroy());
    };
  }, [report]);
  if (failed) return <ErrorPanel message="Unable to load. Try again." />;
  return (
    <div className="traffic-charts" data-traffic-charts>
      <div data-chart="visitors" ref={visitors} role="img" aria-label="Chart of visitors, visits and page views per day; the totals table says the same" />
      <div data-chart="bounce" ref={bounce} role="img" aria-label="Chart of bounce rate and visit duration per day" />
    </div>
  );
}

/**
 * /config/traffic: the owner's traffic report for a range (default the last 30 days, the
 * range in the URL's ?from=&to=), the previous period beside it, uPlot charts whose time
 * axis is the period, and the report's tables with their CSV downloads.
 */
export function TrafficScreen() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const asked = new URLSearchParams({ ...(params.get('from') ? { from: params.get('from')! } : {}), ...(params.get('to') ? { to: params.get('to')! } : {}) }).toString();
  const { result, retry } = useLoad(asked, () => ownerFetch<TrafficReport>('GET', `${API}${asked ? `?${asked}` : ''}`));
  const report = result.state === 'ready' ? result.data : undefined;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    if (report) {
      setFrom(report.range.from);
      setTo(report.range.to);
    }
  }, [report]);
  const show = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/config/traffic?${new URLSearchParams({ from, to })}`, true);
  };
  const csv = report ? `?from=${report.range.from}&to=${report.range.to}` : '';
  const money = (cents: number) => formatMoney(cents, report!.funnel.currency);
  const t = report?.totals;
  const p = report?.previousTotals;

  return (
    <>
      <h1>Traffic</h1>
      <form className="dt-toolbar traffic-range" onSubmit={show}>
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      {result.state === 'loading' ? <Skeleton label="Loading the traffic report" /> : null}
      {result.state === 'error' ? <ErrorPanel message={result.message} onRetry={retry} /> : null}
      {report && t && p ? (
        <>
          <p>
            {report.range.from} – {report.range.to}, compared with {report.previous.from} – {report.previous.to}.
          </p>
          <div className="dt-scroll" tabIndex={0} role="region" aria-label="Totals (scrolls sideways)">
            <table className="dt-table traffic-totals" data-table="totals">
              <caption className="owner-skip">Totals of this period and the previous one</caption>
              <thead>
                <tr>
                  <td />
                  <th scope="col">This period</th>
                  <th scope="col">Previous</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                <tr><th scope="row">Visitors</th><td>{t.visitors}</td><td>{p.visitors}</td><td>{change(t.visitors, p.visitors)}</td></tr>
                <tr><th scope="row">Visits</th><td>{t.visits}</td><td>{p.visits}</td><td>{change(t.visits, p.visits)}</td></tr>
                <tr><th scope="row">Page views</th><td>{t.pageViews}</td><td>{p.pageViews}</td><td>{change(t.pageViews, p.pageViews)}</td></tr>
                <tr><th scope="row">Bounce rate</th><td>{pct(t.bounceRate)}</td><td>{pct(p.bounceRate)}</td><td /></tr>
                <tr><th scope="row">Visit duration (s)</th><td>{fixed(t.avgVisitSeconds)}</td><td>{fixed(p.avgVisitSeconds)}</td><td /></tr>
                <tr><th scope="row">Bot hits (not counted above)</th><td>{t.bots}</td><td>{p.bots}</td><td /></tr>
              </tbody>
            </table>
          </div>
          <p>
            <a href={`${API}/overview.csv${csv}`} download>
              Overview CSV
            </a>
          </p>
          <Charts report={report} />
          <div className="owner-columns">
            <Report title="Pages" name="pages" csv={csv} head={['Page', 'Views', 'Visits']} rows={top(report.top.pages)} />
            <Report title="Referrers" name="referrers" csv={csv} head={['Referrer', 'Views', 'Visits']} rows={top(report.top.referrers)} />
            <Report title="Devices" name="devices" csv={csv} head={['Device', 'Views', 'Visits']} rows={top(report.top.devices)} />
            <Report title="Browsers" name="browsers" csv={csv} head={['Browser', 'Views', 'Visits']} rows={top(report.top.browsers)} />
            <Report title="Countries" name="countries" csv={csv} head={['Country', 'Views', 'Visits']} rows={top(report.top.countries)} />
            <Report
              title="Commerce funnel"
              name="funnel"
              csv={csv}
              head={['Stage', 'Count']}
              rows={[
                ['Product views', report.funnel.productViews],
                ['Adds to cart', report.funnel.addsToCart],
                ['Checkouts', report.funnel.checkouts],
                ['Orders', report.funnel.orders],
                ['Revenue (test orders excluded)', <span data-revenue>{money(report.funnel.revenueCents)}</span>],
              ]}
            />
          </div>
          <Report
            title="Web vitals (p75 per page)"
            name="vitals"
            csv={csv}
            head={['Page', 'Metric', 'p75', 'Good', 'Needs improvement', 'Poor', 'Samples']}
            rows={report.vitals.map((v) => [v.pagePath, v.metric, fixed(v.p75, v.metric === 'CLS' ? 3 : 0), pct(v.good / v.samples), pct(v.needsImprovement / v.samples), pct(v.poor / v.samples), v.samples])}
          />
          <Report
            title="Interaction to Next Paint (p75 per page type, real visitors)"
            name="inp-by-page-type"
            csv={csv}
            head={['Page type', 'INP p75 (ms)', 'Good', 'Needs improvement', 'Poor', 'Samples']}
            rows={report.inpByPageType.map((t) => [t.label, fixed(t.p75), pct(t.good / t.samples), pct(t.needsImprovement / t.samples), pct(t.poor / t.samples), t.samples])}
          />
          <Report
            title="Speed vs. sales (product pages)"
            name="speed-vs-sales"
            csv={csv}
            head={['Page', 'Views', 'LCP p75 (ms)', 'INP p75 (ms)', 'Slow loads', 'Adds to cart', 'Add-to-cart rate', 'Adds at risk', 'Orders', 'Conversion', 'Revenue', 'Revenue at risk']}
            rows={report.speedVsSales.map((s) => [s.pagePath, s.views, fixed(s.lcpP75), fixed(s.inpP75), pct(s.slowShare), s.addsToCart, pct(s.addToCartRate), fixed(s.addsAtRisk, 1), s.orders, pct(s.conversionRate), money(s.revenueCents), money(s.revenueAtRiskCents)])}
          />
          <Report
            title="JavaScript errors"
            name="errors"
            csv={csv}
            head={['Message', 'Where', 'Count', 'Last page']}
            rows={report.errors.map((e) => [e.message, <code>{e.firstFrame}</code>, e.count, e.lastPage ?? ''])}
          />
        </>
      ) : null}
    </>
  );
}
