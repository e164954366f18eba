import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { FormIsland } from './form-island.js';
import type { FormProps } from './form-types.js';
import { loadWhenReached } from '../../runtime/retry-import.js';
import { loadUseCaptcha } from './load-use-captcha.js';
import type { UseCaptcha } from './use-captcha.js';

/**
 * `data-island="form"` (contact and newsletter blocks): props are the form's public
 * definition (page context `form`). The server-rendered form is replaced by the island.
 */
const mount: MountIsland = (el, props) => {
  const form = props as unknown as FormProps;
  const target = el.querySelector<HTMLElement>('.form-island-root') ?? el;
  const render = (useCaptcha?: UseCaptcha) => {
    for (const child of Array.from(target.children)) if (child.tagName !== 'SCRIPT') child.remove();
    renderIsland(target.appendChild(document.createElement('div')), <FormIsland form={form} root={el} useCaptcha={useCaptcha} />);
  };
  // The bot-check code only for a form with one (use-captcha.tsx: every page's JS budget). Until it
  // is there the server's form stays (it posts without JavaScript); a failed load is tried again
  // when the visitor reaches for the form.
  if (form.captcha.enabled && form.captcha.siteKey) loadWhenReached(el, loadUseCaptcha, (m) => render(m.useCaptcha));
  else render();
};
export default mount;
