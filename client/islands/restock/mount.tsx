import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import type { CaptchaProvider } from '../form/captcha.js';
import { loadUseCaptcha } from '../form/load-use-captcha.js';
import type { UseCaptcha } from '../form/use-captcha.js';
import { loadWhenReached } from '../../runtime/retry-import.js';
import { RestockForm, type RestockProps } from './restock-form.js';

const text = (el: Element | null) => el?.textContent?.trim() ?? '';

const PROVIDERS: readonly CaptchaProvider[] = ['recaptcha-enterprise', 'turnstile', 'local'];

/**
 * The server renders the captcha container only when the site's bot check is active (SPEC §3);
 * its site key and provider come with the product form's marker (`data-prop-captcha`, the page
 * context's website.captchaSettings), which stays on the page around the island.
 */
function captchaOf(container: HTMLElement | null): RestockProps['captcha'] {
  if (!container) return undefined;
  let settings: { siteKey?: unknown; provider?: unknown } = {};
  try {
    settings = JSON.parse(container.closest<HTMLElement>('[data-prop-captcha]')?.dataset.propCaptcha ?? '{}') as typeof settings;
  } catch {
    return undefined;
  }
  const provider = settings.provider as CaptchaProvider;
  return typeof settings.siteKey === 'string' && settings.siteKey ? { siteKey: settings.siteKey, provider: PROVIDERS.includes(provider) ? provider : 'local' } : undefined;
}

/** The restock messages of the page's language the server put on the block (`data-texts`), if any. */
function textsOf(block: HTMLElement): RestockProps['texts'] {
  try {
    return block.dataset.texts ? (JSON.parse(block.dataset.texts) as RestockProps['texts']) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `data-island="restock"`: the engine's server-rendered restock block (one per sold-out
 * variant view) is read for its wording and ids, then replaced by the interactive form.
 */
const mount: MountIsland = (el, props) => {
  for (const block of Array.from(el.querySelectorAll<HTMLElement>('.product-restock-notification'))) {
    const read: RestockProps = {
      productId: block.dataset.productId ?? '',
      variantId: block.dataset.variantId ?? '',
      ctaText: text(block.querySelector('.product-restock-cta')),
      placeholderText: block.querySelector<HTMLInputElement>('input[name=email]')?.placeholder ?? '',
      buttonText: block.querySelector<HTMLInputElement>('input[type=submit]')?.value ?? 'Notify me',
      mailingListSignUpEnabled: !!block.querySelector('input[name=isJoinMailingList]'),
      mailingListOptInByDefault: !!block.querySelector<HTMLInputElement>('input[name=isJoinMailingList]')?.checked,
      mailingListDescription: text(block.querySelector('.product-restock-mailing-list')),
      captcha: captchaOf(block.querySelector<HTMLElement>('.captcha-container')),
      texts: textsOf(block),
      ...(props as Partial<RestockProps>),
    };
    if (!read.productId || !read.variantId) continue;
    const render = (useCaptcha?: UseCaptcha) => {
      // What the visitor typed into the server's form meanwhile, and where they were, carry over.
      const typed = block.querySelector<HTMLInputElement>('input[name=email]');
      const host = document.createElement('div');
      host.hidden = block.hidden;
      const focused = !!typed && typed === document.activeElement;
      block.replaceWith(host);
      renderIsland(host, <RestockForm {...read} initialEmail={typed?.value ?? ''} autoFocus={focused} useCaptcha={useCaptcha} />);
    };
    // The bot-check code only for a site with one (use-captcha.tsx: the product page's JS budget).
    // Until it is there the server's form stays; a failed load is tried again when the visitor reaches for it.
    if (read.captcha) loadWhenReached(block, loadUseCaptcha, (m) => render(m.useCaptcha));
    else render();
  }
};
export default mount;
