import type { BlockLoadContext } from '../../edge/services/block-loads.js';
import { amountInputBounds, coverFeeRule } from '../../domain/commerce/donations.js';
import { displayMoney } from '../../domain/money/money.js';
import { siteDonationLimits } from '../../edge/services/donations/limits.js';
import { defineLoader } from '../define.js';
import { fillText } from '../../domain/languages/store-texts.js';
import { donationBlock } from './index.js';

/**
 * Every donation block of a page, with one read (the site's donation limits): its suggested amounts labelled in the
 * site's currency and locale (those outside the site's donation limits left out, the middle
 * one chosen), the custom field's wording and bounds, the cover-the-fee checkbox and the limits.
 */
const DEFAULT_BUTTON = 'Donate';

export const donationLoader = defineLoader(donationBlock, async (blocks, ctx: BlockLoadContext) => {
  const { currency, locale } = ctx.site;
  const [limits, t] = await Promise.all([siteDonationLimits(ctx.db, ctx.site), ctx.texts()]);
  const { minCents, maxCents } = limits;
  const bounds = amountInputBounds(currency, limits);
  const money = (cents: number) => displayMoney(cents, currency, locale);
  return blocks.map((props) => {
    const amounts = [...new Set(props.amounts.map((a) => a.cents))].filter((a) => a >= minCents && a <= maxCents).sort((a, b) => a - b);
    const middle = Math.floor((amounts.length - 1) / 2);
    return {
      legend: fillText(amounts.length ? t.donateChooseAmount : t.donateAmount, { currency }),
      options: amounts.map((value, i) => ({ value, label: money(value), checked: i === middle })),
      custom: props.allowCustom || amounts.length === 0,
      customLabel: amounts.length ? t.donateOtherAmount : t.donateEnterAmount,
      ...bounds,
      coverFee: props.offerCoverFee,
      monthly: props.offerMonthly,
      coverFeeLabel: fillText(t.donateCoverFeeShort, { rule: coverFeeRule(currency, locale) }),
      range: fillText(t.donateRange, { min: money(minCents), max: money(maxCents) }),
      // The owner's own label (the props default is the English word) unless it is that default.
      button: props.buttonLabel && props.buttonLabel !== DEFAULT_BUTTON ? props.buttonLabel : t.donateButton,
      frequencyLegend: t.donateHowOften,
      onceLabel: t.donateOneTime,
      monthlyLabel: t.donateMonthly,
    };
  });
});
