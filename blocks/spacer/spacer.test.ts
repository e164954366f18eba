import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { spacerBlock } from './index.js';

it('renders its height in pixels and accepts only whole numbers in range', () => {
  expect(render(spacerBlock.partial, { props: spacerBlock.props.parse({ height: 80 }) }).output).toBe('<div class="block-spacer" style="height: 80px" aria-hidden="true"></div>\n');
  expect(spacerBlock.props.parse({})).toEqual({ height: 50 });
  for (const height of ['80px', -1, 1.5, 1001]) expect(spacerBlock.props.safeParse({ height }).success).toBe(false);
});
