import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as templates from './index.js';

const html = (name: string) => readFileSync(fileURLToPath(new URL(`./${name}.html`, import.meta.url)), 'utf8');

it('index.ts carries the .html templates verbatim', () => {
  expect(templates.COMMENT_LINK_TEMPLATE).toBe(html('comment-link'));
  expect(templates.COMMENTS_TEMPLATE).toBe(html('comments'));
  expect(templates.LIKE_BUTTON_TEMPLATE).toBe(html('like-button'));
});
