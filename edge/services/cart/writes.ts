import type { D1PreparedStatement, D1Result } from '@cloudflare/workers-types';
import { PRODUCT_TYPE } from '../../../schema/index.js';
import { ApiError } from '../../errors.js';
import { rawD1 } from './raw.js';
import { query, type Db } from '../db.js';
import type { SiteRecord } from '../websites.js';
import { checkAdditionalFields, lineKey, normaliseAdditionalFields, type AdditionalFieldsMessages } from './additional-fields.js';
import { additionalFieldsFormOf, findPurchasable, type Purchasable } from './catalog.js';
import { dropIfEmptyStatement, findCart, holdDurationMs, insertCartStatement, newCart, touchCartStatement, type CartKind, type CartRecord } from './carts.js';
import { HOLD_WRITTEN, holdEntryStatement, holdLineStatement, releaseEntryStatement } from './holds.js';
import { QUANTITY_MAX } from '../../../domain/constants/storefront.js';
import { CART_MESSAGES } from '../../../domain/messages/cart-messages.js';
import { entriesFrom, entriesStatement, isLimited, loadEntries, type CartEntryView, type CartView } from './read.js';
import { newRowId } from './tokens.js';

/** Who acts on which site at which instant (time is a parameter so tests can move it). */
export interface CartScope {
  db: Db;
  site: Pick<SiteRecord, 'id' | 'currency' | 'storeSettings'>;
  now: number;
}

export interface AddEntryInput {
  itemId: string;
  sku: string | null;
  quantity: number;
  additionalFields?: string | Record<string, unknown> | null;
  /** The answers' check messages in the shopper's language (English without). */
  fieldMessages?: AdditionalFieldsMessages | undefined;
}

export interface AddEntryResult {
  /** The cart's token: the one given, or a new cart's (set it as the cookie). */
  token: string;
  created: boolean;
  view: CartView;
  entryId: string;
}

const stockConflict = () => new ApiError(409, 'insufficient_stock', CART_MESSAGES.notEnoughStock);
const entryNotFound = () => new ApiError(404, 'entry_not_found', CART_MESSAGES.entryNotFound);

/** SPEC §5: services take one unit unless the store allows more; everything else 9999. */
function maxQuantityOf(scope: CartScope, productType: number): number {
  const servicesMultiple = scope.site.storeSettings.multipleQuantityAllowedForServices !== false;
  return productType === PRODUCT_TYPE.service && !servicesMultiple ? 1 : QUANTITY_MAX;
}

function tooMany(max: number): ApiError {
  const message = max === 1 ? CART_MESSAGES.serviceSingleQuantity : CART_MESSAGES.quantityRange;
  return new ApiError(400, 'invalid_quantity', message, { fields: { quantity: message } });
}

async function run(db: Db, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return query(() => rawD1(db).batch(statements));
}

const firstRow = <T>(result: D1Result | undefined) => result?.results[0] as T | undefined;

/**
 * Adds `quantity` units of a line to the visitor's cart (creating the cart on the first
 * add), holding them when stock is finite. One D1 batch: [cart insert | touch], the
 * conditional hold, the entry upsert conditional on that hold, [drop the new cart if the
 * add was refused]. Refused adds change nothing.
 */
