import { expect, it } from 'vitest';
import { render } from '../../engine/index.js';
import { formBlock } from './index.js';

// The theme's form partial (fixtures/theme/partials/form-block.html) stands in as a stub.
const partials = { 'partials/form-block': '<form data-island="form" data-form-id="{id|htmlattr}">{name|html}</form>' };
const html = (data: unknown) => render(formBlock.partial, { props: formBlock.props.parse({ form: 'f1' }), data }, { partials }).output;

it("renders its form through the theme's partials/form-block", () => {
  expect(html({ id: 'f1', name: 'Say <hi>' })).toBe('<div class="block-form"><form data-island="form" data-form-id="f1">Say &lt;hi&gt;</form></div>\n');
});

it('says so when the form is gone, and refuses ids that are not ids', () => {
  expect(html(undefined)).toContain('This form is not available.');
  expect(formBlock.props.parse({})).toEqual({ form: '' });
  expect(formBlock.props.safeParse({ form: 'a b' }).success).toBe(false);
});
