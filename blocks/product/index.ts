import { z } from 'zod';
import { defineBlock } from '../define.js';

/** product.html */
export const PRODUCT_PARTIAL = "<div class=\"block-product\">{.section data}\n  <ul class=\"product-grid product-grid-single\">\n    {.section item}<li class=\"product-card{.sold-out?} is-sold-out{.end}\">\n      <a class=\"product-card-media\" href=\"{fullUrl|htmlattr}\" tabindex=\"-1\" aria-hidden=\"true\">{.section mainImage}<img src=\"{assetUrl|htmlattr}?format=750w\" {@|image-srcset 1} sizes=\"(max-width: 432px) 50vw, 25vw\" alt=\"{altText|htmlattr}\" loading=\"lazy\">{.or}<span class=\"media-placeholder\"></span>{.end}{@|product-status}</a>\n      <div class=\"product-card-body\">\n        <h3 class=\"product-card-title\"><a href=\"{fullUrl|htmlattr}\">{title|html}</a></h3>\n        {@|product-price}\n        <div class=\"product-card-actions\">\n          <div class=\"product-card-add\" data-island=\"add-to-cart\" data-island-load=\"visible\" data-prop-item-id=\"{id|json|htmlattr}\" data-prop-title=\"{title|json|htmlattr}\" data-prop-product=\"{structuredContent|json|htmlattr}\" data-prop-strings=\"{localizedStrings|json|htmlattr}\"{.if website.localeDates} data-prop-texts=\"{themeTexts|json|htmlattr}\"{.end} data-prop-express=\"{websiteSettings.storeSettings.expressCheckout|json|htmlattr}\">{.sold-out?}<div class=\"sqs-add-to-cart-button-wrapper\"><button class=\"button\" type=\"button\" disabled>{.if themeTexts.soldOut}{themeTexts.soldOut|html}{.or}Sold Out{.end}</button></div>{.or}{@|add-to-cart-btn}{.end}</div>\n          <div class=\"product-card-quick-view\" data-island=\"quick-view\" data-island-load=\"interaction\" data-prop-url=\"{fullUrl|json|htmlattr}\" data-prop-title=\"{title|json|htmlattr}\"{.if website.localeDates} data-prop-network=\"{themeTexts.network|json|htmlattr}\"{.end}>{@|product-quick-view}</div>\n        </div>\n      </div>\n    </li>{.end}\n  </ul>{.or}<p class=\"product-missing\">{.if themeTexts.productNotAvailable}{themeTexts.productNotAvailable|html}{.or}This product is not available.{.end}</p>{.end}\n</div>\n";

/** One product's card with its add-to-cart island; its server loader (loader.ts) finds the product. */
export const productBlock = defineBlock({
  name: 'product',
  code: 43,
  group: 'COMMERCE',
  props: z.strictObject({
    // The product's item id (24 hex digits); empty until the owner picks one.
    item: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, 'Pick a product.').default(''),
  }),
  partial: PRODUCT_PARTIAL,
});
