import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../domain/forms/form-field.js';
import { KEY_TTL_MS } from './keys.js';
import { plainFormKey, rawFromPost, renderedAt, samePath } from './plain-post.js';

const FIELDS: FormField[] = [
  { id: 'name', type: 'name', title: 'Name' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'colours', type: 'checkbox', title: 'Colours', options: ['Red', 'Blue'] },
  { id: 'mood', type: 'likert', title: 'Mood', options: ['Calm', 'Busy'] },
  { id: 'topic', type: 'select', title: 'Topic', options: ['A', 'B'] },
  { id: 'about', type: 'section', title: 'About' },
];

describe('rawFromPost', () => {
  it('reads each field type under the names the theme gives its inputs', () => {
    const raw = rawFromPost(FIELDS, {
      'name.first': 'Ada', 'name.last': 'Lovelace', 'phone.areaCode': '555', 'phone.line': '1234',
      colours: ['Red', 'Blue'], 'mood:Calm': 'Agree', topic: 'B', 'hp-website': '', extra: 'dropped',
    });
    expect(raw).toEqual({
      name: ['Ada', 'Lovelace'], phone: ['', '555', '', '1234'], colours: ['Red', 'Blue'], mood: { Calm: 'Agree' }, topic: 'B', 'hp-website': '',
    });
  });

  it('takes the first of repeated single values and ignores files', () => {
    const file = new File(['x'], 'x.txt');
    expect(rawFromPost(FIELDS, { topic: ['A', 'B'], colours: [file, 'Red'] })).toMatchObject({ topic: 'A', colours: ['Red'] });
  });
});

describe('renderedAt', () => {
  const now = 1_800_000_000_000;
  it('trusts a past stamp within the key lifetime, treats missing or future ones as now', () => {
    expect(renderedAt(String(now - 5000), now)).toBe(now - 5000);
    expect(renderedAt(undefined, now)).toBe(now);
    expect(renderedAt('soon', now)).toBe(now);
    expect(renderedAt(String(now + 1), now)).toBe(now);
    expect(renderedAt('0', now)).toBe(now - KEY_TTL_MS + 60_000);
  });
});

describe('plainFormKey and samePath', () => {
  it('gives the same post the same key and another message another key', async () => {
    const a = await plainFormKey('v', 'f', 1, { m: 'hi' });
    expect(await plainFormKey('v', 'f', 1, { m: 'hi' })).toBe(a);
    expect(await plainFormKey('v', 'f', 1, { m: 'hello' })).not.toBe(a);
    expect(await plainFormKey('w', 'f', 1, { m: 'hi' })).not.toBe(a);
  });

  it('keeps redirects on this site', () => {
    expect(samePath('/contact?x=1')).toBe('/contact?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', undefined]) expect(samePath(bad)).toBe('/');
  });
});
