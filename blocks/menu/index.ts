import { z } from 'zod';
import { moneyJson } from '../../domain/money/money.js';
import { defineBlock } from '../define.js';

/** menu.html */
export const MENU_PARTIAL = "<div class=\"block-menu\">{.repeated section view.sections}<section class=\"block-menu-section\">{.section title}<h3>{@|html}</h3>{.end}{.section note}<p class=\"block-menu-note\">{@|html}</p>{.end}<ul>{.repeated section items}<li class=\"block-menu-item\"><div class=\"block-menu-line\"><span class=\"block-menu-name\">{name|html}</span>{.section price}<span class=\"block-menu-price\">{@|money}</span>{.end}</div>{.section description}<p class=\"block-menu-description\">{@|html}</p>{.end}</li>{.end}</ul></section>{.end}</div>\n";

/** SPEC §3 currencies. */
const CURRENCIES = ['EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK', 'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR'] as const;

const item = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().max(1000).default(''),
  // Integer minor units (cents); null when the item has no price (market price, included).
  price: z.number().int().min(0).max(100_000_000).nullable().default(null),
});
const section = z.strictObject({
  title: z.string().max(200).default(''),
  note: z.string().max(500).default(''),
  items: z.array(item).max(100).default([]),
});

/**
 * A restaurant-style menu: sections of dishes with a description and a price. Prices are
 * integer minor units in the block's currency, written by the engine's `money` formatter
 * in the site's locale.
 */
export const menuBlock = defineBlock({
  name: 'menu',
  code: 18,
  group: 'MORE',
  props: z.strictObject({
    currency: z.enum(CURRENCIES).default('USD'),
    sections: z.array(section).max(20).default([]),
  }),
  partial: MENU_PARTIAL,
  view: (props) => ({
    sections: props.sections.map((s) => ({
      ...s,
      items: s.items.map((i) => ({ ...i, price: i.price === null ? undefined : moneyJson(i.price, props.currency) })),
    })),
  }),
});
