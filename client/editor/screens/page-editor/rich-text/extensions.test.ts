import { getSchema } from '@tiptap/react';
import { expect, it } from 'vitest';
import { richTextDoc } from '../../../../../blocks/text/rich-text-schema.js';
import { richTextExtensions } from './extensions.js';

const schema = getSchema(richTextExtensions());

it('has exactly the nodes and marks the rich-text schema accepts', () => {
  expect(Object.keys(schema.nodes).sort()).toEqual(['blockquote', 'bulletList', 'codeBlock', 'doc', 'hardBreak', 'heading', 'listItem', 'orderedList', 'paragraph', 'text'].sort());
  expect(Object.keys(schema.marks).sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'underline'].sort());
  expect(Object.keys(schema.marks.link!.spec.attrs ?? {}).sort()).toEqual(['href', 'target']);
  expect(Object.keys(schema.nodes.paragraph!.spec.attrs ?? {}).sort()).toEqual(['indent', 'size', 'textAlign']);
  expect(Object.keys(schema.nodes.heading!.spec.attrs ?? {}).sort()).toEqual(['indent', 'level', 'textAlign']);
});

it("emits JSON (every node, mark and attribute, defaults included) that the server's schema accepts", () => {
  const t = (text: string, ...marks: object[]) => ({ type: 'text', text, ...(marks.length ? { marks } : {}) });
  const doc = schema.nodeFromJSON({
    type: 'doc',
    content: [
      ...[1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', attrs: { level, textAlign: 'center', indent: 2 }, content: [t('h')] })),
      { type: 'paragraph', attrs: { size: 'xlarge', textAlign: 'justify', indent: 8 }, content: [t('b', { type: 'bold' }), t('i', { type: 'italic' }), t('u', { type: 'underline' }), t('s', { type: 'strike' }), t('c', { type: 'code' }), { type: 'hardBreak' }, t('l', { type: 'link', attrs: { href: '/about', target: '_blank' } })] },
      { type: 'paragraph' },
      { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('a')] }, { type: 'orderedList', attrs: { start: 4 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('b')] }] }] }] }] },
      { type: 'blockquote', content: [{ type: 'paragraph', content: [t('q')] }] },
      { type: 'codeBlock', attrs: { language: 'ts' }, content: [t('x < y')] },
    ],
  });
  const json = doc.toJSON();
  const parsed = richTextDoc.safeParse(json);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  // The defaults the editor writes into every node are among them.
  expect(json.content[6].attrs).toEqual({ textAlign: 'justify', indent: 8, size: 'xlarge' });
  expect(json.content[7].attrs).toEqual({ textAlign: null, indent: 0, size: null });
});
