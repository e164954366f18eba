import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { loadUseCaptcha } from '../form/load-use-captcha.js';
import { PromoPopup, type PromoPopupProps } from './promo-popup.js';

/**
 * `data-island="promo-popup"` (`data-island-load="popup"`): mounted only when the popup's
 * trigger fired (client/runtime/strategies/popup-trigger.ts); the marker is an empty element,
 * and the dialog is fixed over the page, so nothing on the page moves.
 */
const mount: MountIsland = async (el, props) => {
  const read = props as unknown as PromoPopupProps;
  // The bot-check hook only for a site with one.
  const useCaptcha = read.captcha && read.action.kind === 'newsletter' ? (await loadUseCaptcha()).useCaptcha : undefined;
  renderIsland(el, <PromoPopup {...read} useCaptcha={useCaptcha} />);
};
export default mount;
