import { describe, expect, it } from 'vitest';
import { planCounts, planImport, REFUSALS } from './import-plan.js';
import type { TranslatableText } from './sources.js';

const text = (fieldKey: string, status: TranslatableText['status'], translated: string | null): TranslatableText => ({
  kind: 'product', entityId: 'p1', fieldKey, entityTitle: 'Mug', source: `source ${fieldKey}`, text: translated, status, updatedOn: translated === null ? null : 5, outdated: false,
});

describe('planImport', () => {
  const current = [text('title', 'missing', null), text('excerpt', 'done', 'Court'), text('body', 'draft', '<p>Corps</p>'), text('seoTitle', 'done', 'SEO')];

  it('sorts units into new, changed (text or status), unchanged and refused', () => {
    const plan = planImport(current, [
      { kind: 'product', entityId: 'p1', fieldKey: 'title', text: 'Tasse', status: 'done' },
      { kind: 'product', entityId: 'p1', fieldKey: 'excerpt', text: 'Court', status: 'done' },
      { kind: 'product', entityId: 'p1', fieldKey: 'body', text: '<p>Corps</p>', status: 'done' },
      { kind: 'product', entityId: 'p1', fieldKey: 'seoTitle', text: 'SEO révisé', status: 'done' },
      { kind: 'product', entityId: 'gone', fieldKey: 'title', text: 'x', status: 'done' },
      { kind: 'product', entityId: 'p1', fieldKey: 'title', text: 'Encore', status: 'done' },
    ]);
    expect(planCounts(plan)).toEqual({ new: 1, changed: 2, unchanged: 1, refused: 2 });
    expect(plan.changes.map((c) => [c.fieldKey, c.change, c.before, c.text])).toEqual([
      ['title', 'new', null, 'Tasse'],
      ['body', 'changed', '<p>Corps</p>', '<p>Corps</p>'],
      ['seoTitle', 'changed', 'SEO', 'SEO révisé'],
    ]);
    expect(plan.refused).toEqual([
      { kind: 'product', entityId: 'gone', fieldKey: 'title', reason: REFUSALS.unknown },
      { kind: 'product', entityId: 'p1', fieldKey: 'title', reason: REFUSALS.twice },
    ]);
  });

  it('an empty file changes nothing', () => {
    expect(planCounts(planImport(current, []))).toEqual({ new: 0, changed: 0, unchanged: 0, refused: 0 });
  });
});
