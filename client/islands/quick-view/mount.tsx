import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { QuickView } from './quick-view.js';

/** `data-island="quick-view"` on a product card: props url (the product page), title. */
const mount: MountIsland = (el, props) => {
  const label = el.textContent?.trim() || 'Quick View';
  renderIsland(el, <QuickView url={String(props.url)} title={String(props.title ?? '')} label={label} />);
};
export default mount;
