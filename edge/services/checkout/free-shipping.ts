/**
 * The store's free-shipping threshold as the checkout applies it: page copy reads it from
 * here (blocks/text `{store.freeShippingOver}`) instead of typing an amount that can drift
 * from the shipping settings.
 */
import { asc, eq } from 'drizzle-orm';
import { shippingZones } from '../../../schema/index.js';
import { query, type Db } from '../db.js';

function freeFrom(rate: unknown): number | undefined {
  if (!rate || typeof rate !== 'object') return undefined;
  const { kind, freeFromCents } = rate as { kind?: unknown; freeFromCents?: unknown };
  return kind === 'free-over' && Number.isInteger(freeFromCents) && (freeFromCents as number) >= 0 ? (freeFromCents as number) : undefined;
}

/**
 * The lowest order value (minor units) from which a 'free-over' rate ships for free, in the
 * first zone (by the owner's order) that has one; null when no zone offers free shipping.
 * @example await freeShippingThreshold(db, site.id) // 7500 for the demo store's US zone
 */
export async function freeShippingThreshold(db: Db, websiteId: string): Promise<number | null> {
  const zones = await query(() =>
    db.select({ rates: shippingZones.rates }).from(shippingZones).where(eq(shippingZones.websiteId, websiteId)).orderBy(asc(shippingZones.position)),
  );
  for (const zone of zones) {
    const amounts = (Array.isArray(zone.rates) ? zone.rates : []).map(freeFrom).filter((n): n is number => n !== undefined);
    if (amounts.length) return Math.min(...amounts);
  }
  return null;
}
