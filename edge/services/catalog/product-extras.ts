import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { EXTRA_MESSAGES } from '../../../domain/catalog/product-extras.js';
import type { PeriodUnit } from '../../../domain/commerce/subscription-wording.js';
import { ApiError } from '../../errors.js';
import { query, type Db } from '../db.js';

/** A subscription plan as the product body names it (SPEC §3 Subscription). */
export interface PlanInput {
  billingPeriodValue: number;
  billingPeriodUnit: PeriodUnit;
  numBillingCycles: number;
}

/** The merchandising settings the editor sets (SPEC §3 merchandising context); restock on/off stands for its view list. */
export interface MerchandisingInput {
  customSoldOutText?: string | null | undefined;
  scarcityEnabled?: boolean | undefined;
  scarcityText?: string | null | undefined;
  scarcityShownByDefault?: boolean | undefined;
  restockNotificationsEnabled?: boolean | undefined;
  mailingListSignUpEnabled?: boolean | undefined;
  mailingListOptInByDefault?: boolean | undefined;
}

/**
 * The product's extra settings of one save: a key left out keeps what is stored, null clears it
 * (docs/api/catalogue.md "Extra settings").
 */
export interface ProductExtras {
  isSubscribable?: boolean;
  subscriptionPlan?: PlanInput | null;
  additionalFieldsFormId?: string | null;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string | null;
  merchandising?: MerchandisingInput;
  seoTitle?: string | null;
  seoDescription?: string | null;
  /** Epoch ms; null: public now (a future time moves to now). */
  publishOn?: number | null;
  relatedProductIds?: string[];
  digitalFile?: { assetId: string; maxDownloads: number | null; linkLifetimeHours: number | null };
}

/** The extras as GET /api/owner/products/{id} answers them. */
export interface ProductExtrasAnswer {
  isSubscribable: boolean;
  subscriptionPlan: PlanInput | null;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string | null;
  merchandising: {
    customSoldOutText: string | null;
    scarcityEnabled: boolean;
    scarcityText: string | null;
    scarcityShownByDefault: boolean;
    restockNotificationsEnabled: boolean;
    mailingListSignUpEnabled: boolean;
    mailingListOptInByDefault: boolean;
  };
  seoTitle: string | null;
  seoDescription: string | null;
  /** ISO 8601 (UTC); the product is public from then on when published. */
  publishOn: string | null;
  relatedProductIds: string[];
  digitalFile: { assetId: string; fileName: string; size: number; contentType: string; maxDownloads: number | null; linkLifetimeHours: number | null } | null;
}

/** The restock form's view list when the owner turned it off (an empty list means every view). */
export const RESTOCK_OFF = '["none"]';
/** Where a digital product's file lives: `<site>/files/...`, never served by /assets/ (edge/files/assets.ts SOLD_FILES). */
export const privateFilePrefix = (identifier: string) => `${identifier}/files/`;

const newId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * The checks that need D1, before a save: the form is one of the site's additional-fields
 * forms, related products are other products of the site, the digital file was uploaded
 * here (private), and a subscription / custom button turned on has its plan / text (sent or
 * stored). 400 with every problem by field path.
 */
