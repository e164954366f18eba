import { describe, expect, it } from 'vitest';
import { CSP_REPORTS_PER_REQUEST, parseCspReports } from './csp-reports.js';

describe('parseCspReports', () => {
  it('reads report-uri bodies, dropping query strings', () => {
    const [v] = parseCspReports({
      'csp-report': {
        'document-uri': 'https://shop.example/cart?token=secret',
        'violated-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js?session=abc',
        'line-number': 12,
        'script-sample': 'x'.repeat(100),
      },
    });
    expect(v).toEqual({
      disposition: 'enforce', effectiveDirective: 'script-src-elem', blockedUrl: 'https://evil.example/x.js', pagePath: '/cart',
      sourceFile: null, line: 12, column: null, sample: 'x'.repeat(40),
    });
  });

  it('reads report-to batches, skipping other report types and bounding the count', () => {
    const one = { type: 'csp-violation', body: { documentURL: 'https://s.example/', effectiveDirective: 'style-src-elem', blockedURL: 'inline', disposition: 'report' } };
    const parsed = parseCspReports([{ type: 'deprecation', body: {} }, one, ...Array(40).fill(one)]);
    expect(parsed).toHaveLength(CSP_REPORTS_PER_REQUEST - 1);
    expect(parsed[0]).toMatchObject({ disposition: 'report', effectiveDirective: 'style-src-elem', blockedUrl: 'inline', pagePath: '/' });
  });

  it('ignores bodies that are not reports', () => {
    expect(parseCspReports({ hello: 1 })).toEqual([]);
    expect(parseCspReports([{ type: 'csp-violation', body: { effectiveDirective: 'DROP TABLE' } }])).toEqual([]);
    expect(parseCspReports('text')).toEqual([]);
  });
});
