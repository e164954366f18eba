import { createRoot } from 'react-dom/client';
import type { MountIsland } from '../../runtime/island.js';
import { RestockForm, type RestockProps } from './restock-form.js';

const text = (el: Element | null) => el?.textContent?.trim() ?? '';

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
      ...(props as Partial<RestockProps>),
    };
    if (!read.productId || !read.variantId) continue;
    const host = document.createElement('div');
    host.hidden = block.hidden;
    block.replaceWith(host);
    createRoot(host).render(<RestockForm {...read} />);
  }
};
export default mount;
