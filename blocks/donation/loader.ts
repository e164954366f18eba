import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { amountInputBounds, coverFeeRule } from '../../domain/commerce/donations.js';
import { displayMoney } from '../../domain/money/money.js';
import { siteDonationLimits } from '../../edge/services/donations/limits.js';
import { defineLoader } from '../define.js';
import { donationBlock } from './index.js';

/**
 * Every donation block of a page, with one read (the site's donation limits): its suggested amounts labelled in the
 * site's currency and locale (those outside the site's donation limits left out, the middle
 * one chosen), the custom field's wording and bounds, the cover-the-fee checkbox and the limits.
 */
export const donationLoader = defineLoader(donationBlock, async (blocks, ctx: BlockLoadContext) => {
  const { currency, locale } = ctx.site;
  const limits = await siteDonationLimits(ctx.db, ctx.site);
  const { minCents, maxCents } = limits;
  const bounds = amountInputBounds(currency, limits);
  const money = (cents: number) => displayMoney(cents, currency, locale);
  return blocks.map((props) => {
    const amounts = [...new Set(props.amounts.map((a) => a.cents))].filter((a) => a >= minCents && a <= maxCents).sort((a, b) => a - b);
    const middle = Math.floor((amounts.length - 1) / 2);
    return {
      legend: amounts.length ? `Choose an amount (${currency})` : `Amount (${currency})`,
      options: amounts.map((value, i) => ({ value, label: money(value), checked: i === middle })),
      custom: props.allowCustom || amounts.length === 0,
      customLabel: amounts.length ? 'Or enter another amount' : 'Enter an amount',
      ...bounds,
      coverFee: props.offerCoverFee,
      monthly: props.offerMonthly,
      coverFeeLabel: `Cover the card fee (${coverFeeRule(currency, locale)})`,
      range: `Between ${money(minCents)} and ${money(maxCents)}.`,
      button: props.buttonLabel || 'Donate',
    };
  });
});
