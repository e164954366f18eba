import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningWorker } from '../../test-support.js';
import { ifMatch, pageClient, textLayout, startWithOwner } from './test-pages.js';

/**
 * Random sequences of save (current or stale), publish, restore and unpublish against the
 * real worker, checked after every step against a model: the published version is always
 * one of the page's revisions, no revision is ever lost or changed, and visitors see the
 * published revision's words or a 404.
 */
let worker: RunningWorker;
let owner: ReturnType<typeof pageClient>;

beforeAll(async () => {
  ({ worker, owner } = await startWithOwner());
}, 120_000);
afterAll(() => worker?.dispose());

type Step =
  | { kind: 'save'; stale: boolean }
  | { kind: 'publish'; pick: number }
  | { kind: 'restore'; pick: number }
  | { kind: 'unpublish' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('save' as const), stale: fc.boolean() }),
  fc.record({ kind: fc.constant('publish' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.constant({ kind: 'unpublish' as const }),
);

let run = 0;

it('keeps published among the revisions and never loses one', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
      const slug = `prop-${++run}`;
      const page = (await owner('POST', '', { title: 'Property', slug })).json.page as { id: string };
      // The model: each revision's words ('' for the empty first layout), and the live version.
      const words: string[] = [''];
      let published: number | null = null;
      let n = 0;
      for (const s of steps) {
        const draft = words.length;
        if (s.kind === 'save') {
          const text = `${slug} words ${++n}.`;
          const basedOn = s.stale && draft > 1 ? draft - 1 : draft;
          const answer = await owner('PUT', `/${page.id}/draft`, { layout: textLayout(text) }, ifMatch(basedOn));
          if (basedOn === draft) {
            expect(answer.status).toBe(200);
            words.push(text);
          } else {
            expect(answer.status).toBe(412);
          }
        } else if (s.kind === 'publish') {
          const version = (s.pick % words.length) + 1;
          expect((await owner('POST', `/${page.id}/publish`, { version })).status).toBe(200);
          published = version;
        } else if (s.kind === 'restore') {
          const version = (s.pick % words.length) + 1;
          expect((await owner('POST', `/${page.id}/revisions/${version}/restore`, undefined, ifMatch(draft))).status).toBe(200);
          words.push(words[version - 1]!);
        } else {
          expect((await owner('POST', `/${page.id}/unpublish`)).status).toBe(200);
          published = null;
        }

        const rows = await worker.db.prepare('SELECT version, document FROM page_revisions WHERE page_id = ? ORDER BY version').bind(page.id).all<{ version: number; document: string }>();
        expect(rows.results.map((r) => r.version)).toEqual(words.map((_, i) => i + 1));
        rows.results.forEach((r, i) => {
          if (words[i]) expect(r.document).toContain(words[i]);
          else expect(JSON.parse(r.document)).toEqual({ sections: [] });
        });
        const pointers = await worker.db.prepare('SELECT draft_version, published_version FROM pages WHERE id = ?').bind(page.id).first<{ draft_version: number; published_version: number | null }>();
        expect(pointers).toEqual({ draft_version: words.length, published_version: published });
        if (published !== null) expect(rows.results.map((r) => r.version)).toContain(published);

        const seen = await worker.fetch(`/${slug}`);
        if (published === null) expect(seen.status).toBe(404);
        else {
          expect(seen.status).toBe(200);
          const html = await seen.text();
          const live = words[published - 1]!;
          if (live) expect(html).toContain(live);
          for (const other of words) if (other && other !== live) expect(html).not.toContain(other);
        }
      }
    }),
    { numRuns: 12 },
  );
}, 120_000);
