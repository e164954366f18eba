import { expect, it } from 'vitest';
import { SERP_DESCRIPTION_LENGTH, SERP_TITLE_LENGTH, truncateAt } from './page-seo.js';

it('cuts a search result title or description at a word before the limit, with an ellipsis', () => {
  expect(truncateAt('Wheel workshops', SERP_TITLE_LENGTH)).toBe('Wheel workshops');
  expect(truncateAt('  Wheel \n workshops  ', SERP_TITLE_LENGTH)).toBe('Wheel workshops');
  const long = 'Learn to throw on the wheel in a small group, then glaze and fire what you made in our kiln.';
  const title = truncateAt(long, SERP_TITLE_LENGTH);
  expect(title).toBe('Learn to throw on the wheel in a small group, then glaze…');
  expect(title.length).toBeLessThanOrEqual(SERP_TITLE_LENGTH);
  // A text without spaces is cut where it must be.
  expect(truncateAt('x'.repeat(200), SERP_DESCRIPTION_LENGTH)).toBe(`${'x'.repeat(SERP_DESCRIPTION_LENGTH - 1)}…`);
  expect(truncateAt('y'.repeat(SERP_DESCRIPTION_LENGTH), SERP_DESCRIPTION_LENGTH)).toBe('y'.repeat(SERP_DESCRIPTION_LENGTH));
});
