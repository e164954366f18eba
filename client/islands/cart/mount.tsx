import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { CartPage } from './cart-page.js';
import { storeTextsOf } from '../../../domain/languages/store-texts.js';

/** `data-island="cart"` on the /cart page (eager): props currency and texts (the store's words in the page's language). */
const mount: MountIsland = (el, props) => {
  const serverHtml = el.innerHTML;
  renderIsland(el, <CartPage currency={typeof props.currency === 'string' ? props.currency : 'USD'} serverHtml={serverHtml} texts={storeTextsOf(props.texts)} />);
};
export default mount;
