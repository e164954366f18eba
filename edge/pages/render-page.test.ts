import { describe, expect, it, vi } from 'vitest';
import { compile } from '../../engine/index.js';
import { RenderLimitError } from '../errors.js';
import { renderThemed } from './render-page.js';
import type { Theme } from './theme-templates.js';
import type { SiteRecord } from '../services/websites.js';

const site = { locale: 'en-US', timeZone: 'UTC' } as SiteRecord;
const themeOf = (files: Record<string, string>): Theme => ({
  byPath: new Map(Object.entries(files).map(([p, s]) => [p, compile(s)])),
  partials: {},
});

describe('renderThemed', () => {
  it('serves a page whose template reports ordinary errors', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(renderThemed(themeOf({ 'page.html': '<p>{a|bogus}</p>' }), site, ['page.html'], { a: 1 }, '/x')).toBe('<p>1</p>');
    warn.mockRestore();
  });

  it('refuses a page whose render stops at the work budget (the error page is served instead)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // 1,000 × 1,000 iterations: past the default budget of 500,000 steps.
    const theme = themeOf({ 'page.html': '{.repeated section rows}{.repeated section cols}x{.end}{.end}' });
    const many = Array.from({ length: 1000 }, (_, i) => i);
    const data = { rows: many.map(() => ({ cols: many })) };
    expect(() => renderThemed(theme, site, ['page.html'], data, '/x')).toThrow(RenderLimitError);
    expect(() => renderThemed(theme, site, ['page.html'], data, '/x')).toThrow(/STEP_BUDGET_EXCEEDED/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('STEP_BUDGET_EXCEEDED'));
    warn.mockRestore();
  });
});
