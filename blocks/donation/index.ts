import { z } from 'zod';
import { defineBlock } from '../define.js';

/** donation.html */
export const DONATION_PARTIAL = "<div class=\"block-donation\" data-block-code=\"52\">{.section props.title}<h2 class=\"block-donation-title\">{@|html}</h2>{.end}{.section data}<form class=\"donation-form\" method=\"get\" action=\"/donate\">\n  <fieldset class=\"donation-amounts\"><legend>{legend|html}</legend>{.repeated section options}<label class=\"donation-amount\"><input type=\"radio\" name=\"amount\" value=\"{value|htmlattr}\"{.if checked} checked{.end}> {label|html}</label>{.end}</fieldset>\n  {.if custom}<label class=\"donation-custom\"><span>{customLabel|html}</span> <input type=\"number\" name=\"custom\" inputmode=\"decimal\" autocomplete=\"off\" min=\"{min|htmlattr}\" max=\"{max|htmlattr}\" step=\"{step|htmlattr}\"></label>{.end}\n  {.if coverFee}<label class=\"donation-cover-fee\"><input type=\"checkbox\" name=\"coverFee\" value=\"1\"> {coverFeeLabel|html}</label>{.end}\n  {.if monthly}<fieldset class=\"donation-frequency\"><legend>{frequencyLegend|html}</legend><label><input type=\"radio\" name=\"frequency\" value=\"once\" checked> {onceLabel|html}</label> <label><input type=\"radio\" name=\"frequency\" value=\"monthly\"> {monthlyLabel|html}</label></fieldset>{.end}\n  <p class=\"donation-range\">{range|html}</p>\n  <button class=\"button donation-submit\" type=\"submit\">{button|html}</button>\n</form>{.or}<p class=\"block-donation-link\"><a class=\"button\" href=\"/donate\">Donate</a></p>{.end}</div>\n";

/**
 * The donation block (SPEC §3 BlockType 52, issue 30): suggested amounts and, when the owner
 * allows it, a custom amount, in a plain GET form to the donate page (203), which takes the
 * card. No script and nothing per visitor, so a page holding it stays cacheable. Amounts are
 * integer minor units of the site's currency; the loader (loader.ts) labels them and drops
 * any outside the site's donation limits (domain/commerce/donations.ts).
 */
export const donationBlock = defineBlock({
  name: 'donation',
  code: 52,
  group: 'COMMERCE',
  props: z.strictObject({
    title: z.string().max(200).default(''),
    // Rows (not bare numbers) so that the page editor's generic props form draws them: one 'Cents' field each.
    amounts: z
      .array(z.strictObject({ cents: z.number().int('Amounts are whole minor units (cents).').min(1, 'Amounts must be above zero.').max(1_000_000_000, 'This amount is too large.') }))
      .max(6, 'Offer at most six amounts.')
      .default([{ cents: 1000 }, { cents: 2500 }, { cents: 5000 }]),
    allowCustom: z.boolean().default(true),
    // A "cover the card fee" checkbox (the donate page shows the fee and the total; coverFeeCents).
    offerCoverFee: z.boolean().default(true),
    // One time or monthly (a monthly gift is a subscription renewed by the renewal Cron).
    offerMonthly: z.boolean().default(true),
    buttonLabel: z.string().trim().max(40).default('Donate'),
  }),
  partial: DONATION_PARTIAL,
});
