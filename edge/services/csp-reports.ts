import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { cspReports } from '../../schema/index.js';
import { query, type Db } from './db.js';

/** At most this many reports of one request are stored (a report-to batch can hold many). */
export const CSP_REPORTS_PER_REQUEST = 20;
/** A site keeps at most this many distinct violations a day; repeats only count up. */
export const CSP_REPORT_ROWS_PER_DAY = 1000;

/** One violation, normalised and bounded, ready to store. */
export interface CspViolation {
  disposition: 'enforce' | 'report';
  effectiveDirective: string;
  blockedUrl: string;
  pagePath: string;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
}

const text = z.string().max(4096).optional().catch(undefined);
const position = z.number().int().min(0).max(10_000_000).optional().catch(undefined);

/** `report-uri` (application/csp-report): `{ "csp-report": { "document-uri": ... } }`. */
const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': position,
    'column-number': position,
    'script-sample': text,
    disposition: text,
  }),
});

/** `report-to` (application/reports+json): `[{ type: 'csp-violation', body: { documentURL: ... } }]`. */
const reportingApiReport = z.object({
  type: z.string(),
  body: z.object({
    documentURL: text,
    effectiveDirective: text,
    blockedURL: text,
    sourceFile: text,
    lineNumber: position,
    columnNumber: position,
    sample: text,
    disposition: text,
  }),
});

/** Origin and path of a URL (never its query, which may hold tokens), or a CSP keyword. */
function urlWithoutQuery(value: string | undefined, max = 300): string | null {
  if (!value) return null;
  if (/^(inline|eval|wasm-eval|trusted-types-(policy|sink)|self)$/.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.slice(0, max);
    return url.protocol.replace(':', '');
  } catch {
    // Chromium reports a blocked scheme alone, e.g. "data" or "blob".
    return /^[a-z][a-z0-9+.-]{0,20}$/.test(value) ? value : 'other';
  }
}

function pathOf(value: string | undefined): string {
  try {
    return new URL(value ?? '').pathname.slice(0, 300);
  } catch {
    return '';
  }
}

function violation(fields: {
  document?: string; directive?: string; blocked?: string; source?: string; line?: number; column?: number; sample?: string; disposition?: string;
}): CspViolation | undefined {
  const directive = fields.directive?.trim().split(/\s+/)[0] ?? '';
  if (!/^[a-z-]{1,40}$/.test(directive)) return undefined;
  return {
    disposition: fields.disposition === 'report' ? 'report' : 'enforce',
    effectiveDirective: directive,
    blockedUrl: urlWithoutQuery(fields.blocked) ?? 'inline',
    pagePath: pathOf(fields.document),
    sourceFile: urlWithoutQuery(fields.source),
    line: fields.line ?? null,
    column: fields.column ?? null,
    sample: fields.sample ? fields.sample.slice(0, 40) : null,
  };
}

/**
 * The violations in a report body of either format, normalised (no query strings, bounded
 * lengths) and at most CSP_REPORTS_PER_REQUEST; entries that are not CSP violations are skipped.
 */
export function parseCspReports(body: unknown): CspViolation[] {
  const out: (CspViolation | undefined)[] = [];
  const legacy = legacyReport.safeParse(body);
  if (legacy.success) {
    const r = legacy.data['csp-report'];
    out.push(violation({
      document: r['document-uri'], directive: r['effective-directive'] ?? r['violated-directive'], blocked: r['blocked-uri'],
      source: r['source-file'], line: r['line-number'], column: r['column-number'], sample: r['script-sample'], disposition: r.disposition,
    }));
  } else if (Array.isArray(body)) {
    for (const entry of body.slice(0, CSP_REPORTS_PER_REQUEST)) {
      const parsed = reportingApiReport.safeParse(entry);
      if (!parsed.success || parsed.data.type !== 'csp-violation') continue;
      const b = parsed.data.body;
      out.push(violation({
        document: b.documentURL, directive: b.effectiveDirective, blocked: b.blockedURL, source: b.sourceFile,
        line: b.lineNumber, column: b.columnNumber, sample: b.sample, disposition: b.disposition,
      }));
    }
  }
  return out.filter((v): v is CspViolation => v !== undefined);
}

async function fingerprintOf(v: CspViolation): Promise<string> {
  const key = [v.effectiveDirective, v.blockedUrl, v.sourceFile ?? '', v.line ?? '', v.column ?? ''].join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Stores violations for a site: one atomic statement each, which inserts a new row while
 * the site has fewer than CSP_REPORT_ROWS_PER_DAY today, or counts a repeat up
 * (concurrent reports of the same violation never lose a count).
 */
export async function recordCspViolations(db: Db, websiteId: string, violations: readonly CspViolation[], now: number): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  for (const v of violations) {
    const fingerprint = await fingerprintOf(v);
    const message = `Content Security Policy blocked ${v.blockedUrl} (${v.effectiveDirective})`;
    await query(() =>
      db.run(sql`
        INSERT INTO ${cspReports} (website_id, day, fingerprint, kind, disposition, effective_directive, blocked_url, page_path,
          source_file, line, "column", sample, message, count, first_seen_on, last_seen_on)
        SELECT ${websiteId}, ${day}, ${fingerprint}, 'csp', ${v.disposition}, ${v.effectiveDirective}, ${v.blockedUrl}, ${v.pagePath},
          ${v.sourceFile}, ${v.line}, ${v.column}, ${v.sample}, ${message}, 1, ${now}, ${now}
        WHERE (SELECT count(*) FROM ${cspReports} WHERE website_id = ${websiteId} AND day = ${day}) < ${CSP_REPORT_ROWS_PER_DAY}
          OR EXISTS (SELECT 1 FROM ${cspReports} WHERE website_id = ${websiteId} AND day = ${day} AND fingerprint = ${fingerprint})
        ON CONFLICT (website_id, day, fingerprint) DO UPDATE SET "count" = "count" + 1, last_seen_on = excluded.last_seen_on`),
    );
  }
}
