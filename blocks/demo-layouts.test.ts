import { expect, it } from 'vitest';
import { buildDemoSeed } from '../schema/seed/build.js';
import { demoId } from '../schema/seed/ids.js';
import { loadDemoFixtures } from '../schema/seed/load.js';
import { parseLayout } from './layout-schema.js';

it("seeds the demo's block pages (fixtures/demo/pages.json) as a write would store them: valid, defaults filled in", async () => {
  const fixtures = await loadDemoFixtures();
  const revisions = buildDemoSeed(fixtures).statements.filter((s) => s.sql.startsWith('insert into "page_revisions" '));
  expect(fixtures.pages.map((p) => p.slug)).toEqual(['home', 'about', 'contact']);
  for (const page of fixtures.pages) {
    const revision = revisions.find((r) => r.params.includes(demoId('fern-and-kiln', 'page', page.slug)));
    const stored = JSON.parse(revision!.params.find((p) => typeof p === 'string' && p.startsWith('{"sections"')) as string);
    const check = parseLayout(stored);
    expect(check.ok, `${page.slug}: ${JSON.stringify(check)}`).toBe(true);
    // Parsing changes nothing: the fixture already holds every default.
    if (check.ok) expect(check.layout).toEqual(stored);
  }
});
