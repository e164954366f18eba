import { createRoot } from 'react-dom/client';
import { AddToCartButton, type Selection } from '../../components/add-to-cart-button.js';
import type { MountIsland } from '../../runtime/island.js';
import { buttonLabel, isSoldOut, variantOptions, type ProductJson } from '../product-form/product-logic.js';

/**
 * `data-island="add-to-cart"` on a listing grid's product card: props itemId, title,
 * product (structuredContent), strings, express. The grid has no option selects, so a
 * product with options answers 'Select Option' for 2000 ms (SPEC §4).
 */
const mount: MountIsland = (el, props) => {
  const product = props.product as ProductJson;
  const options = variantOptions(product);
  const select = (): Selection =>
    options.length > 0 ? { unselected: options.map((o) => o.name) } : { sku: product.variants?.[0]?.sku ?? null, quantity: 1 };
  createRoot(el).render(
    <AddToCartButton
      itemId={String(props.itemId)}
      title={String(props.title ?? '')}
      label={buttonLabel(product, props.strings as Record<string, string>)}
      soldOut={isSoldOut(product)}
      listing
      express={props.express === true}
      subscription={product.isSubscribable ? {} : undefined}
      form={product.additionalFieldsForm}
      select={select}
    />,
  );
};
export default mount;