export async function checkExtras(db: Db, site: { id: string; identifier: string }, itemId: string | null, extras: ProductExtras): Promise<void> {
  const d1 = db.$client;
  const fields: Record<string, string> = {};
  const [form, related, asset, stored] = await query(() =>
    Promise.all([
      extras.additionalFieldsFormId
        ? d1.prepare("SELECT id FROM forms WHERE id = ? AND website_id = ? AND kind = 'additional-fields'").bind(extras.additionalFieldsFormId, site.id).first()
        : null,
      extras.relatedProductIds?.length
        ? d1
            .prepare('SELECT p.item_id AS id FROM products p WHERE p.website_id = ?1 AND p.item_id IN (SELECT value FROM json_each(?2))')
            .bind(site.id, JSON.stringify(extras.relatedProductIds))
            .all<{ id: string }>()
        : null,
      extras.digitalFile
        ? d1.prepare('SELECT id FROM assets WHERE id = ?1 AND website_id = ?2 AND substr(r2_key, 1, length(?3)) = ?3').bind(extras.digitalFile.assetId, site.id, privateFilePrefix(site.identifier)).first()
        : null,
      itemId
        ? d1
            .prepare(
              `SELECT p.custom_add_button_text AS buttonText, (SELECT COUNT(*) FROM subscription_plans s WHERE s.product_id = p.item_id) AS plans,
                 m.scarcity_text AS scarcityText
               FROM products p LEFT JOIN merchandising m ON m.product_id = p.item_id WHERE p.item_id = ?`,
            )
            .bind(itemId)
            .first<{ buttonText: string | null; plans: number; scarcityText: string | null }>()
        : null,
    ]),
  );
  if (extras.additionalFieldsFormId && !form) fields.additionalFieldsFormId = EXTRA_MESSAGES.formMissing;
  if (extras.relatedProductIds) {
    const found = new Set(related?.results.map((r) => r.id) ?? []);
    extras.relatedProductIds.forEach((id, i) => {
      if (id === itemId) fields[`relatedProductIds.${i}`] ??= EXTRA_MESSAGES.relatedSelf;
      else if (!found.has(id)) fields[`relatedProductIds.${i}`] ??= EXTRA_MESSAGES.relatedMissing;
    });
  }
  if (extras.digitalFile && !asset) fields['digitalFile.assetId'] = EXTRA_MESSAGES.digitalFileMissing;
  if (extras.isSubscribable && extras.subscriptionPlan === undefined && !stored?.plans) fields.subscriptionPlan = EXTRA_MESSAGES.planMissing;
  if (extras.useCustomAddButtonText && extras.customAddButtonText === undefined && !stored?.buttonText) fields.customAddButtonText = EXTRA_MESSAGES.addButtonTextMissing;
  if (extras.merchandising?.scarcityEnabled && extras.merchandising.scarcityText === undefined && !stored?.scarcityText) fields['merchandising.scarcityText'] = EXTRA_MESSAGES.scarcityTextMissing;
  const keys = Object.keys(fields);
  if (keys.length) throw new ApiError(400, 'invalid_request', fields[keys[0]!]!, { fields });
}

const MERCH_COLUMNS: Record<Exclude<keyof MerchandisingInput, 'restockNotificationsEnabled'>, string> = {
  customSoldOutText: 'custom_sold_out_text',
  scarcityEnabled: 'scarcity_enabled',
  scarcityText: 'scarcity_text',
  scarcityShownByDefault: 'scarcity_shown_by_default',
  mailingListSignUpEnabled: 'mailing_list_sign_up_enabled',
  mailingListOptInByDefault: 'mailing_list_opt_in_by_default',
};

const sqlValue = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null));

/**
 * The statements that store a save's extras, for the save's own batch (after its version
 * check, so a stale save stores none of them): the product row's columns, the item's
 * structured content (SEO, related products), its publish time, the first subscription plan
 * (updated in place, so carts naming it keep working) and the merchandising row.
 */
