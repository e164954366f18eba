import { displayMoney } from '../../../domain/money/money.js';
import { fillText, STORE_TEXTS, STORE_TEXTS_ENTITY, type StoreTextKey } from '../../../domain/languages/store-texts.js';
import type { TranslationTable } from '../multilingual/texts.js';
import type { CouponWords } from '../checkout/coupons.js';

/**
 * The cart's refused-coupon messages in an added language (issue 29, lang24): its store texts
 * (the English where the site has not translated one), the minimum spend in the language's money
 * format ('20,00 $US').
 * @example couponWordsIn({ code: 'fr', table }).expired === 'Ce code promo a expiré.'
 */
export function couponWordsIn(language: { code: string; table: TranslationTable }): CouponWords {
  const text = (key: StoreTextKey) => language.table.get('system', STORE_TEXTS_ENTITY, key) || STORE_TEXTS[key];
  return {
    notStarted: text('couponNotStarted'),
    expired: text('couponExpired'),
    usedUp: text('checkoutCouponUsedUp'),
    belowMinimum: (minimumCents, currency) => fillText(text('couponBelowMinimum'), { amount: displayMoney(minimumCents, currency, language.code) }),
    noEligibleItems: text('couponNoEligibleItems'),
    unknown: text('couponUnknown'),
  };
}
