import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { freeShippingThreshold } from '../../edge/services/checkout/free-shipping.js';
import { displayMoney } from '../../domain/money/money.js';
import { fractionDigits } from '../../domain/money/fraction-digits.js';
import { defineLoader } from '../define.js';
import { textBlock } from './index.js';
import { usesStoreValues } from './store-values.js';

/** Money as copy reads it: '$75' for a whole amount, '$74.50' otherwise (site currency and locale). */
function copyMoney(minor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency);
  if (digits === 0 || minor % 10 ** digits !== 0) return displayMoney(minor, currency, locale);
  const whole = { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 } as const;
  // A whole amount: dividing by the minor unit is exact.
  try {
    return new Intl.NumberFormat(locale.replace('_', '-'), whole).format(minor / 10 ** digits);
  } catch {
    return displayMoney(minor, currency, locale);
  }
}

/**
 * The store values of the page's text blocks that use one (`{store.freeShippingOver}`): one
 * D1 read for them all, none when no block uses a token. Values are display text in the site's
 * currency and locale (the partial escapes them); a missing setting is left out (nothing shown).
 */
export const textLoader = defineLoader(textBlock, async (blocks, ctx: BlockLoadContext) => {
  const using = blocks.map((props) => usesStoreValues(props.text));
  if (!using.some(Boolean)) return blocks.map(() => undefined);
  const threshold = await freeShippingThreshold(ctx.db, ctx.site.id);
  const values = { store: threshold === null ? {} : { freeShippingOver: copyMoney(threshold, ctx.site.currency, ctx.site.locale) } };
  return using.map((uses) => (uses ? values : undefined));
});
