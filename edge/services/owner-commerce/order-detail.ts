import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { downloadGrants, giftCardRedemptions, giftCards, mailOutbox, orders, payments } from '../../../schema/index.js';
import { query, type Db } from '../db.js';
import { loadOrder, type LoadedOrder } from '../orders/index.js';
import { subscriptionOfOrder, type SubscriptionRow } from '../subscriptions/index.js';
import { orderMailSubjects } from './order-mail-subjects.js';

export type PaymentRow = typeof payments.$inferSelect;
export type DownloadGrantRow = typeof downloadGrants.$inferSelect;
export type OrderMail = Pick<typeof mailOutbox.$inferSelect, 'id' | 'kind' | 'toAddress' | 'subject' | 'status' | 'createdOn' | 'sentOn'>;

/** What the owner's order screen shows of one order, beyond the order itself. */
export interface OwnerOrderDetail extends LoadedOrder {
  payments: PaymentRow[];
  downloads: DownloadGrantRow[];
  /** Cards that paid part of this order: last four and the amount drawn. */
  giftCardsUsed: { last4: string; amountCents: number }[];
  /** Cards this order bought. */
  giftCardsIssued: { last4: string; initialCents: number; balanceCents: number; disabled: boolean }[];
  subscription?: SubscriptionRow;
  mails: OrderMail[];
}

// The outbox has no order column: a mail is the order's when it went to the order's address after
// the order and its subject is an order mail's naming exactly that number, in English or the
// order's language (order-mail-subjects.ts).
const MAIL_WINDOW = 200;

/** The site's order numbered `orderNumber` with all the owner sees of it, or undefined. */
export async function ownerOrderDetail(db: Db, websiteId: string, orderNumber: number): Promise<OwnerOrderDetail | undefined> {
  const [found] = await query(() =>
    db.select({ id: orders.id }).from(orders).where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber))).limit(1),
  );
  const loaded = found && (await loadOrder(db, websiteId, found.id));
  if (!loaded) return undefined;
  const id = loaded.order.id;
  const [paid, downloads, used, issued, subscription, mails, namesOrder] = await Promise.all([
    query(() => db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdOn))),
    query(() => db.select().from(downloadGrants).where(eq(downloadGrants.orderId, id)).orderBy(asc(downloadGrants.productName))),
    query(() =>
      db
        .select({ last4: giftCards.codeLast4, amountCents: giftCardRedemptions.amountCents })
        .from(giftCardRedemptions)
        .innerJoin(giftCards, eq(giftCards.id, giftCardRedemptions.giftCardId))
        .where(and(eq(giftCardRedemptions.orderId, id), eq(giftCardRedemptions.websiteId, websiteId))),
    ),
    query(() =>
      db
        .select({ last4: giftCards.codeLast4, initialCents: giftCards.initialCents, balanceCents: giftCards.balanceCents, disabledOn: giftCards.disabledOn })
        .from(giftCards)
        .where(and(eq(giftCards.orderId, id), eq(giftCards.websiteId, websiteId)))
        .orderBy(asc(giftCards.createdOn)),
    ),
    subscriptionOfOrder(db, websiteId, id),
    query(() =>
      db
        .select({ id: mailOutbox.id, kind: mailOutbox.kind, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, status: mailOutbox.status, createdOn: mailOutbox.createdOn, sentOn: mailOutbox.sentOn })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.websiteId, websiteId), eq(mailOutbox.toAddress, loaded.order.email), gte(mailOutbox.createdOn, loaded.order.createdOn)))
        .orderBy(desc(mailOutbox.createdOn))
        .limit(MAIL_WINDOW),
    ),
    orderMailSubjects(db, websiteId, loaded.order.language, orderNumber),
  ]);
  return {
    ...loaded,
    payments: paid,
    downloads,
    giftCardsUsed: used,
    giftCardsIssued: issued.map(({ disabledOn, ...card }) => ({ ...card, disabled: disabledOn !== null })),
    subscription,
    mails: mails.filter((m) => namesOrder(m.subject)),
  };
}
