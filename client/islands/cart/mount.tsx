import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { CartPage } from './cart-page.js';

/** `data-island="cart"` on the /cart page (eager): props currency, texts (the store's words in the page's language) and pricesIncludeTax. */
const mount: MountIsland = (el, props) => {
  const serverHtml = el.innerHTML;
  renderIsland(el, <CartPage currency={typeof props.currency === 'string' ? props.currency : 'USD'} serverHtml={serverHtml} texts={props.texts && typeof props.texts === 'object' ? (props.texts as Record<string, unknown>) : {}} pricesIncludeTax={props.pricesIncludeTax === true} />);
};
export default mount;
