import { renderIsland } from '../../runtime/render-island.js';
import { AddToCartButton, type Selection } from '../../components/add-to-cart-button.js';
import type { MountIsland } from '../../runtime/island.js';
import { buttonLabel, isSoldOut, variantOptions, type ProductJson } from '../product-form/product-logic.js';

/**
 * `data-island="add-to-cart"` on a listing grid's product card: props itemId, title,
 * product (structuredContent), strings, express. The grid has no option selects, so a
 * product with options answers 'Select Option' for 2000 ms (SPEC §4). Under a
 * `data-add-on` list (a product page's related products) it is the SPEC §2 add-on
 * button: a plus that swaps for a check when added. `texts` (the page's theme texts, on
 * non-English pages) gives its `selectOption` words.
 */
const mount: MountIsland = (el, props) => {
  const product = props.product as ProductJson;
  const options = variantOptions(product);
  const select = (): Selection =>
    options.length > 0 ? { unselected: options.map((o) => o.name) } : { sku: product.variants?.[0]?.sku ?? null, quantity: 1 };
  const texts = typeof props.texts === 'object' && props.texts !== null ? (props.texts as Record<string, unknown>) : {};
  renderIsland(
    el,
    <AddToCartButton
      itemId={String(props.itemId)}
      title={String(props.title ?? '')}
      label={buttonLabel(product, props.strings as Record<string, string>)}
      soldOut={isSoldOut(product)}
      listing
      express={props.express === true}
      subscription={product.isSubscribable ? {} : undefined}
      form={product.additionalFieldsForm}
      addOn={!isSoldOut(product) && el.closest('[data-add-on]') !== null}
      select={select}
      selectOptionText={typeof texts.selectOption === 'string' ? texts.selectOption : undefined}
    />,
  );
};
export default mount;
