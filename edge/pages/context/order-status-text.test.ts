import { describe, expect, it } from 'vitest';
import { TranslationTable } from '../../services/multilingual/texts.js';
import type { PageRequest } from '../page-request.js';
import { orderStatusText } from './order-status-text.js';

const row = (fieldKey: string, text: string) => ({ kind: 'system', entityId: 'store-texts', fieldKey, text });
const french = { translations: Promise.resolve(new TranslationTable([row('accountStatusPaid', 'Payée'), row('accountStatusRefunded', 'Remboursée'), row('orderStatusPartiallyRefunded', 'Partiellement remboursée'), row('orderStatusCancelled', 'Annulée')])) } as PageRequest;

describe('orderStatusText', () => {
  it('words each order status in the page language', async () => {
    expect(await orderStatusText(french, 'paid')).toBe('Payée');
    expect(await orderStatusText(french, 'partially_refunded')).toBe('Partiellement remboursée');
    expect(await orderStatusText(french, 'refunded')).toBe('Remboursée');
    expect(await orderStatusText(french, 'cancelled')).toBe('Annulée');
  });

  it('gives the English on the primary language and for an untranslated status, nothing for an unknown one', async () => {
    expect(await orderStatusText({} as PageRequest, 'paid')).toBe('Paid');
    expect(await orderStatusText({} as PageRequest, 'partially_refunded')).toBe('Partially refunded');
    expect(await orderStatusText(french, 'constructor')).toBeUndefined();
    expect(await orderStatusText({} as PageRequest, 'pending')).toBeUndefined();
    expect(await orderStatusText({ translations: Promise.resolve(new TranslationTable()) } as PageRequest, 'paid')).toBe('Paid');
  });
});
