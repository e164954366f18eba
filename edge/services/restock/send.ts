import { sql } from 'drizzle-orm';
import { query, type Db } from '../db.js';
import { queueFormMail } from '../forms/mail.js';
import { d1Of } from '../forms/d1.js';
import { findRestockVariant } from './signups.js';
import { mailLanguage, productName, type MailLanguage } from '../multilingual/mail-language.js';
import { fillText, storeTexts } from '../../../domain/languages/store-texts.js';

export interface SendRequest {
  productId: string;
  variantId: string;
}

/**
 * Sends the back-in-stock notice of one variant: claims every unsent sign-up with one
 * conditional UPDATE (so two concurrent sends never mail anyone twice), then queues one
 * mail per claimed sign-up through the outbox. Answers how many were queued.
 */
export async function sendRestockNotices(db: Db, site: { id: string; locale: string }, origin: string, req: SendRequest, now: number): Promise<number> {
  const websiteId = site.id;
  const variant = await findRestockVariant(db, websiteId, req.productId, req.variantId);
  if (!variant) return 0;
  const claimed = await query(async () =>
    (
      await d1Of(db)
        .prepare(`UPDATE restock_signups SET sent_on = ? WHERE website_id = ? AND product_id = ? AND variant_id = ? AND sent_on IS NULL RETURNING email, language`)
        .bind(now, websiteId, req.productId, req.variantId)
        .all<{ email: string; language: string | null }>()
    ).results,
  );
  // Each notice in the language the shopper signed up under when the site publishes it (issue 29), else the primary.
  const languages = new Map<string, MailLanguage | undefined>();
  for (const { email, language } of claimed) {
    const key = language ?? '';
    if (!languages.has(key)) languages.set(key, await mailLanguage(db, site, language));
    const lang = languages.get(key);
    const t = lang?.texts ?? storeTexts();
    const product = productName(lang, variant.productId, variant.title);
    const url = `${origin}${lang?.prefix ?? ''}${variant.fullUrl}`;
    await queueFormMail(db, {
      websiteId,
      to: email,
      subject: fillText(t.mailRestockSubject, { product }),
      text: `${fillText(t.mailRestock, { product })}\n${url}\n\n${t.mailRestockOnce}`,
      kind: 'restock-notice',
    });
  }
  return claimed.length;
}

/** How many unsent sign-ups wait on variants that have stock again (the owner's "send" offer). */
export async function readyToSendCount(db: Db, websiteId: string): Promise<number> {
  const row = await query(() =>
    db.get<{ n: number }>(sql`SELECT count(*) AS n FROM restock_signups s JOIN variants v ON v.id = s.variant_id
      WHERE s.website_id = ${websiteId} AND s.sent_on IS NULL AND (v.unlimited = 1 OR v.qty_in_stock > 0)`),
  );
  return Number(row?.n ?? 0);
}
