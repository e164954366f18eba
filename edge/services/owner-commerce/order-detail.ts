import { and, asc, desc, eq, gte, isNull } from 'drizzle-orm';
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

// A mail is the order's when its outbox row names the order (mail_outbox.order_id, fix5). Rows
// queued before that column existed have none: those, to the order's address after the order,
// are the order's when their subject is an order mail's naming exactly its number, in English or
// the order's language as the store texts read now (order-mail-subjects.ts).
const LEGACY_WINDOW = 200;

const mailColumns = {
  id: mailOutbox.id, kind: mailOutbox.kind, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, status: mailOutbox.status, createdOn: mailOutbox.createdOn, sentOn: mailOutbox.sentOn,
};

/** The mails of one order, newest first: its own rows, then the subject-matched ones from before order_id. */
async function orderMails(db: Db, websiteId: string, order: LoadedOrder['order']): Promise<OrderMail[]> {
  const [own, unlinked] = await Promise.all([
    query(() =>
      db.select(mailColumns).from(mailOutbox).where(and(eq(mailOutbox.websiteId, websiteId), eq(mailOutbox.orderId, order.id))).orderBy(desc(mailOutbox.createdOn)),
    ),
    query(() =>
      db
        .select(mailColumns)
        .from(mailOutbox)
        .where(and(eq(mailOutbox.websiteId, websiteId), isNull(mailOutbox.orderId), eq(mailOutbox.toAddress, order.email), gte(mailOutbox.createdOn, order.createdOn)))
        .orderBy(desc(mailOutbox.createdOn))
        .limit(LEGACY_WINDOW),
    ),
  ]);
  if (unlinked.length === 0) return own;
  const namesOrder = await orderMailSubjects(db, websiteId, order.language, order.orderNumber);
  return [...own, ...unlinked.filter((m) => namesOrder(m.subject))].sort((a, b) => b.createdOn - a.createdOn);
}

/** The site's order numbered `orderNumber` with all the owner sees of it, or undefined. */
export async function ownerOrderDetail(db: Db, websiteId: string, orderNumber: number): Promise<OwnerOrderDetail | undefined> {
  const [found] = await query(() =>
    db.select({ id: orders.id }).from(orders).where(and(eq(orders.websiteId, websiteId), eq(orders.orderNumber, orderNumber))).limit(1),
  );
  const loaded = found && (await loadOrder(db, websiteId, found.id));
  if (!loaded) return undefined;
  const id = loaded.order.id;
  const [paid, downloads, used, issued, subscription, mails] = await Promise.all([
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
    orderMails(db, websiteId, loaded.order),
  ]);
  return {
    ...loaded,
    payments: paid,
    downloads,
    giftCardsUsed: used,
    giftCardsIssued: issued.map(({ disabledOn, ...card }) => ({ ...card, disabled: disabledOn !== null })),
    subscription,
    mails,
  };
}
