import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { newsletterBlock } from './index.js';

const partials = { 'partials/form-block': '<form data-island="form" data-form-id="{id|htmlattr}"></form>' };
const html = (props: Record<string, unknown>, data: unknown) => render(newsletterBlock.partial, { props: newsletterBlock.props.parse(props), data }, { partials }).output;

it("renders the sign-up through the theme's partials/form-block, under its title", () => {
  expect(html({ title: 'Kiln <notes>' }, { id: 'n1' })).toBe('<div class="block-newsletter"><h2 class="block-newsletter-title">Kiln &lt;notes&gt;</h2><form data-island="form" data-form-id="n1"></form></div>\n');
  expect(html({}, undefined)).toContain('Sign-ups are not open yet.');
});
