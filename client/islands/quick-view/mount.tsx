import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { QuickView } from './quick-view.js';

/**
 * `data-island="quick-view"` on a product card: props url (the product page), title, and on a
 * page in an added language network (the failure line in its words, issue 29). On a page
 * under a language prefix the card's own link to the product carries it ('/fr/shop/mug', the
 * server puts it there) while `url` does not: the quick view reads that page, in the page's language.
 */
const mount: MountIsland = (el, props) => {
  const label = el.textContent?.trim() || 'Quick View';
  const url = String(props.url);
  const linked = el.closest('.product-card')?.querySelector('.product-card-title a')?.getAttribute('href');
  const page = linked && linked !== url && linked.startsWith('/') && linked.endsWith(url) ? linked : url;
  const network = typeof props.network === 'string' && props.network ? props.network : undefined;
  renderIsland(el, <QuickView url={page} title={String(props.title ?? '')} label={label} {...(network ? { network } : {})} />);
};
export default mount;