export function extrasStatements(d1: D1Database, websiteId: string, itemId: string, extras: ProductExtras, now: number): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  // The product row's own columns.
  const sets: [string, unknown][] = [];
  if (extras.isSubscribable !== undefined) sets.push(['is_subscribable', extras.isSubscribable]);
  if (extras.additionalFieldsFormId !== undefined) sets.push(['additional_fields_form_id', extras.additionalFieldsFormId]);
  if (extras.useCustomAddButtonText !== undefined) sets.push(['use_custom_add_button_text', extras.useCustomAddButtonText]);
  if (extras.customAddButtonText !== undefined) sets.push(['custom_add_button_text', extras.customAddButtonText]);
  if (extras.digitalFile) {
    sets.push(['digital_asset_id', extras.digitalFile.assetId], ['max_downloads', extras.digitalFile.maxDownloads], ['download_link_hours', extras.digitalFile.linkLifetimeHours]);
  }
  if (sets.length) {
    out.push(d1.prepare(`UPDATE products SET ${sets.map(([c], i) => `${c} = ?${i + 2}`).join(', ')} WHERE item_id = ?1`).bind(itemId, ...sets.map(([, v]) => sqlValue(v))));
  }
  // SEO and related products ride in the item's structured content (the storefront reads them from there).
  let content = "COALESCE(structured_content, '{}')";
  const binds: unknown[] = [];
  const jsonKey = (key: string, value: unknown, asJson = false) => {
    if (value === undefined) return;
    if (value === null) content = `json_remove(${content}, '$.${key}')`;
    else {
      binds.push(asJson ? JSON.stringify(value) : value);
      content = `json_set(${content}, '$.${key}', ${asJson ? `json(?${binds.length + 1})` : `?${binds.length + 1}`})`;
    }
  };
  jsonKey('seoTitle', extras.seoTitle);
  jsonKey('seoDescription', extras.seoDescription);
  if (extras.relatedProductIds !== undefined) jsonKey('relatedProductIds', extras.relatedProductIds.length ? extras.relatedProductIds : null, true);
  if (content !== "COALESCE(structured_content, '{}')") out.push(d1.prepare(`UPDATE items SET structured_content = ${content} WHERE id = ?1`).bind(itemId, ...binds));
  // A future publish time hides the product until then (the storefront shows published items whose time has come).
  if (extras.publishOn !== undefined) {
    out.push(
      extras.publishOn === null
        ? d1.prepare('UPDATE items SET publish_on = CASE WHEN publish_on IS NULL OR publish_on > ?2 THEN ?2 ELSE publish_on END WHERE id = ?1').bind(itemId, now)
        : d1.prepare('UPDATE items SET publish_on = ?2 WHERE id = ?1').bind(itemId, extras.publishOn),
    );
  }
  if (extras.subscriptionPlan === null) out.push(d1.prepare('DELETE FROM subscription_plans WHERE product_id = ?').bind(itemId));
  else if (extras.subscriptionPlan) {
    const p = extras.subscriptionPlan;
    out.push(
      d1
        .prepare(
          `UPDATE subscription_plans SET billing_period_value = ?2, billing_period_unit = ?3, num_billing_cycles = ?4
           WHERE id = (SELECT id FROM subscription_plans WHERE product_id = ?1 ORDER BY position, id LIMIT 1)`,
        )
        .bind(itemId, p.billingPeriodValue, p.billingPeriodUnit, p.numBillingCycles),
      d1
        .prepare(
          `INSERT INTO subscription_plans (id, website_id, product_id, billing_period_value, billing_period_unit, num_billing_cycles, position)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, 0 WHERE NOT EXISTS (SELECT 1 FROM subscription_plans WHERE product_id = ?3)`,
        )
        .bind(newId(), websiteId, itemId, p.billingPeriodValue, p.billingPeriodUnit, p.numBillingCycles),
    );
  }
  const m = extras.merchandising;
  if (m && Object.values(m).some((v) => v !== undefined)) {
    // A product without a row had no restock form: a new row keeps it off unless turned on.
    out.push(
      d1
        .prepare(`INSERT INTO merchandising (product_id, website_id, restock_notification_views) VALUES (?1, ?2, ?3) ON CONFLICT (product_id) DO NOTHING`)
        .bind(itemId, websiteId, RESTOCK_OFF),
    );
    const msets: [string, unknown][] = [];
    for (const [key, column] of Object.entries(MERCH_COLUMNS)) {
      const value = m[key as keyof typeof MERCH_COLUMNS];
      if (value !== undefined) msets.push([column, value]);
    }
    let restock = '';
    if (m.restockNotificationsEnabled === false) restock = `restock_notification_views = '${RESTOCK_OFF}'`;
    // On: every view, unless the stored list already names some.
    if (m.restockNotificationsEnabled === true) restock = `restock_notification_views = CASE WHEN restock_notification_views = '${RESTOCK_OFF}' THEN '[]' ELSE restock_notification_views END`;
    const assignments = [...msets.map(([c], i) => `${c} = ?${i + 2}`), ...(restock ? [restock] : [])];
    if (assignments.length) {
      out.push(d1.prepare(`UPDATE merchandising SET ${assignments.join(', ')} WHERE product_id = ?1`).bind(itemId, ...msets.map(([, v]) => sqlValue(v))));
    }
  }
  return out;
}

