import { EXTRA_LIMITS } from '../../../../../domain/catalog/product-extras.js';
import { TextField } from '../../../ui/fields.js';
import { textOf, type PanelProps } from './panel-values.js';

/** The product page's title and description for search engines and link previews (blank: the product's own). */
export function SeoPanel({ product, change, errors, disabled }: PanelProps) {
  const title = textOf(product.seoTitle);
  const description = textOf(product.seoDescription);
  return (
    <div className="product-extra-panel" data-panel="seo">
      <TextField
        label="SEO title"
        hint={`${title.length} / ${EXTRA_LIMITS.seoTitle}. Blank uses the product title.`}
        maxLength={EXTRA_LIMITS.seoTitle}
        disabled={disabled}
        value={title}
        onChange={(e) => change({ seoTitle: e.currentTarget.value })}
        error={errors.seoTitle}
      />
      <TextField
        label="SEO description"
        hint={`${description.length} / ${EXTRA_LIMITS.seoDescription}. Blank uses the product's excerpt or description.`}
        maxLength={EXTRA_LIMITS.seoDescription}
        disabled={disabled}
        value={description}
        onChange={(e) => change({ seoDescription: e.currentTarget.value })}
        error={errors.seoDescription}
      />
    </div>
  );
}
