import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { buttonBlock } from './index.js';

const html = (props: Record<string, unknown>) => {
  const parsed = buttonBlock.props.parse(props);
  return render(buttonBlock.partial, { props: parsed, view: buttonBlock.view!(parsed) }).output;
};

it('renders a link styled as a button, with defaults', () => {
  expect(html({})).toBe('<div class="block-button block-button-medium"><a class="button button-primary" href="/">Learn more</a></div>\n');
  expect(html({ label: 'Book <now>', href: 'mailto:hi@example.com', style: 'secondary', newWindow: true })).toBe(
    '<div class="block-button block-button-medium"><a class="button button-secondary" href="mailto:hi@example.com" target="_blank" rel="noopener noreferrer">Book &lt;now&gt;</a></div>\n',
  );
});

it('refuses an empty label, an unknown style and script URLs', () => {
  expect(buttonBlock.props.safeParse({ label: '' }).success).toBe(false);
  expect(buttonBlock.props.safeParse({ style: 'huge' }).success).toBe(false);
  expect(buttonBlock.props.safeParse({ href: 'javascript:alert(1)' }).success).toBe(false);
});
