import { and, eq } from 'drizzle-orm';
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { commercePreferences } from '../../../schema/index.js';
import {
  PREFERENCE_DEFAULTS, type PaymentsView, type PreferenceNamespace, type Preferences,
} from '../../../domain/commerce/preferences.js';
import { fractionDigits } from '../../../domain/money/fraction-digits.js';
import { bumpStatement } from '../content-version.js';
import { DEFAULT_HOLD_MINUTES } from '../cart/carts.js';
import { rawD1 } from '../cart/raw.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import type { SiteRecord } from '../websites.js';
import { secretLast4 } from './secrets.js';

export { canStoreSecrets, deleteSecret, readSecret, storeSecret } from './secrets.js';

type Stored = Exclude<PreferenceNamespace, 'store'>;

/** A namespace's stored object over its defaults (fields the schema no longer knows are dropped). */
async function readStored<N extends Stored>(db: Db, websiteId: string, namespace: N): Promise<Preferences<N>> {
  const [row] = await query(() =>
    db
      .select({ value: commercePreferences.value })
      .from(commercePreferences)
      .where(and(eq(commercePreferences.websiteId, websiteId), eq(commercePreferences.namespace, namespace)))
      .limit(1),
  );
  const defaults = PREFERENCE_DEFAULTS[namespace] as Record<string, unknown>;
  const value = row?.value ?? {};
  const merged = Object.fromEntries(Object.keys(defaults).map((k) => [k, k in value ? value[k] : defaults[k]]));
  return merged as Preferences<N>;
}

/** The store namespace is the websites row: currency, store settings and captcha site key. */
function storeView(site: SiteRecord): Preferences<'store'> {
  const s = site.storeSettings;
  const minutes = s.stockHoldMinutes;
  return {
    currency: site.currency as Preferences<'store'>['currency'],
    multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices !== false,
    useCLDRMoneyFormat: s.useCLDRMoneyFormat !== false,
    stockHoldMinutes: typeof minutes === 'number' ? minutes : DEFAULT_HOLD_MINUTES,
    expressCheckout: s.expressCheckout === true,
    captchaSiteKey: site.captchaSiteKey ?? '',
  };
}

/**
 * The tax namespace lives on the websites row too (`store_settings.pricesIncludeTax`), so every
 * page has it in `websiteSettings.storeSettings` without a read of its own (the "incl. tax" notes).
 */
function taxView(site: SiteRecord): Preferences<'tax'> {
  return { pricesIncludeTax: site.storeSettings.pricesIncludeTax === true };
}

/** Writes the tax namespace into the websites row's store settings (one UPDATE; skipped when unchanged). */
async function writeTax(db: Db, site: SiteRecord, input: Preferences<'tax'>, now: number): Promise<string[]> {
  const changed = changedKeys(taxView(site), input);
  if (changed.length === 0) return changed;
  await query(() =>
    rawD1(db)
      .prepare(`UPDATE websites SET store_settings = json_set(store_settings, '$.pricesIncludeTax', json(?2)), updated_on = ?3, content_version = content_version + 1 WHERE id = ?1`)
      .bind(site.id, input.pricesIncludeTax ? 'true' : 'false', now)
      .run(),
  );
  forgetSite(site.id);
  return changed;
}

/** Where checkout's Stripe secret comes from (the site's stored key wins over the deployment's). */
export interface PaymentSources {
  STRIPE_SECRET_KEY?: string | undefined;
}

/**
 * One namespace as GET answers it, without websiteId (the route adds it). The payments
 * namespace adds the stored secret's last four characters, never the secret.
 */
export async function readPreferences(db: Db, site: SiteRecord, namespace: PreferenceNamespace, env: PaymentSources): Promise<Record<string, unknown>> {
  if (namespace === 'store') return storeView(site);
  if (namespace === 'tax') return taxView(site);
  const value = await readStored(db, site.id, namespace);
  if (namespace !== 'payments') return value;
  const last4 = await secretLast4(db, site.id, 'stripe');
  const view: PaymentsView = { ...(value as Preferences<'payments'>), stripeSecretKeyLast4: last4, stripeSecretKeySource: last4 ? 'site' : env.STRIPE_SECRET_KEY ? 'deployment' : null };
  return view;
}

/** Why a currency change was refused (the route answers 409 with the message). */
export class CurrencyChangeRefused extends Error {}

