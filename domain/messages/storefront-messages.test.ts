import { describe, expect, it } from 'vitest';
import { addedToCartMessage, unselectedOptionsMessage } from './storefront-messages.js';

describe('SPEC §5 unselected option messages', () => {
  it('names one, two or many options', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Size', 'Glaze'])).toBe('Please select the Size and Glaze options.');
    expect(unselectedOptionsMessage(['Size', 'Glaze', 'Lid'])).toBe('Please select the Size, Glaze and Lid options.');
  });
  it('words the popover', () => {
    expect(addedToCartMessage('Speckled Mug')).toBe('Speckled Mug was added to your cart.');
  });
});