export async function addEntry(scope: CartScope, token: string | undefined, input: AddEntryInput, kind: CartKind = 'shopping', planId: string | null = null): Promise<AddEntryResult> {
  const { db, site, now } = scope;
  // The catalogue and the cart are read at once: two round trips in parallel, not in turn.
  const [item, existing] = await Promise.all([
    findPurchasable(db, site.id, input.itemId, input.sku, now),
    token ? findCart(db, site.id, token, now, kind) : undefined,
  ]);
  if (kind === 'shopping' && item.isSubscribable) throw new ApiError(400, 'subscription_only', CART_MESSAGES.subscriptionOnly);
  const max = maxQuantityOf(scope, item.productType);
  if (input.quantity > max) throw tooMany(max);
  const fields = checkAdditionalFields(item.fieldsForm, normaliseAdditionalFields(input.additionalFields), input.fieldMessages);
  const key = await lineKey(item.itemId, item.sku, fields);

  const fresh = existing ? undefined : await newCart(site.id, now, kind, planId);
  const cart: CartRecord = existing ?? fresh!.record;
  const requestId = newRowId();
  const newEntryId = newRowId();
  const limited = isLimited(item.productType, item.variantId, item.unlimited);

  const statements = [fresh ? insertCartStatement(db, cart) : touchCartStatement(db, cart.id, now)];
  if (limited) {
    statements.push(
      holdLineStatement(db, {
        cartId: cart.id, websiteId: site.id, lineKey: key, newEntryId, variantId: item.variantId!, delta: input.quantity,
        maxQuantity: max, now, expiresOn: now + holdDurationMs(site), requestId,
      }),
    );
  }
  statements.push(upsertEntryStatement(db, { cart, item, key, fields, newEntryId, delta: input.quantity, max, now, limited, requestId }));
  if (fresh) statements.push(dropIfEmptyStatement(db, cart.id));
  statements.push(entriesStatement(db, cart.id));
  const results = await run(db, statements);
  const written = firstRow<{ id: string }>(results[limited ? 2 : 1]);
  if (!written) {
    const line = existing ? (await loadEntries(db, cart.id)).find((e) => e.itemId === item.itemId && e.sku === item.sku && e.additionalFields === fields) : undefined;
    // Over the quantity cap is a 400; otherwise the stock check refused it.
    throw (line?.quantity ?? 0) + input.quantity > max ? tooMany(max) : stockConflict();
  }
  const view = { record: cart, entries: entriesFrom(results[results.length - 1]!) };
  return { token: existing ? token! : fresh!.token, created: !existing, view, entryId: written.id };
}

interface UpsertEntry {
  cart: CartRecord;
  item: Purchasable;
  key: string;
  fields: string | null;
  newEntryId: string;
  delta: number;
  max: number;
  now: number;
  limited: boolean;
  requestId: string;
}

function upsertEntryStatement(db: Db, u: UpsertEntry): D1PreparedStatement {
  const lineId = 'COALESCE((SELECT id FROM cart_entries WHERE cart_id = ?1 AND line_key = ?2), ?3)';
  return rawD1(db)
    .prepare(
      `INSERT INTO cart_entries (id, cart_id, website_id, item_id, sku, variant_id, line_key, additional_fields, quantity, unit_price_cents, currency, added_on, updated_on)
       SELECT ?3, ?1, ?4, ?5, ?6, ?7, ?2, ?8, ?9, ?10, ?11, ?12, ?12
       WHERE COALESCE((SELECT quantity FROM cart_entries WHERE cart_id = ?1 AND line_key = ?2), 0) + ?9 <= ?13
         AND (?14 = 0 OR ${HOLD_WRITTEN(lineId, '?15')})
       ON CONFLICT (cart_id, line_key) DO UPDATE SET quantity = cart_entries.quantity + excluded.quantity,
         unit_price_cents = excluded.unit_price_cents, currency = excluded.currency, updated_on = excluded.updated_on
       RETURNING id, quantity`,
    )
    .bind(
      u.cart.id, u.key, u.newEntryId, u.cart.websiteId, u.item.itemId, u.item.sku, u.item.variantId, u.fields, u.delta,
      u.item.unitPriceCents, u.item.currency, u.now, u.max, u.limited ? 1 : 0, u.requestId,
    );
}

async function ownedEntry(scope: CartScope, token: string | undefined, entryId: string): Promise<{ cart: CartRecord; entry: CartEntryView }> {
  const cart = token ? await findCart(scope.db, scope.site.id, token, scope.now) : undefined;
  const entry = cart ? (await loadEntries(scope.db, cart.id)).find((e) => e.id === entryId) : undefined;
  if (!cart || !entry) throw entryNotFound();
  return { cart, entry };
}

