/**
 * Reference entries for the formatters that write whole pieces of markup (images, video,
 * audio, product forms and prices, comments, sharing) and the unit categories without
 * another entry. The data follow the shapes of the page context (docs/page-context.md) and
 * of the conformance fixtures; each output is what the engine writes, and
 * engine/cli/reference.test.ts renders every example and compares.
 */
import type { ReferenceEntry } from './reference-tables.js';

const ex = (template: string, data: unknown, output: string) => ({ template, data, output });

const PRODUCT_ID = '6561a0c2f1d4e83b2c9a7d10';
const COLLECTION_ID = '6561a0c2f1d4e83b2c9a7d01';
const POST_ID = '6561a0c2f1d4e83b2c9a7d22';

/** A merchandising context (restock notices, scarcity) for the example product. */
const merchandising = (context: Record<string, unknown>) => ({ [PRODUCT_ID]: context });

export const MARKUP_FORMATTER_DOCS: Readonly<Record<string, ReferenceEntry>> = {
  // content
  'audio-player': {
    usage: '{item|audio-player}',
    description: "The audio player of an item whose `structuredContent.audioAssetUrl` holds the sound file (only safe URL schemes pass).",
    example: ex('{item|audio-player}', { item: { id: POST_ID, structuredContent: { audioAssetUrl: 'https://cdn.example.com/episode-12.mp3' } } }, "<script>Y.use('squarespace-audio-player-frontend');</script>\n<div class=\"squarespace-audio-player\" data-audio-asset-url=\"https://cdn.example.com/episode-12.mp3\" data-item-id=\"6561a0c2f1d4e83b2c9a7d22\" id=\"audio-player-6561a0c2f1d4e83b2c9a7d22\"></div>\n"),
  },
  'child-image-meta': {
    usage: '<img {collection|child-image-meta index}>',
    description: '`image-meta` of the element at the 0-based index of the value\'s `items` (a gallery\'s images).',
    example: ex('{gallery|child-image-meta 1}', { gallery: { items: [{ assetUrl: '/assets/apron-front.jpg', originalSize: '1200x800', title: 'Front' }, { assetUrl: '/assets/apron-back.jpg', originalSize: '800x1200', title: 'Back' }] } }, "data-src=\"/assets/apron-back.jpg\" data-image=\"/assets/apron-back.jpg\" data-image-dimensions=\"800x1200\" data-image-focal-point=\"0.5,0.5\" alt=\"Back\" "),
  },
  image: {
    usage: '{image|image [class]}',
    description: "A lazy-loading `<img>` (class `thumb-image` unless one is given) with its `<noscript>` fallback: the image's URL, dimensions, focal point, id and alt text (title, else body), escaped.",
    example: ex('{img|image product-image}', { img: { id: 'img-2041', title: 'Linen apron, sand', assetUrl: '/assets/apron.jpg', originalSize: '1200x800', mediaFocalPoint: { x: 0.5, y: 0.3 } } }, "<noscript><img src=\"/assets/apron.jpg\" alt=\"Linen apron, sand\" /></noscript><img class=\"product-image\" data-src=\"/assets/apron.jpg\" data-image=\"/assets/apron.jpg\" data-image-dimensions=\"1200x800\" data-image-focal-point=\"0.5,0.3\" alt=\"Linen apron, sand\" data-load=\"false\" data-image-id=\"img-2041\" data-type=\"image\" />"),
  },
  'image-srcset': {
    usage: '<img{image|image-srcset}>',
    description: "The ` srcset=\"...\"` attribute itself (leading space included) of the stored width variants listed in the image's `systemDataVariants` (`WIDTHxHEIGHT,100w,300w,...`); '' when there are none.",
    example: ex('{img|image-srcset}', { img: { assetUrl: '/assets/apron.jpg', systemDataVariants: '1200x800,100w,300w,500w,750w,1000w' } }, " srcset=\"/assets/apron.jpg?format=100w 100w,/assets/apron.jpg?format=300w 300w,/assets/apron.jpg?format=500w 500w,/assets/apron.jpg?format=750w 750w,/assets/apron.jpg?format=1000w 1000w,/assets/apron.jpg?format=original 1500w\""),
  },
  'item-classes': {
    usage: '<article class="{item|item-classes}">',
    description: "The CSS classes of an item in a list: `hentry`, promotion, categories, tags, author, post type (`recordTypeLabel`), position, featured, and sale or sold-out state for products. The fields are looked up through the scopes, so apply it to `@` in a repeated section.",
    example: ex('{.repeated section items}{@|item-classes}{.end}', { items: [{ recordType: 1, recordTypeLabel: 'text', tags: ['Linen'], categories: ['Kitchen care'], author: { displayName: 'Ada Lovelace' }, starred: true }] }, "hentry category-kitchen-care tag-linen author-ada-lovelace post-type-text article-index-1 featured"),
  },
  video: {
    usage: '{item|video [load-false] [color-data]}',
    description: "The video wrapper of an item's `oembed` (its embed HTML escaped into `data-html`, the provider name), with the play overlay when `overlay` is set; `load-false` and `color-data` pass those options to the player.",
    example: ex('{item|video}', { item: { oembed: { html: '<iframe src="https://www.youtube.com/embed/abc123"></iframe>', providerName: 'YouTube' }, overlay: true, assetUrl: '/assets/video-thumb.jpg', originalSize: '1280x720' } }, "<div class=\"sqs-video-wrapper\" data-html=\"&lt;iframe src=&quot;https://www.youtube.com/embed/abc123&quot;&gt;&lt;/iframe&gt;\" data-provider-name=\"YouTube\"><div class=\"sqs-video-overlay no-thumb\" style=\"opacity: 0;\"><div class=\"sqs-video-opaque\"> </div><div class=\"sqs-video-icon\"></div></div></div>"),
  },
  // commerce
  'add-to-cart-btn': {
    usage: '{item|add-to-cart-btn}',
    description: "The product's add-to-cart button, labelled by its custom text (`useCustomAddButtonText`, `customAddButtonText`) or the default one.",
    example: ex('{item|add-to-cart-btn}', { item: { id: PRODUCT_ID, collectionId: COLLECTION_ID, structuredContent: { productType: 1, useCustomAddButtonText: true, customAddButtonText: 'Add to basket' } } }, "\n\n\n\n\n\n\n\n\n\n\n\n\n<div class=\"sqs-add-to-cart-button-wrapper\" data-animation-role=\"button\">\n  <div class=\"sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary \" role=\"button\" tabindex=\"0\" data-dynamic-strings data-collection-id=\"6561a0c2f1d4e83b2c9a7d01\" data-item-id=\"6561a0c2f1d4e83b2c9a7d10\" data-product-type=\"1\" data-use-custom-label=\"true\" data-original-label=\"Add to basket\" >\n    <div class=\"sqs-add-to-cart-button-inner\">Add to basket</div>\n  </div>\n</div>"),
  },
  'product-checkout': {
    usage: '{item|product-checkout}',
    description: "The product form of a product page: the option pickers of `variants-select` (a select and radio buttons per option), the quantity field when it shows, and the add-to-cart button.",
    example: ex('{item|product-checkout}', { item: { id: PRODUCT_ID, structuredContent: { variants: [{ attributes: { Size: 'S' } }, { attributes: { Size: 'M' } }], variantOptionOrdering: ['Size'] } } }, "\n  \n  \n  \n  \n\n  <div class=\"product-variants\" data-item-id=\"6561a0c2f1d4e83b2c9a7d10\" data-variants=\"[{&quot;attributes&quot;:{&quot;Size&quot;:&quot;S&quot;}},{&quot;attributes&quot;:{&quot;Size&quot;:&quot;M&quot;}}]\" data-animation-role=\"content\">\n    <div class=\"variant-option\">\n    <div class=\"variant-option-title\">Size: </div>\n    <div class=\"variant-select-wrapper\">\n      <select aria-label=\"Select Size\" data-variant-option-name=\"Size\">\n        <option value=\"\">Select Size</option>\n        <option value=\"S\">S</option><option value=\"M\">M</option>\n      </select>\n    </div>\n    <div class=\"variant-radiobtn-wrapper\" data-variant-option-name=\"Size\">\n      <input type=\"radio\" class=\"variant-radiobtn\" value=\"S\" name=\"variant-option-Size\" id=\"variant-option-Size-S\"/>\n      <label class=\"sqs-button-element--secondary\" role=\"button\" tabindex=\"0\" for=\"variant-option-Size-S\">S</label>\n      <input type=\"radio\" class=\"variant-radiobtn\" value=\"M\" name=\"variant-option-Size\" id=\"variant-option-Size-M\"/>\n      <label class=\"sqs-button-element--secondary\" role=\"button\" tabindex=\"0\" for=\"variant-option-Size-M\">M</label>\n    </div>\n    </div>\n  </div>\n\n\n\n\n\n\n\n\n\n\n\n\n\n<div class=\"sqs-add-to-cart-button-wrapper\" data-animation-role=\"button\">\n  <div class=\"sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary \" role=\"button\" tabindex=\"0\" data-dynamic-strings data-collection-id=\"\" data-item-id=\"6561a0c2f1d4e83b2c9a7d10\" data-product-type=\"\" data-use-custom-label=\"\" data-original-label=\"Add To Cart\" >\n    <div class=\"sqs-add-to-cart-button-inner\">Add To Cart</div>\n  </div>\n</div>"),
  },
  'product-price': {
    usage: '{item|product-price}',
    description: "The product's price block: the price, 'from' the lowest when the variants' prices differ, the sale price when on sale (subscriptions: their billing period).",
    example: ex('{item|product-price}', { item: { structuredContent: { productType: 1, variants: [{ priceMoney: { currency: 'USD', value: '24.00' }, onSale: false }] } } }, "\n\n\n<div class=\"product-price\">\n<span class=\"sqs-money-native\">24.00</span>\n</div>"),
  },
  'product-quick-view': {
    usage: '{item|product-quick-view [group]}',
    description: "The 'Quick View' button of product lists (text from `localizedStrings.productQuickViewText`); `group` names a field or variable whose value groups the buttons.",
    example: ex('{item|product-quick-view collectionId}', { item: { id: PRODUCT_ID, collectionId: COLLECTION_ID } }, "<span class=\"sqs-product-quick-view-button\" role=\"button\" tabindex=\"0\" data-id=\"6561a0c2f1d4e83b2c9a7d10\" data-group=\"6561a0c2f1d4e83b2c9a7d01\">Quick View</span>"),
  },
  'product-restock-notification': {
    usage: '{item|product-restock-notification}',
    description: "The 'notify me when back in stock' form of a product, from its entry in `productMerchandisingContext` (texts, mailing-list opt-in, the variants it shows for).",
    example: ex('{item|product-restock-notification}', { item: { id: PRODUCT_ID }, productMerchandisingContext: merchandising({ mailingListSignUpEnabled: false, restockNotificationMessages: { buttonText: 'Notify me', CTAText: 'Get an email when this apron is back in stock', placeholderText: 'Email address' }, restockNotificationViews: [{ hiddenByDefault: false, variantId: 'v-sand-m' }] }) }, "\n\n\n\n\n\n\n<div class=\"product-restock-notification\" data-product-id=\"6561a0c2f1d4e83b2c9a7d10\" data-variant-id=\"v-sand-m\">\n  <span class=\"product-restock-cta\">Get an email when this apron is back in stock</span>\n  <form class=\"product-restock-form\" action=\"#\">\n    <input type=\"text\" x-autocompletetype=\"email\" spellcheck=\"false\" name=\"email\" placeholder=\"Email address\">\n    <input class=\"sqs-editable-button\" type=\"submit\" value=\"Notify me\">\n  </form>\n\n\n</div>\n"),
  },
  'product-scarcity': {
    usage: '{item|product-scarcity}',
    description: "The low-stock notice of a product ('Only 3 left!'), from its entry in `productMerchandisingContext`: `scarcityText` filled per variant of `scarcityTemplateViews`; nothing when scarcity is off.",
    example: ex('{item|product-scarcity}', { item: { id: PRODUCT_ID }, productMerchandisingContext: merchandising({ scarcityEnabled: true, scarcityText: 'Only {qtyInStock} left!', scarcityShownByDefault: true, scarcityTemplateViews: [{ qtyInStock: 3, attributes: { Size: 'M' } }] }) }, "\n  <div class=\"product-scarcity\" data-variant-attributes=\"{&quot;Size&quot;:&quot;M&quot;}\" hidden>\n    Only 3 left!\n  </div>\n"),
  },
  'quantity-input': {
    usage: '{item|quantity-input}',
    description: 'The quantity field of a product form, shown only for a physical product (or a service when `websiteSettings` allows several) that is not a subscription and has more than one in stock; nothing otherwise.',
    example: ex('{item|quantity-input}', { item: { id: PRODUCT_ID, structuredContent: { productType: 1, isSubscribable: false, variants: [{ qtyInStock: 0 }, { qtyInStock: 12 }] } } }, "\n\n\n<div class=\"product-quantity-input\" data-item-id=\"6561a0c2f1d4e83b2c9a7d10\" data-animation-role=\"content\">\n  <div class=\"quantity-label\">Quantity:</div>\n  <input aria-label=\"Quantity\" size=\"4\" max=\"9999\" min=\"1\" value=\"1\" type=\"number\" step=\"1\"></input>\n</div>"),
  },
  'subscription-price': {
    usage: '{item|subscription-price}',
    description: "The price block of a subscription product from its variants' `pricingOptions`: the price, 'from' the lowest when they differ, the sale price when on sale.",
    example: ex('{item|subscription-price}', { item: { structuredContent: { productType: 1, variants: [{ priceMoney: { currency: 'USD', value: '30.00' }, onSale: false, pricingOptions: [{ priceMoney: { currency: 'USD', value: '27.00' }, salePriceMoney: { currency: 'USD', value: '0' }, onSale: false, subscriptionPlan: { billingPeriod: { value: 3, unit: 'MONTH' }, numBillingCycles: 4 } }] }] } } }, "\n\n\n<div class=\"subscription-price\">\n<span class=\"sqs-money-native\">27.00</span>\n</div>"),
  },
  'summary-form-field': {
    usage: '{field|summary-form-field}',
    description: "A submitted form field for the summary of a form or order: its title and value, laid out by its `type` (name, address, time, checkbox, ...).",
    example: ex('{field|summary-form-field}', { field: { type: 'name', rawTitle: 'Name', values: { First: 'Ada', Last: 'Lovelace' } } }, "<div style=\"font-size:11px; margin-top:3px\">\n  <span style=\"font-weight:bold;\">Name:</span> Ada Lovelace\n</div>"),
  },
  'variants-select': {
    usage: '{item|variants-select}',
    description: "A select and a radio group per product option (in `variantOptionOrdering`) listing the values the variants have, in first-seen order; nothing for a product without options.",
    example: ex('{item|variants-select}', { item: { id: PRODUCT_ID, structuredContent: { variants: [{ attributes: { Colour: 'Sand' } }, { attributes: { Colour: 'Slate' } }], variantOptionOrdering: ['Colour'] } } }, "\n  \n  \n  \n  \n\n  <div class=\"product-variants\" data-item-id=\"6561a0c2f1d4e83b2c9a7d10\" data-variants=\"[{&quot;attributes&quot;:{&quot;Colour&quot;:&quot;Sand&quot;}},{&quot;attributes&quot;:{&quot;Colour&quot;:&quot;Slate&quot;}}]\" data-animation-role=\"content\">\n    <div class=\"variant-option\">\n    <div class=\"variant-option-title\">Colour: </div>\n    <div class=\"variant-select-wrapper\">\n      <select aria-label=\"Select Colour\" data-variant-option-name=\"Colour\">\n        <option value=\"\">Select Colour</option>\n        <option value=\"Sand\">Sand</option><option value=\"Slate\">Slate</option>\n      </select>\n    </div>\n    <div class=\"variant-radiobtn-wrapper\" data-variant-option-name=\"Colour\">\n      <input type=\"radio\" class=\"variant-radiobtn\" value=\"Sand\" name=\"variant-option-Colour\" id=\"variant-option-Colour-Sand\"/>\n      <label class=\"sqs-button-element--secondary\" role=\"button\" tabindex=\"0\" for=\"variant-option-Colour-Sand\">Sand</label>\n      <input type=\"radio\" class=\"variant-radiobtn\" value=\"Slate\" name=\"variant-option-Colour\" id=\"variant-option-Colour-Slate\"/>\n      <label class=\"sqs-button-element--secondary\" role=\"button\" tabindex=\"0\" for=\"variant-option-Colour-Slate\">Slate</label>\n    </div>\n    </div>\n  </div>\n"),
  },
  // i18n units
  consumption: {
    usage: '{amount|consumption in:unit [out:unit]}',
    description: "`unit` for fuel consumption (`liter-per-100kilometers`, `liter-per-kilometer`, `mile-per-gallon`, `mile-per-gallon-imperial`); without `out:` the locale's usual one.",
    example: ex('{v|consumption in:mile-per-gallon out:liter-per-100kilometers}', { v: 40 }, "5.9L/100km"),
  },
  light: {
    usage: '{amount|light in:unit out:unit}',
    description: "`unit` for light. The engine knows no light unit (the conformance corpus has none either), so the amount shows without one, as `unit` shows an unknown unit.",
    example: ex('{v|light in:lux}', { v: 300 }, "300"),
  },
  pressure: {
    usage: '{amount|pressure in:unit [out:unit]}',
    description: '`unit` for pressure (`hectopascal`, `millibar`, `inch-hg`, `millimeter-of-mercury`, `pound-per-square-inch`); without `out:` millibars. The engine has no display pattern for pressure units (and the conformance corpus no pressure case to take one from), so the unit shows by its name; an unknown unit name shows the bare amount.',
    example: ex('{v|pressure in:inch-hg out:millibar}', { v: 30 }, "1015.9 millibar"),
  },
  // social
  'comment-link': {
    usage: '{item|comment-link}',
    description: "A link to the item's comments (`fullUrl#comments-<id>`) with its comment count.",
    example: ex('{item|comment-link}', { item: { id: POST_ID, fullUrl: '/journal/linen-care', publicCommentCount: 2 } }, "\n  <a href=\"/journal/linen-care#comments-6561a0c2f1d4e83b2c9a7d22\" class=\"sqs-comment-link\" data-id=\"6561a0c2f1d4e83b2c9a7d22\">\n  2\n  Comments\n  </a>\n\n"),
  },
  comments: {
    usage: '{item|comments}',
    description: "The comment thread placeholder of an item (its id, count and `commentState`) that the comments script fills.",
    example: ex('{item|comments}', { item: { id: POST_ID, publicCommentCount: 0, commentState: 1 } }, "\n  <div class=\"squarespace-comments\" id=\"comments-6561a0c2f1d4e83b2c9a7d22\" data-item-id=\"6561a0c2f1d4e83b2c9a7d22\" data-public-comment-count=\"0\" data-comment-state=\"1\"></div>\n\n"),
  },
  'like-button': {
    usage: '{item|like-button}',
    description: "The like button of an item with its `likeCount`, when `websiteSettings.simpleLikingEnabled` is on; nothing otherwise.",
    example: ex('{item|like-button}', { websiteSettings: { simpleLikingEnabled: true }, item: { id: POST_ID, likeCount: 12 } }, "\n  <span class=\"sqs-simple-like\" data-item-id=\"6561a0c2f1d4e83b2c9a7d22\" data-like-count=\"12\">\n    <span class=\"like-icon\"></span>\n    <span class=\"like-count\"></span>\n  </span>\n\n"),
  },
  'social-button': {
    usage: '{item|social-button}',
    description: "The share button of an item (title, URL, main image) when `website.shareButtonOptions` lists services; nothing otherwise.",
    example: ex('{item|social-button}', { website: { shareButtonOptions: ['facebook', 'pinterest'] }, item: { recordType: 1, title: 'Linen care', fullUrl: '/journal/linen-care', mainImageId: 'img-2041', mainImage: { assetUrl: '/assets/apron.jpg' } } }, "<div class=\"squarespace-social-buttons button-style\" data-system-data-id=\"img-2041\" data-asset-url=\"/assets/apron.jpg\" data-record-type=\"1\" data-full-url=\"/journal/linen-care\" data-title=\"Linen care\"></div>"),
  },
  'social-button-inline': {
    usage: '{item|social-button-inline}',
    description: 'The inline variant of `social-button`.',
    example: ex('{item|social-button-inline}', { website: { shareButtonOptions: ['facebook', 'pinterest'] }, item: { recordType: 1, title: 'Linen care', fullUrl: '/journal/linen-care', mainImageId: 'img-2041', mainImage: { assetUrl: '/assets/apron.jpg' } } }, "<span class=\"squarespace-social-buttons inline-style\" data-system-data-id=\"img-2041\" data-asset-url=\"/assets/apron.jpg\" data-record-type=\"1\" data-full-url=\"/journal/linen-care\" data-title=\"Linen care\"></span>"),
  },
  'twitter-follow-button': {
    usage: '{account|twitter-follow-button}',
    description: "A Twitter follow button for a connected account's `userName` (else the name at the end of its `profileUrl`).",
    example: ex('{account|twitter-follow-button}', { account: { userName: 'atelier', profileUrl: 'https://twitter.com/atelier' } }, "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script><div class=\"squarespace-follow-button\" data-username=\"atelier\"></div>"),
  },
};
