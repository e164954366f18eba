import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env.js';
import { disableGiftCard, listOwnerGiftCards, parseGiftCardCursor, type OwnerGiftCard } from '../../services/owner-commerce/gift-cards.js';
import { formFields, formPost } from '../account/forms.js';
import { actionButton, html, notice, type Markup } from '../account/html.js';
import { ownerDateTime, ownerMoney } from './format.js';
import { permitted, refusePost, screen } from './screen.js';

/**
 * /config/gift-cards (permission `giftCards`): the cards the store issued, never their
 * codes (the table holds only a hash and the last four), balances, the order that bought
 * each and the orders that drew from it; the owner can disable a card.
 */
export const giftCardScreens = new Hono<AppEnv>({ strict: false });

/** What the screen says after a disable (codes in the link, so a link cannot inject text). */
const NOTICES: Record<string, [string, 'info' | 'error']> = {
  disabled: ['Gift card disabled. Checkout no longer accepts it.', 'info'],
  already: ['That gift card was already disabled.', 'info'],
  missing: ['No such gift card on this site.', 'error'],
};

function cardRow(c: Context<AppEnv>, g: OwnerGiftCard): Markup {
  const money = (cents: number) => ownerMoney(c, cents, g.currency);
  return html`<tr data-gift-card="${g.last4}"><td>•••• ${g.last4}</td><td>${ownerDateTime(c, g.createdOn)}</td><td>${money(g.initialCents)}</td><td data-balance>${money(g.balanceCents)}</td>
<td>${g.orderNumber === null ? '—' : html`<a href="/config/orders/${g.orderNumber}">#${g.orderNumber}</a>`}</td>
<td>${g.redemptions.length === 0 ? 'None' : html`<ul data-redemptions>${g.redemptions.map((r) => html`<li><a href="/config/orders/${r.orderNumber}">#${r.orderNumber}</a>: ${money(r.amountCents)}</li>`)}</ul>`}</td>
<td data-state>${g.disabledOn === null ? html`Active ${actionButton(c, '/config/gift-cards/disable', 'Disable', { giftCardId: g.id })}` : `Disabled ${ownerDateTime(c, g.disabledOn)}`}</td></tr>`;
}

giftCardScreens.get('/gift-cards', (c) => {
  const after = c.req.query('after');
  if (after !== undefined && !parseGiftCardCursor(after)) {
    return screen(c, '/config/gift-cards', 'giftCards', 'Gift cards', () => html`<h1>Gift cards</h1>${notice('That page link is not valid.')}<p><a href="/config/gift-cards">All gift cards</a></p>`, 400);
  }
  return screen(c, '/config/gift-cards', 'giftCards', 'Gift cards', async () => {
    const page = await listOwnerGiftCards(c.var.db, c.var.site.id, { after });
    const [message, kind] = NOTICES[c.req.query('notice') ?? ''] ?? [];
    return html`<h1>Gift cards</h1>
${notice(message, kind)}
${
  page.cards.length === 0
    ? html`<p data-gift-cards-empty>${after ? 'No more gift cards.' : 'No gift cards yet. A card is issued for each gift card a shopper buys.'}</p>`
    : html`<table class="owner-table gift-cards"><thead><tr><th scope="col">Card</th><th scope="col">Issued</th><th scope="col">Initial</th><th scope="col">Remaining</th><th scope="col">Bought with</th><th scope="col">Redeemed on</th><th scope="col">State</th></tr></thead><tbody>
${page.cards.map((g) => cardRow(c, g))}
</tbody></table>`
}
${page.next ? html`<p><a href="/config/gift-cards?after=${page.next}" rel="next">Older gift cards</a></p>` : ''}`;
  });
});

giftCardScreens.post('/gift-cards/disable', ...formPost, async (c) => {
  if (!permitted(c, 'giftCards')) return refusePost(c);
  const parsed = z.object({ giftCardId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).safeParse(await formFields(c));
  const outcome = parsed.success ? await disableGiftCard(c.var.db, c.var.site.id, parsed.data.giftCardId, Date.now()) : 'missing';
  return c.redirect(`/config/gift-cards?notice=${outcome}`, 303);
});
