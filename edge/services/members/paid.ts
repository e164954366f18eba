/**
 * Paid member areas (issue 30): a 'one-time' or 'recurring' area sells its access as a
 * paywall product (SPEC §3 ProductType 5), hidden from the store (products.visible = 0), bought
 * through the ordinary checkout (one-time: the shopping cart) or a subscription cart (recurring:
 * one monthly plan). The order's own batch grants the membership (grantStatements), so a paid
 * order never exists without its grant; a subscription's membership follows its state (hasAccess).
 */
import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { COLLECTION_TYPE, PRODUCT_TYPE, RECORD_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import type { CartView } from '../cart/index.js';
import { rawD1 } from '../cart/raw.js';
import { newRowId } from '../cart/tokens.js';
import { normaliseEmail } from '../accounts/tokens.js';
import { query, type Db } from '../db.js';
import { forgetSite } from '../site-versions.js';
import type { AreaAccess } from '../../../domain/members/member-views.js';

export const PAID_MESSAGES = {
  noStore: 'Add a store page before selling access: paid access is sold through the store checkout.',
  notForSale: 'Access to this member area is not for sale.',
} as const;

export interface PaidTerms {
  name: string;
  access: AreaAccess;
  priceCents: number;
  currency: string;
}

/** The store collection a paywall product lives in (hidden, so never listed): the site's first. */
async function storeOf(db: Db, websiteId: string): Promise<{ id: string; fullUrl: string } | undefined> {
  const row = await query(() =>
    rawD1(db)
      .prepare('SELECT id, full_url AS fullUrl FROM collections WHERE website_id = ?1 AND type = ?2 ORDER BY rowid LIMIT 1')
      .bind(websiteId, COLLECTION_TYPE.products)
      .first<{ id: string; fullUrl: string }>(),
  );
  return row ?? undefined;
}

/** 400 on `access` when a paid area cannot be sold on this site (it has no store). */
export async function checkSellable(db: Db, websiteId: string, access: AreaAccess): Promise<void> {
  if (access === 'free') return;
  if (!(await storeOf(db, websiteId))) throw new ApiError(400, 'invalid_request', PAID_MESSAGES.noStore, { fields: { access: PAID_MESSAGES.noStore } });
}

/** The sku of an area's paywall product (unique per site: the area id is). */
export const areaSku = (areaId: string) => `MEMBER-${areaId}`;

/**
 * Keeps the area's paywall product in step with its terms: created (item, hidden product,
 * one unlimited variant, the monthly plan when recurring) the first time the area is paid,
 * else its price, currency and plan updated. One batch each time.
 */
export async function syncAreaProduct(db: Db, websiteId: string, areaId: string, terms: PaidTerms, now: number): Promise<void> {
  const d1 = rawD1(db);
  const row = await query(() =>
    d1.prepare('SELECT product_id AS productId FROM member_areas WHERE id = ?1 AND website_id = ?2').bind(areaId, websiteId).first<{ productId: string | null }>(),
  );
  if (!row) return;
  const recurring = terms.access === 'recurring' ? 1 : 0;
  const title = `${terms.name} membership`;
  if (row.productId) {
    const id = row.productId;
    await query(() =>
      d1.batch([
        d1.prepare('UPDATE items SET title = ?1, updated_on = ?2 WHERE id = ?3 AND website_id = ?4').bind(title, now, id, websiteId),
        d1.prepare('UPDATE products SET currency = ?1, is_subscribable = ?2 WHERE item_id = ?3 AND website_id = ?4').bind(terms.currency, recurring, id, websiteId),
        d1.prepare('UPDATE variants SET price_cents = ?1, currency = ?2 WHERE product_id = ?3 AND website_id = ?4').bind(terms.priceCents, terms.currency, id, websiteId),
        d1.prepare('DELETE FROM subscription_plans WHERE product_id = ?1 AND ?2 = 0').bind(id, recurring),
        d1
          .prepare(
            `INSERT INTO subscription_plans (id, website_id, product_id, billing_period_value, billing_period_unit, num_billing_cycles, position)
             SELECT ?1, ?2, ?3, 1, 'MONTH', 0, 0 WHERE ?4 = 1 AND NOT EXISTS (SELECT 1 FROM subscription_plans WHERE product_id = ?3)`,
          )
          .bind(newRowId(), websiteId, id, recurring),
      ]),
    );
    forgetSite(websiteId);
    return;
  }
  if (terms.access === 'free') return;
  const store = await storeOf(db, websiteId);
  if (!store) throw new ApiError(400, 'invalid_request', PAID_MESSAGES.noStore, { fields: { access: PAID_MESSAGES.noStore } });
  const id = newRowId();
  const slug = `member-access-${areaId}`;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO items (id, website_id, collection_id, record_type, url_id, full_url, title, categories, tags, status, added_on, publish_on, updated_on)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '[]', '[]', 'published', ?8, ?8, ?8)`,
      )
      .bind(id, websiteId, store.id, RECORD_TYPE.storeItem, slug, `${store.fullUrl.replace(/\/$/, '')}/${slug}`, title, now),
    d1
      .prepare(
        `INSERT INTO products (item_id, website_id, product_type, currency, is_subscribable, visible, version)
         VALUES (?1, ?2, ?3, ?4, ?5, 0, 1)`,
      )
      .bind(id, websiteId, PRODUCT_TYPE.paywall, terms.currency, recurring),
    d1
      .prepare(
        `INSERT INTO variants (id, website_id, product_id, sku, currency, price_cents, qty_in_stock, unlimited, position)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 1, 0)`,
      )
      .bind(newRowId(), websiteId, id, areaSku(areaId), terms.currency, terms.priceCents),
    ...(recurring
      ? [
          d1
            .prepare(
              `INSERT INTO subscription_plans (id, website_id, product_id, billing_period_value, billing_period_unit, num_billing_cycles, position)
               VALUES (?1, ?2, ?3, 1, 'MONTH', 0, 0)`,
            )
            .bind(newRowId(), websiteId, id),
        ]
      : []),
    d1.prepare('UPDATE member_areas SET product_id = ?1 WHERE id = ?2 AND website_id = ?3').bind(id, areaId, websiteId),
  ];
  await query(() => d1.batch(statements));
  forgetSite(websiteId);
}

/** What a visitor's buy button puts in a cart: the paid area's product and sku. */
export async function areaOffer(db: Db, websiteId: string, areaId: string): Promise<{ itemId: string; sku: string; access: 'one-time' | 'recurring' } | undefined> {
  const row = await query(() =>
    rawD1(db)
      .prepare("SELECT product_id AS itemId, access FROM member_areas WHERE id = ?1 AND website_id = ?2 AND access <> 'free' AND product_id IS NOT NULL")
      .bind(areaId, websiteId)
      .first<{ itemId: string; access: 'one-time' | 'recurring' }>(),
  );
  return row ? { ...row, sku: areaSku(areaId) } : undefined;
}

/** True when the cart holds access to a member area. */
export const holdsAccess = (view: CartView) => view.entries.some((e) => e.productType === PRODUCT_TYPE.paywall);

/**
 * Before any payment: a cart holding access to a member area needs an area still selling it
 * (422 otherwise, nothing charged). A guest may buy: the order's batch gives the access to the
 * account with the checkout email (guest.ts).
 */
export async function checkPaywallCart(db: Db, websiteId: string, view: CartView): Promise<void> {
  if (!holdsAccess(view)) return;
  const ids = view.entries.filter((e) => e.productType === PRODUCT_TYPE.paywall).map((e) => e.itemId);
  const rows = await query(() =>
    rawD1(db)
      .prepare("SELECT product_id AS id FROM member_areas WHERE website_id = ?1 AND access <> 'free' AND product_id IN (SELECT value FROM json_each(?2))")
      .bind(websiteId, JSON.stringify(ids))
      .all<{ id: string }>(),
  );
  const selling = new Set(rows.results.map((r) => r.id));
  if (!ids.every((id) => selling.has(id))) throw new ApiError(422, 'not_for_sale', PAID_MESSAGES.notForSale);
}

/**
 * Statements for the batch that records a paid order (after the subscription it starts):
 * one upsert per paywall line making the shopper an active member of the line's area, linked
 * to the subscription when the order started one. A guest's order names the account with its
 * email (made earlier in the batch by guest.ts). Without an area selling the product or
 * without an account the row's NOT NULL area or user fails, and with it the whole batch:
 * a paid order is never recorded without its grant.
 */
export function membershipGrantStatements(db: Db, r: { orderId: string; websiteId: string; siteUserId: string | null; email: string; view: CartView; now: number }): D1PreparedStatement[] {
  const d1 = rawD1(db);
  const lines = [...new Set(r.view.entries.filter((e) => e.productType === PRODUCT_TYPE.paywall).map((e) => e.itemId))];
  return lines.map((itemId) =>
    d1
      .prepare(
        `INSERT INTO memberships (id, website_id, area_id, site_user_id, state, source, granted_by, starts_on, ends_on, subscription_id, updated_on)
         SELECT ?1, ?2, a.id, COALESCE(?3, (SELECT id FROM site_users WHERE website_id = ?2 AND email = ?7)), 'active', CASE WHEN s.id IS NULL THEN 'purchase' ELSE 'subscription' END, NULL, ?4, NULL, s.id, ?4
         FROM (SELECT 1) AS one
         LEFT JOIN member_areas a ON a.product_id = ?5 AND a.website_id = ?2 AND a.access <> 'free'
         LEFT JOIN subscriptions s ON s.first_order_id = ?6 AND s.website_id = ?2
         WHERE true
         ON CONFLICT (area_id, site_user_id) DO UPDATE SET state = 'active', source = excluded.source, granted_by = NULL,
           starts_on = excluded.starts_on, ends_on = NULL, subscription_id = excluded.subscription_id, updated_on = excluded.updated_on`,
      )
      .bind(newRowId(), r.websiteId, r.siteUserId, r.now, itemId, r.orderId, normaliseEmail(r.email)),
  );
}

/** The member area an order bought access to (its confirmation is page 208), if any. */
export async function areaOfOrder(db: Db, websiteId: string, orderId: string): Promise<string | undefined> {
  const row = await query(() =>
    rawD1(db)
      .prepare('SELECT a.id FROM order_lines l JOIN member_areas a ON a.product_id = l.item_id AND a.website_id = ?1 WHERE l.order_id = ?2 LIMIT 1')
      .bind(websiteId, orderId)
      .first<{ id: string }>(),
  );
  return row?.id;
}

/**
 * The statement that keeps a cancelled subscription's membership until the end of the period
 * already paid for: run in the cancel's batch BEFORE the subscription's own UPDATE (it reads the
 * subscription still active), it copies the subscription's next billing date into the membership's
 * `ends_on`. A past-due or paused subscription has no paid period left: nothing is kept. With
 * `siteUserId` (the shopper cancelling their own) only that shopper's membership is touched.
 * Access then holds while `ends_on` is ahead (areas.ts `subscriptionHolds`), and the renewal job's
 * `endLapsedMemberships` marks it ended once the date has passed.
 */
export function paidThroughStatement(db: Db, r: { subscriptionId: string; websiteId: string; siteUserId?: string; now: number }): D1PreparedStatement {
  return rawD1(db)
    .prepare(
      `UPDATE memberships SET ends_on = (SELECT s.next_billing_at FROM subscriptions s WHERE s.id = ?1 AND s.website_id = ?2), updated_on = ?3
       WHERE subscription_id = ?1 AND website_id = ?2 AND state = 'active' AND source = 'subscription' AND (?4 IS NULL OR site_user_id = ?4)
         AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = ?1 AND s.website_id = ?2 AND s.status = 'active' AND s.next_billing_at IS NOT NULL)`,
    )
    .bind(r.subscriptionId, r.websiteId, r.now, r.siteUserId ?? null);
}

/** The expiry step of the renewal job: active memberships whose end date has passed become 'ended' (one UPDATE). */
export async function endLapsedMemberships(db: Db, now: number): Promise<number> {
  const result = await query(() =>
    rawD1(db).prepare("UPDATE memberships SET state = 'ended', updated_on = ?1 WHERE state = 'active' AND ends_on IS NOT NULL AND ends_on <= ?1").bind(now).run(),
  );
  return result.meta.changes;
}

/**
 * SQL that is true when subscription `subscriptionParam` (a bound parameter such as `?4`) is
 * canceled and a membership that followed it was revoked by the owner (revoke.ts): the renewal
 * job charges nothing for it, and a charge already on its way when the revoke landed is refunded
 * (renew.ts, renewal-record.ts), so a revoke that stopped the plan is never followed by a charge.
 */
export const stoppedByRevoke = (subscriptionParam: string) =>
  `EXISTS (SELECT 1 FROM subscriptions s JOIN memberships m ON m.subscription_id = s.id AND m.website_id = s.website_id
           WHERE s.id = ${subscriptionParam} AND s.status = 'canceled' AND m.state = 'revoked')`;
