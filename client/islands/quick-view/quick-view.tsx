import { useState } from 'react';
import { LazyLightbox as Lightbox, preloadLightbox } from '../../components/lazy-lightbox.js';
import { MESSAGES } from '../../../domain/messages/storefront-messages.js';
import { ProductForm, type ProductFormProps } from '../product-form/product-form.js';
import type { ProductJson } from '../product-form/product-logic.js';
import { addToCartTextsOf } from '../../components/add-to-cart-texts.js';

interface PageJson {
  item?: { id: string; title: string; structuredContent?: ProductJson; mainImage?: { assetUrl: string; altText?: string } };
  websiteSettings?: { storeSettings?: { currency?: string; multipleQuantityAllowedForServices?: boolean; expressCheckout?: boolean } };
  localizedStrings?: Record<string, string>;
  productMerchandisingContext?: Record<string, ProductFormProps['merchandising']>;
  /** The page's theme texts: the add-to-cart button's words in its language (issue 29). */
  themeTexts?: Record<string, unknown>;
}

/**
 * The link's words in the product page's language (its `themeTexts.viewDetails`, issue 29), else
 * the English (store text `themeViewDetails`, kept here so the island does not carry the table).
 */
function viewDetailsText(texts: Record<string, unknown> | undefined, title: string): string {
  const text = typeof texts?.viewDetails === 'string' ? texts.viewDetails : 'View details for {title}';
  return text.replace('{title}', () => title);
}

/**
 * SPEC §2 Quick View on a listing card: a button that loads the product page's context
 * (`?format=json`) and opens its variants, quantity and add-to-cart in the lightbox. `network`:
 * the line shown when that page cannot be read, in the listing page's language (its
 * `themeTexts.network`, issue 29), since the product page's words have not arrived then.
 */
export function QuickView({ url, title, label, network = MESSAGES.network }: { url: string; title: string; label: string; network?: string }) {
  const [page, setPage] = useState<PageJson | null>(null);
  const [error, setError] = useState('');
  const open = async () => {
    setError('');
    preloadLightbox();
    try {
      const res = await fetch(`${url}?format=json`, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      setPage((await res.json()) as PageJson);
    } catch {
      setError(network);
    }
  };
  const item = page?.item;
  const settings = page?.websiteSettings?.storeSettings;
  return (
    <>
      <button type="button" className="sqs-product-quick-view-button" aria-haspopup="dialog" onClick={() => void open()}>
        {label}
      </button>
      {error && <p role="alert">{error}</p>}
      {item?.structuredContent && (
        <Lightbox label={item.title} onClose={() => setPage(null)} className="quick-view">
          <div className="quick-view-body">
            {item.mainImage && <img src={`${item.mainImage.assetUrl}?format=750w`} alt={item.mainImage.altText ?? ''} />}
            <div>
              <h2>{item.title}</h2>
              <ProductForm
                itemId={item.id}
                title={item.title}
                product={item.structuredContent}
                currency={settings?.currency ?? 'USD'}
                strings={page?.localizedStrings}
                store={settings}
                merchandising={page?.productMerchandisingContext?.[item.id]}
                popover
                texts={addToCartTextsOf(page?.themeTexts)}
              />
              <a href={url}>{viewDetailsText(page?.themeTexts, title)}</a>
            </div>
          </div>
        </Lightbox>
      )}
    </>
  );
}
