import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { CartPill } from './cart-pill.js';

/** `data-island="cart-pill"` (every page, eager): prop `currency`, the store's currency. */
const mount: MountIsland = (el, props) => {
  renderIsland(el, <CartPill currency={typeof props.currency === 'string' ? props.currency : 'USD'} />);
};
export default mount;