/**
 * Sets an entry's quantity (0 removes it). A finite-stock entry is re-held for the new
 * quantity by the same conditional statement as an add; refused -> 409, nothing changes.
 */
export async function setEntryQuantity(scope: CartScope, token: string | undefined, entryId: string, quantity: number): Promise<CartView> {
  if (quantity === 0) return removeEntry(scope, token, entryId);
  const { db, now } = scope;
  const { cart, entry } = await ownedEntry(scope, token, entryId);
  const max = maxQuantityOf(scope, entry.productType);
  if (quantity > max) throw tooMany(max);
  const requestId = newRowId();
  const statements = [touchCartStatement(db, cart.id, now)];
  if (entry.limited) {
    statements.push(holdEntryStatement(db, { cartId: cart.id, entryId, quantity, maxQuantity: max, now, expiresOn: now + holdDurationMs(scope.site), requestId }));
  }
  statements.push(
    rawD1(db)
      .prepare(
        `UPDATE cart_entries SET quantity = ?3, updated_on = ?4 WHERE id = ?1 AND cart_id = ?2 AND (?5 = 0 OR ${HOLD_WRITTEN('?1', '?6')}) RETURNING id`,
      )
      .bind(entryId, cart.id, quantity, now, entry.limited ? 1 : 0, requestId),
    entriesStatement(db, cart.id),
  );
  const results = await run(db, statements);
  if (!firstRow(results[results.length - 2])) throw stockConflict();
  return { record: cart, entries: entriesFrom(results[results.length - 1]!) };
}

/** Removes an entry and releases its hold in one batch. */
export async function removeEntry(scope: CartScope, token: string | undefined, entryId: string): Promise<CartView> {
  const { db, now } = scope;
  const { cart } = await ownedEntry(scope, token, entryId);
  const results = await run(db, [
    releaseEntryStatement(db, cart.id, entryId),
    rawD1(db).prepare('DELETE FROM cart_entries WHERE id = ?1 AND cart_id = ?2').bind(entryId, cart.id),
    touchCartStatement(db, cart.id, now),
    entriesStatement(db, cart.id),
  ]);
  return { record: cart, entries: entriesFrom(results[3]!) };
}

export interface UpdateFieldsInput {
  itemId: string;
  sku: string | null;
  additionalFields?: string | Record<string, unknown> | null;
  /** The answers' check messages in the shopper's language (English without). */
  fieldMessages?: AdditionalFieldsMessages | undefined;
}

/** Replaces an entry's additional-fields answers (SPEC §7 PUT .../additionalFields). */
export async function updateEntryFields(scope: CartScope, token: string | undefined, entryId: string, input: UpdateFieldsInput): Promise<CartView> {
  const { db, now } = scope;
  const { cart, entry } = await ownedEntry(scope, token, entryId);
  if (entry.itemId !== input.itemId || (input.sku !== null && entry.sku !== input.sku)) {
    throw new ApiError(400, 'entry_mismatch', CART_MESSAGES.entryMismatch, { fields: { itemId: CART_MESSAGES.entryMismatch } });
  }
  const form = await additionalFieldsFormOf(db, scope.site.id, entry.itemId);
  const fields = checkAdditionalFields(form, normaliseAdditionalFields(input.additionalFields), input.fieldMessages);
  const key = await lineKey(entry.itemId, entry.sku, fields);
  const results = await run(db, [
    rawD1(db)
      .prepare(
        `UPDATE cart_entries SET additional_fields = ?3, line_key = ?4, updated_on = ?5
         WHERE id = ?1 AND cart_id = ?2 AND NOT EXISTS (SELECT 1 FROM cart_entries WHERE cart_id = ?2 AND line_key = ?4 AND id <> ?1)
         RETURNING id`,
      )
      .bind(entryId, cart.id, fields, key, now),
    touchCartStatement(db, cart.id, now),
    entriesStatement(db, cart.id),
  ]);
  if (!firstRow(results[0])) throw new ApiError(409, 'duplicate_entry', CART_MESSAGES.duplicateLine);
  return { record: cart, entries: entriesFrom(results[2]!) };
}