/** Names of the scalar fields whose value differs (SPEC §5: unchanged scalar writes are skipped). */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  // Objects (the donation limits per currency) compare by their JSON.
  const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
  return Object.keys(after).filter((k) => !same(before[k], after[k]));
}

/** Open carts of a site that still hold lines priced in `currency`: a currency change would mix them. */
const OPEN_LINES_SQL = `SELECT count(DISTINCT c.id) AS n FROM carts c JOIN cart_entries e ON e.cart_id = c.id
  WHERE c.website_id = ?1 AND c.is_purchased = 0 AND c.expires_on > ?2`;

/**
 * Changes the store currency: prices keep their number (10.00 USD becomes 10 JPY; 1,200 JPY
 * becomes 1,200.00 USD), so minor units scale by 10^(new digits - old digits). One D1 batch:
 * the websites UPDATE is conditional on the old currency and on no open cart holding lines,
 * and each price UPDATE runs only if that first one took effect (the site is in the new
 * currency), so a refused or raced change moves nothing. Placed orders, gift cards and
 * subscriptions keep the currency they were bought in.
 */
function currencyStatements(db: Db, websiteId: string, from: string, to: string, now: number): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const shift = fractionDigits(to) - fractionDigits(from);
  const scale = (col: string) => (shift === 0 ? col : shift > 0 ? `${col} * ${10 ** shift}` : `CAST(ROUND(${col} / ${10 ** -shift}.0) AS INTEGER)`);
  const moved = `(SELECT currency FROM websites WHERE id = ?1) = ?3`;
  return [
    d1
      .prepare(
        `UPDATE websites SET currency = ?3, updated_on = ?4 WHERE id = ?1 AND currency = ?2 AND NOT EXISTS (
           SELECT 1 FROM carts c JOIN cart_entries e ON e.cart_id = c.id WHERE c.website_id = ?1 AND c.is_purchased = 0 AND c.expires_on > ?4)`,
      )
      .bind(websiteId, from, to, now),
    d1
      .prepare(`UPDATE products SET currency = ?3, price_cents = ${scale('price_cents')}, sale_price_cents = ${scale('sale_price_cents')} WHERE website_id = ?1 AND currency = ?2 AND ${moved}`)
      .bind(websiteId, from, to),
    d1
      .prepare(`UPDATE variants SET currency = ?3, price_cents = ${scale('price_cents')}, sale_price_cents = ${scale('sale_price_cents')} WHERE website_id = ?1 AND currency = ?2 AND ${moved}`)
      .bind(websiteId, from, to),
    ...(shift === 0 ? [] : checkoutAmountStatements(db, websiteId, to, scale)),
  ];
}

/**
 * The amounts of the shipping rates (flat, free-over amount and threshold, weight-tier
 * amounts, order-value tiers' bounds and amounts) and of the coupons (fixed amount, minimum
 * order) scale with the prices, by the same rule, in the same batch — so a $75 free-shipping
 * threshold over $36 mugs stays 75 over 36 in yen, not 7,500 yen over 36. Each row's
 * `version` moves, so an editor open on the old amounts gets 412 on save.
 */
function checkoutAmountStatements(db: Db, websiteId: string, to: string, scale: (col: string) => string): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const moved = `(SELECT currency FROM websites WHERE id = ?1) = ?2`;
  const field = (doc: string, path: string) => `'${path}', ${scale(`json_extract(${doc}, '${path}')`)}`;
  const tiers = (withBound: boolean) =>
    `json((SELECT json_group_array(json_set(t.value, ${field('t.value', '$.amountCents')}${withBound ? `, ${field('t.value', '$.upToCents')}` : ''})) FROM json_each(r.value, '$.tiers') t))`;
  const rate = `CASE json_extract(r.value, '$.kind')
      WHEN 'flat' THEN json_set(r.value, ${field('r.value', '$.amountCents')})
      WHEN 'free-over' THEN json_set(r.value, ${field('r.value', '$.amountCents')}, ${field('r.value', '$.freeFromCents')})
      WHEN 'weight' THEN json_set(r.value, '$.tiers', ${tiers(false)})
      WHEN 'value' THEN json_set(r.value, '$.tiers', ${tiers(true)})
      ELSE json(r.value) END`;
  return [
    d1
      .prepare(`UPDATE shipping_zones SET version = version + 1, rates = (SELECT json_group_array(json(${rate})) FROM json_each(shipping_zones.rates) r) WHERE website_id = ?1 AND ${moved}`)
      .bind(websiteId, to),
    d1
      .prepare(
        `UPDATE coupons SET version = version + 1, min_subtotal_cents = ${scale('min_subtotal_cents')},
           effect = CASE WHEN json_extract(effect, '$.kind') = 'fixed' THEN json_set(effect, ${field('effect', '$.amountCents')}) ELSE effect END
         WHERE website_id = ?1 AND ${moved}`,
      )
      .bind(websiteId, to),
  ];
}

