import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContextFields, parseContextFields, shapeOfValue } from './context-fields.js';
import { closest, editDistance } from './edit-distance.js';
import { lintTheme, type ThemeFile } from './lint.js';
import { main } from './main.js';
import { isTemplateName, walkFiles } from './template-files.js';

const THEME = join(import.meta.dirname, '../../fixtures/theme');
const demo = (): ThemeFile[] => walkFiles(THEME, isTemplateName).map((f) => ({ path: relative(THEME, f).split(sep).join('/'), source: readFileSync(f, 'utf8') }));
const fields = loadContextFields();
const at = (findings: ReturnType<typeof lintTheme>) => findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code} ${f.message}`);

function withFiles(changes: Record<string, string>): ThemeFile[] {
  const files = demo().filter((f) => !(f.path in changes));
  return [...files, ...Object.entries(changes).map(([path, source]) => ({ path, source }))];
}

describe('atelier lint', () => {
  it('finds no problem in the demo theme', () => {
    expect(at(lintTheme(demo(), fields))).toEqual([]);
  });

  it('finds the seeded faults at their exact positions, with suggestions', () => {
    const files = withFiles({
      'item.html': [
        '{.section item}',
        '<h1>{titel|html}</h1>',
        '<p>{excerpt|nosuch}</p>',
        '{.end}',
        '<p>{itme.title|html} {item.mainImage.altTxt|htmlattr}</p>',
        '{pagination|apply partials/pagnation}',
        '{item|apply partials/post-card}',
      ].join('\n'),
      'partials/orphan.html': '<p>{title}</p>',
    });
    expect(at(lintTheme(files, fields))).toEqual([
      "item.html:2:6 VARIABLE_UNKNOWN 'titel': no 'titel' in this section or the page context; did you mean title?",
      "item.html:3:13 FORMATTER_UNKNOWN Formatter 'nosuch' is unknown",
      "item.html:5:5 VARIABLE_UNKNOWN 'itme.title': no 'itme' in the page context; did you mean item.title?",
      "item.html:5:23 VARIABLE_UNKNOWN 'item.mainImage.altTxt': no 'altTxt' in item.mainImage; did you mean item.mainImage.altText?",
      "item.html:6:19 PARTIAL_MISSING applies partial 'partials/pagnation', which the theme does not have; did you mean partials/pagination?",
      'partials/orphan.html:1:1 PARTIAL_UNUSED no template applies this partial',
    ]);
  });

  it('checks the fields of list elements, knows layout.html renders every page type, and skips partials and macros', () => {
    const files = withFiles({
      'collection.html': '{.repeated section items}{fullUrl}{titel}{.end}{.section pagination}{nextPageUrl}{nextPageUlr}{.end}{featuredProducts}',
      'layout.html': '{.section item}{title}{.end}{pageContent}{serch.query}',
    });
    expect(at(lintTheme(files, fields))).toEqual([
      "collection.html:1:36 VARIABLE_UNKNOWN 'titel': no 'titel' in this section or the page context; did you mean title?",
      "collection.html:1:83 VARIABLE_UNKNOWN 'nextPageUlr': no 'nextPageUlr' in this section or the page context; did you mean nextPageUrl?",
      "collection.html:1:102 VARIABLE_UNKNOWN 'featuredProducts': no 'featuredProducts' in the page context",
      "layout.html:1:43 VARIABLE_UNKNOWN 'serch.query': no 'serch' in the page context; did you mean search.query?",
      // The demo layout applied these; the replaced one does not.
      'partials/site-footer.html:1:1 PARTIAL_UNUSED no template applies this partial',
      'partials/site-header.html:1:1 PARTIAL_UNUSED no template applies this partial',
    ]);
  });

  it('checks a page type against a real context with --data', () => {
    const context = { pageTypeName: 'search', search: { query: 'mug' }, items: [{ title: 'Mug', price: 1 }] };
    const files = withFiles({ 'search.html': '{search.query}{.repeated section items}{price}{title}{fullUrl}{.end}' });
    expect(at(lintTheme(files, fields, new Map([['search', shapeOfValue(context)]])))).toEqual([
      'partials/search-result.html:1:1 PARTIAL_UNUSED no template applies this partial',
      "search.html:1:55 VARIABLE_UNKNOWN 'fullUrl': no 'fullUrl' in this section or the page context",
    ]);
  });

  it('reports block partials of no block type, and the types a theme with block partials leaves to the defaults', () => {
    const findings = lintTheme(withFiles({ 'blocks/quotes.html': '<blockquote>{props.text}</blockquote>', 'blocks/text.html': '{props.html}' }), fields);
    expect(at(findings)).toContain("blocks/quotes.html:1:1 BLOCK_TYPE_UNKNOWN no block type 'quotes' renders through this partial; did you mean blocks/quote.html?");
    expect(findings.filter((f) => f.code === 'BLOCK_PARTIAL_MISSING').map((f) => f.file)).toContain('blocks/image.html');
    expect(findings.filter((f) => f.code === 'BLOCK_PARTIAL_MISSING').map((f) => f.file)).not.toContain('blocks/text.html');
    expect(findings.find((f) => f.code === 'BLOCK_PARTIAL_MISSING')!.severity).toBe('warning');
  });

  it('measures edit distance with transpositions', () => {
    expect(editDistance('titel', 'title')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closest('itme', ['item', 'items', 'website'])).toBe('item');
    expect(closest('zzz', ['item'])).toBeUndefined();
  });

  it('reads the doc block: page types, templates, shapes; refuses unknown shapes', () => {
    expect(fields.templates.get('product.html')).toEqual(['item']);
    expect(fields.templates.get('page.html')).toEqual(['home', 'page']);
    expect([...fields.everyPage]).toEqual(['layout.html']);
    expect(() => parseContextFields('```context-fields\n@x [x.html] = a:nope\n```')).toThrow(/no shape "nope"/);
  });
});

describe('atelier lint (command)', () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t) }, out, err };
  }

  it('exits 0 on the demo theme, 1 with errors, 2 on usage mistakes', async () => {
    const clean = io();
    expect(await main(['lint', THEME], clean.io)).toBe(0);
    expect(clean.out.join('')).toMatch(/templates linted: no problems/);
    const usage = io();
    expect(await main(['lint'], usage.io)).toBe(2);
    expect(await main(['lint', THEME, '--bogus'], usage.io)).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'atelier-lint-'));
    writeFileSync(join(dir, 'search.html'), '{.repeated section items}{title}{fullUrl}{.end}');
    writeFileSync(join(dir, 'page.json'), JSON.stringify({ pageTypeName: 'search', items: [{ title: 'Mug' }] }));
    const withData = io();
    expect(await main(['lint', dir, '--data', join(dir, 'page.json')], withData.io)).toBe(1);
    expect(withData.err.join('')).toContain("search.html:1:34  VARIABLE_UNKNOWN  'fullUrl': no 'fullUrl' in this section or the page context\n");
    expect(withData.out.join('')).toBe('1 template linted: 1 error, 0 warnings\n');
    const documented = io();
    expect(await main(['lint', dir], documented.io)).toBe(0);
    rmSync(dir, { recursive: true, force: true });
    const bad = io();
    expect(await main(['lint', join(import.meta.dirname, 'testdata-missing')], bad.io)).toBe(2);
  });
});
