import { z } from 'zod';
import { defineBlock } from '../define.js';

/** summary.html */
export const SUMMARY_PARTIAL = "<div class=\"block-summary block-summary-{props.display|htmlattr}\">\n  {.section props.title}<div class=\"section-head\"><h2>{@|html}</h2></div>{.end}\n  {.section data}{.section items}{.if products}<ul class=\"summary-items product-grid\">\n    {.repeated section @}<li class=\"product-card{.sold-out?} is-sold-out{.end}\">\n      <a class=\"product-card-media\" href=\"{fullUrl|htmlattr}\" tabindex=\"-1\" aria-hidden=\"true\">{.section mainImage}<img src=\"{assetUrl|htmlattr}?format=750w\" {@|image-srcset 1} sizes=\"(max-width: 432px) 50vw, 25vw\" alt=\"{altText|htmlattr}\" loading=\"lazy\">{.or}<span class=\"media-placeholder\"></span>{.end}{@|product-status}</a>\n      <div class=\"product-card-body\">\n        <h3 class=\"product-card-title\"><a href=\"{fullUrl|htmlattr}\">{title|html}</a></h3>\n        {@|product-price}\n        <div class=\"product-card-actions\">\n          <div class=\"product-card-add\" data-island=\"add-to-cart\" data-island-load=\"visible\" data-prop-item-id=\"{id|json|htmlattr}\" data-prop-title=\"{title|json|htmlattr}\" data-prop-product=\"{structuredContent|json|htmlattr}\" data-prop-strings=\"{localizedStrings|json|htmlattr}\"{.if website.localeDates} data-prop-texts=\"{themeTexts|json|htmlattr}\"{.end} data-prop-express=\"{websiteSettings.storeSettings.expressCheckout|json|htmlattr}\">{.sold-out?}<div class=\"sqs-add-to-cart-button-wrapper\"><button class=\"button\" type=\"button\" disabled>{.if themeTexts.soldOut}{themeTexts.soldOut|html}{.or}Sold Out{.end}</button></div>{.or}{@|add-to-cart-btn}{.end}</div>\n          <div class=\"product-card-quick-view\" data-island=\"quick-view\" data-island-load=\"interaction\" data-prop-url=\"{fullUrl|json|htmlattr}\" data-prop-title=\"{title|json|htmlattr}\"{.if website.localeDates} data-prop-network=\"{themeTexts.network|json|htmlattr}\"{.end}>{@|product-quick-view}</div>\n        </div>\n      </div>\n    </li>{.end}\n  </ul>{.or}<ul class=\"summary-items post-list\">\n    {.repeated section @}<li class=\"post-card\">\n      {.section mainImage}<a class=\"post-card-media\" href=\"{fullUrl|htmlattr}\" tabindex=\"-1\" aria-hidden=\"true\"><img src=\"{assetUrl|htmlattr}?format=750w\" {@|image-srcset 1} sizes=\"(max-width: 432px) 100vw, 280px\" alt=\"{altText|htmlattr}\" loading=\"lazy\"></a>{.end}\n      <div class=\"post-card-body\">\n        <h2><a href=\"{fullUrl|htmlattr}\">{title|html}</a></h2>\n        <p class=\"post-meta\"><time datetime=\"{publishOn|date %Y-%m-%d}\">{.if website.localeDates}{publishOn|datetime date:long}{.or}{publishOn|date %B %e, %Y}{.end}</time>{.section author} <span>{.if themeTexts.by}{themeTexts.by|html}{.or}by{.end} {displayName|html}</span>{.end}{.comments?} <a href=\"{fullUrl|htmlattr}#comments\">{.if themeTexts.commentCount}{themeTexts.commentCount|message publicCommentCount|html}{.or}{@|comment-count}{.end}</a>{.end}</p>\n        {.excerpt?}<div class=\"post-excerpt\">{excerpt}</div>{.end}\n      </div>\n    </li>{.end}\n  </ul>{.end}{.or}<p class=\"summary-empty\">{.if themeTexts.nothingHereYet}{themeTexts.nothingHereYet|html}{.or}Nothing here yet.{.end}</p>{.end}{.or}<p class=\"summary-empty\">{.if themeTexts.nothingHereYet}{themeTexts.nothingHereYet|html}{.or}Nothing here yet.{.end}</p>{.end}\n</div>\n";

const urlId = z.string().regex(/^[a-z0-9-]{0,100}$/, 'Use a collection\'s URL: lowercase letters, digits and hyphens.');

/**
 * A collection's items (products or blog posts) as a grid, a list or a carousel, filtered
 * by category or tag and cut to `limit`; its server loader (loader.ts) finds them.
 */
export const summaryBlock = defineBlock({
  name: 'summary',
  code: 20,
  group: 'SUMMARY',
  props: z.strictObject({
    collection: urlId.default(''),
    title: z.string().max(200).default(''),
    display: z.enum(['grid', 'list', 'carousel']).default('grid'),
    category: z.string().max(100).default(''),
    tag: z.string().max(100).default(''),
    sort: z.enum(['collection', 'featured', 'newest']).default('collection'),
    limit: z.number().int().min(1).max(30).default(6),
  }),
  partial: SUMMARY_PARTIAL,
});
