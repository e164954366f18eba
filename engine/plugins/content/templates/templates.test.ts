import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import * as templates from './index.js';

it('index.ts carries the .html templates verbatim', () => {
  const html = readFileSync(fileURLToPath(new URL('./audio-player.html', import.meta.url)), 'utf8');
  expect(templates.AUDIO_PLAYER_TEMPLATE).toBe(html);
});
