import type { Db } from '../db.js';
import { queueMail } from '../mail/outbox.js';
import { minorToDecimal } from '../../../domain/money/money.js';
import type { LoadedOrder } from './order-json.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The order confirmation (through the outbox, never blocking the order). It
 * carries the signed order-status link (page 211); the token is only in the mail.
 */
export async function queueOrderMail(
  db: Db, site: { id: string; title: string }, { order, lines }: LoadedOrder, statusUrl: string, now: number, downloads: readonly { name: string; url: string }[] = [],
): Promise<void> {
  const money = (n: number) => `${minorToDecimal(n, order.currency)} ${order.currency}`;
  const rows = lines.map((l) => `${l.quantity} × ${l.productName}${l.sku ? ` (${l.sku})` : ''} — ${money(l.unitPriceCents * l.quantity)}`);
  const totals = [
    `Subtotal: ${money(order.subtotalCents)}`,
    ...(order.discountCents ? [`Discount: -${money(order.discountCents)}`] : []),
    `Shipping: ${money(order.shippingTotalCents)}`,
    `Tax: ${money(order.taxTotalCents)}`,
    `Total: ${money(order.grandTotalCents)}`,
    ...(order.giftCardCents ? [`Gift card: -${money(order.giftCardCents)}`, `Paid by card: ${money(order.grandTotalCents - order.giftCardCents)}`] : []),
  ];
  // Each digital product's signed, expiring download link.
  const files = downloads.map((d) => `${d.name}: ${d.url}`);
  const subject = `${site.title}: order #${order.orderNumber} confirmed`;
  const text = [`Thank you for your order #${order.orderNumber}.`, '', ...rows, '', ...totals, ...(files.length ? ['', 'Your downloads:', ...files] : []), '', `Order status: ${statusUrl}`].join('\n');
  const html = `<p>Thank you for your order #${order.orderNumber}.</p><ul>${rows.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul><p>${totals
    .map(escapeHtml)
    .join('<br>')}</p>${downloads.length ? `<p>Your downloads:</p><ul>${downloads.map((d) => `<li><a href="${escapeHtml(d.url)}">${escapeHtml(d.name)}</a></li>`).join('')}</ul>` : ''}<p><a href="${escapeHtml(statusUrl)}">View your order status</a></p>`;
  await queueMail(db, { websiteId: site.id, to: order.email, subject, text, html, kind: 'order-confirmation' }, now as never);
}
