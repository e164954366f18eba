import { renderIsland } from '../../runtime/render-island.js';
import type { MountIsland } from '../../runtime/island.js';
import { ProductForm, type Merchandising, type ProductFormProps } from './product-form.js';
import type { InstalmentSettings } from '../../../domain/commerce/instalments.js';
import type { ProductJson } from './product-logic.js';
import { addToCartTextsOf } from '../../components/add-to-cart-texts.js';

/** One string of the `texts` prop, if it has it. */
function textOf(texts: unknown, key: string): string | undefined {
  const text = texts && typeof texts === 'object' ? (texts as Record<string, unknown>)[key] : undefined;
  return typeof text === 'string' ? text : undefined;
}

/**
 * `data-island="product-form"` around the product page's purchase controls. Props:
 * itemId, title, product (structuredContent), currency, strings, store, merchandising
 * (the page's productMerchandisingContext), and on non-English pages `texts` (the theme texts:
 * the add-to-cart button's words, and `labelValue` for the labels' colon). The server's price
 * and restock markup are kept from the marker before React takes it over.
 */
const mount: MountIsland = (el, props) => {
  const itemId = String(props.itemId);
  const priceHtml = el.querySelector('.product-price')?.innerHTML.trim();
  const restockHtml: Record<string, string> = {};
  for (const form of Array.from(el.querySelectorAll<HTMLElement>('.product-restock-notification'))) {
    // A copy: un-hiding the live server markup would flash every variant's form (layout shift).
    const copy = form.cloneNode(true) as HTMLElement;
    copy.removeAttribute('hidden');
    restockHtml[form.dataset.variantId ?? ''] = copy.outerHTML;
  }
  const merchandising = (props.merchandising as Record<string, Merchandising> | undefined)?.[itemId];
  renderIsland(
    el,
    <ProductForm
      itemId={itemId}
      title={String(props.title ?? '')}
      product={props.product as ProductJson}
      currency={String(props.currency ?? 'USD')}
      strings={props.strings as Record<string, string>}
      store={props.store as ProductFormProps['store']}
      merchandising={merchandising}
      priceHtml={priceHtml}
      restockHtml={restockHtml}
      instalments={typeof props.instalments === 'object' && props.instalments ? (props.instalments as InstalmentSettings) : undefined}
      locale={typeof props.locale === 'string' ? props.locale : undefined}
      texts={addToCartTextsOf(props.texts)}
      labelValue={textOf(props.texts, 'labelValue')}
    />,
  );
};
export default mount;
