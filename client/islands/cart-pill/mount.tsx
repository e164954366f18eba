import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { CartPill, PILL_TEXTS, type PillTexts } from './cart-pill.js';

/**
 * `data-island="cart-pill"` (every page, eager): prop `currency`, the store's currency, and `texts`,
 * the hidden words in the page's language (`{ cart, item, items }`, the theme texts; English without),
 * and `cartUrl`, the cart page under the page's language prefix (/cart without).
 */
const mount: MountIsland = (el, props) => {
  const given = typeof props.texts === 'object' && props.texts !== null ? (props.texts as Record<string, unknown>) : {};
  const texts = Object.fromEntries(Object.entries(PILL_TEXTS).map(([key, english]) => [key, typeof given[key] === 'string' ? given[key] : english])) as PillTexts;
  const cartUrl = typeof props.cartUrl === 'string' && props.cartUrl.startsWith('/') ? props.cartUrl : undefined;
  renderIsland(el, <CartPill currency={typeof props.currency === 'string' ? props.currency : 'USD'} texts={texts} cartUrl={cartUrl} />);
};
export default mount;
