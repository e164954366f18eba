import { ownerFetch } from '../../api.js';

/** One line of the order as GET /api/commerce/owner/orders/{number} gives it. */
export interface OrderLine {
  lineId: string;
  sku: string | null;
  productName: string;
  quantity: number;
  unitPrice: number;
  fulfilledQuantity: number;
  cancelledQuantity: number;
  fieldAnswers: { label: string; value: string }[];
}

/** What the order screen and the packing slip read. */
export interface OrderDetail {
  order: {
    orderNumber: number;
    email: string;
    currency: string;
    created: number;
    status: string;
    testMode: boolean;
    /** 'donation': a donation (issue 30), no cart bought. */
    kind?: 'order' | 'donation';
    shippingAddress: Record<string, string> | null;
    shippingOption: { name?: string } | null;
    items: OrderLine[];
    subtotal: number;
    discountTotal: number;
    shippingTotal: number;
    taxTotal: number;
    grandTotal: number;
    giftCardTotal: number;
  };
  payments: { provider: string; ref: string; amount: number; currency: string; status: string; created: number }[];
  mails: { kind: string; subject: string; toAddress: string }[];
  refundable: number;
  refunds: { id: string; amount: number; toPaymentMethod: number; toGiftCard: number; lines: { lineId: string; quantity: number }[] | null; status: string; reason: string | null; created: number; createdBy: string }[];
  fulfilments: { id: string; kind: string; carrier: string | null; trackingNumber: string | null; lines: { lineId: string; quantity: number }[]; created: number; createdBy: string }[];
  timeline: { kind: string; at: number; by: string; text: string }[];
}

export const openUnits = (l: OrderLine) => l.quantity - l.fulfilledQuantity - l.cancelledQuantity;

const base = (number: string | number) => `/api/commerce/owner/orders/${encodeURIComponent(String(number))}`;

export const orderApi = {
  load: (number: string) => ownerFetch<OrderDetail>('GET', base(number)),
  fulfil: (number: number, body: { lines: { lineId: string; quantity: number }[]; carrier?: string; trackingNumber?: string; requestId: string }) =>
    ownerFetch<unknown>('POST', `${base(number)}/fulfilments`, body),
  pickup: (number: number, body: { lines: { lineId: string; quantity: number }[]; requestId: string }) => ownerFetch<unknown>('POST', `${base(number)}/pickup`, body),
  cancel: (number: number, body: { reason?: string }) => ownerFetch<{ refund: { amount: number; status: string } | null; message?: string; giftCards?: { disabled: number; unusedCents: number; spentCents: number } }>('POST', `${base(number)}/cancel`, body),
  refund: (number: number, body: { amountCents?: number; lines?: { lineId: string; quantity: number }[]; reason?: string; requestId: string }) =>
    ownerFetch<{ refund: { amount: number } }>('POST', `${base(number)}/refunds`, body),
  note: (number: number, body: string) => ownerFetch<unknown>('POST', `${base(number)}/notes`, { body }),
};

/** A fresh key for one action (its retries reuse it, so the server does it once). */
export const newRequestId = () => crypto.randomUUID();

/** Minor units from what the owner typed ("12.50" in a 2-digit currency); undefined when not an amount. */
export function parseAmount(text: string, digits: number): number | undefined {
  const t = text.trim().replace(/,/g, '');
  const re = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!re.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 10 ** digits + Number((frac + '0'.repeat(digits)).slice(0, digits) || '0');
}
