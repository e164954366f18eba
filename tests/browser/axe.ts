/**
 * axe-core for the browser suites: `audit(page)` injects axe through the DevTools protocol
 * (evaluated like a console entry, which the page's CSP does not govern, so the context needs
 * no `bypassCSP`) and returns the serious and critical WCAG 2.1 A/AA findings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical findings of axe over the page as it is now, but the rules in `except`. */
export async function audit(page: Page, except: Record<string, string> = {}): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // resultTypes: only the violations are read; axe then keeps one node of the passes and the
    // rest instead of every one, most of its time on a large page.
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
  });
  return results.violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !(v.id in except))
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
}