/** The extras of a stored product, for the owner's GET answer. */
export async function readExtras(db: Db, itemId: string): Promise<ProductExtrasAnswer> {
  const d1 = db.$client;
  const row = await query(() =>
    d1
      .prepare(
        `SELECT p.is_subscribable AS isSubscribable, p.additional_fields_form_id AS formId, p.use_custom_add_button_text AS useCustom, p.custom_add_button_text AS buttonText,
           p.digital_asset_id AS assetId, p.max_downloads AS maxDownloads, p.download_link_hours AS linkHours, a.filename, a.byte_size AS size, a.content_type AS contentType,
           i.structured_content AS sc, i.publish_on AS publishOn,
           s.billing_period_value AS periodValue, s.billing_period_unit AS periodUnit, s.num_billing_cycles AS cycles,
           m.product_id AS merch, m.custom_sold_out_text AS soldOut, m.scarcity_enabled AS scarcityEnabled, m.scarcity_text AS scarcityText,
           m.scarcity_shown_by_default AS scarcityShown, m.restock_notification_views AS restockViews, m.mailing_list_sign_up_enabled AS mailingList,
           m.mailing_list_opt_in_by_default AS optIn
         FROM products p JOIN items i ON i.id = p.item_id
           LEFT JOIN assets a ON a.id = p.digital_asset_id
           LEFT JOIN subscription_plans s ON s.id = (SELECT id FROM subscription_plans WHERE product_id = p.item_id ORDER BY position, id LIMIT 1)
           LEFT JOIN merchandising m ON m.product_id = p.item_id
         WHERE p.item_id = ?`,
      )
      .bind(itemId)
      .first<Record<string, string | number | null>>(),
  );
  if (!row) throw new ApiError(404, 'not_found', 'No such product in this store.');
  const sc = JSON.parse((row.sc as string | null) ?? '{}') as { seoTitle?: string; seoDescription?: string; relatedProductIds?: string[] };
  return {
    isSubscribable: row.isSubscribable === 1,
    subscriptionPlan:
      row.periodValue === null ? null : { billingPeriodValue: row.periodValue as number, billingPeriodUnit: row.periodUnit as PeriodUnit, numBillingCycles: row.cycles as number },
    additionalFieldsFormId: (row.formId as string | null) ?? null,
    useCustomAddButtonText: row.useCustom === 1,
    customAddButtonText: (row.buttonText as string | null) ?? null,
    merchandising: {
      customSoldOutText: (row.soldOut as string | null) ?? null,
      scarcityEnabled: row.scarcityEnabled === 1,
      scarcityText: (row.scarcityText as string | null) ?? null,
      scarcityShownByDefault: row.scarcityShown === 1,
      // No row: the product page shows no restock form.
      restockNotificationsEnabled: row.merch !== null && row.restockViews !== RESTOCK_OFF,
      mailingListSignUpEnabled: row.mailingList === 1,
      mailingListOptInByDefault: row.optIn === 1,
    },
    seoTitle: sc.seoTitle ?? null,
    seoDescription: sc.seoDescription ?? null,
    publishOn: row.publishOn === null ? null : new Date(row.publishOn as number).toISOString(),
    relatedProductIds: sc.relatedProductIds ?? [],
    digitalFile:
      row.assetId === null
        ? null
        : {
            assetId: row.assetId as string, fileName: (row.filename as string | null) ?? '', size: (row.size as number | null) ?? 0, contentType: (row.contentType as string | null) ?? '',
            maxDownloads: row.maxDownloads as number | null, linkLifetimeHours: row.linkHours as number | null,
          },
  };
}

/** The site's additional-fields forms, by name (the product editor's form picker). */
export async function additionalFieldsForms(db: Db, websiteId: string): Promise<{ id: string; name: string; fieldCount: number }[]> {
  const { results } = await query(() =>
    db.$client
      .prepare("SELECT id, name, json_array_length(fields) AS fieldCount FROM forms WHERE website_id = ? AND kind = 'additional-fields' ORDER BY lower(name), id")
      .bind(websiteId)
      .all<{ id: string; name: string; fieldCount: number }>(),
  );
  return results;
}
