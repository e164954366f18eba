import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { horizontalRuleBlock } from './index.js';

it('renders a rule and takes no props', () => {
  expect(render(horizontalRuleBlock.partial, { props: {} }).output).toBe('<hr class="block-horizontal-rule">\n');
  expect(horizontalRuleBlock.props.safeParse({ color: 'red' }).success).toBe(false);
});