/**
 * Writes one namespace. Only changed scalars are written; when nothing changed nothing is
 * written at all (no updated_on, no content-version bump). Returns the keys that changed.
 */
export async function writePreferences(db: Db, site: SiteRecord, namespace: PreferenceNamespace, input: Record<string, unknown>, now: number): Promise<string[]> {
  if (namespace === 'store') return writeStore(db, site, input as Preferences<'store'>, now);
  if (namespace === 'tax') return writeTax(db, site, input as Preferences<'tax'>, now);
  const before = (await readStored(db, site.id, namespace)) as Record<string, unknown>;
  const changed = changedKeys(before, input);
  if (changed.length === 0) return changed;
  const value = { ...before, ...input };
  await query(() =>
    db.batch([
      db
        .insert(commercePreferences)
        .values({ websiteId: site.id, namespace, value, updatedOn: now })
        .onConflictDoUpdate({ target: [commercePreferences.websiteId, commercePreferences.namespace], set: { value, updatedOn: now } }),
      // Instalment messaging, reviews and the like show on published pages.
      bumpStatement(db, site.id, now),
    ]),
  );
  forgetSite(site.id);
  return changed;
}

async function writeStore(db: Db, site: SiteRecord, input: Preferences<'store'>, now: number): Promise<string[]> {
  const before = storeView(site);
  const changed = changedKeys(before, input);
  if (changed.length === 0) return changed;
  const d1 = rawD1(db);
  const statements: D1PreparedStatement[] = [];
  if (input.currency !== before.currency) {
    const open = await query(() => d1.prepare(OPEN_LINES_SQL).bind(site.id, now).first<{ n: number }>());
    if (open && open.n > 0) {
      throw new CurrencyChangeRefused(
        `${open.n === 1 ? 'One open cart holds' : `${open.n} open carts hold`} items priced in ${before.currency}. Change the currency when they have been checked out or have expired.`,
      );
    }
    statements.push(...currencyStatements(db, site.id, before.currency, input.currency, now));
  }
  const settings = { ...site.storeSettings, multipleQuantityAllowedForServices: input.multipleQuantityAllowedForServices, useCLDRMoneyFormat: input.useCLDRMoneyFormat, stockHoldMinutes: input.stockHoldMinutes, expressCheckout: input.expressCheckout };
  statements.push(
    // Conditional on the new currency, so a refused currency change leaves the other fields too.
    d1
      .prepare('UPDATE websites SET store_settings = ?2, captcha_site_key = ?3, updated_on = ?4, content_version = content_version + 1 WHERE id = ?1 AND currency = ?5')
      .bind(site.id, JSON.stringify(settings), input.captchaSiteKey || null, now, input.currency),
  );
  const results = await query(() => d1.batch(statements));
  if (input.currency !== before.currency && results[0]!.meta.changes !== 1) {
    // A cart took a line between the check and the batch: nothing moved (the batch's price updates were conditional).
    throw new CurrencyChangeRefused(`An open cart holds items priced in ${before.currency}. Change the currency when it has been checked out or has expired.`);
  }
  forgetSite(site.id);
  return changed;
}


/**
 * The outbox drain's envelope lookup: each site's `email` preferences, read once per drain.
 * @example drainOutbox(db, sender, now, 20, mailEnvelopes(db))
 */
export function mailEnvelopes(db: Db): (websiteId: string) => Promise<{ senderName: string; replyTo: string }> {
  const seen = new Map<string, Promise<{ senderName: string; replyTo: string }>>();
  return (websiteId) => {
    let found = seen.get(websiteId);
    if (!found) {
      found = readStored(db, websiteId, 'email');
      seen.set(websiteId, found);
    }
    return found;
  };
}
