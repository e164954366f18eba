import { sql } from 'drizzle-orm';
import { query, type Db } from '../db.js';

/**
 * The owner's restock success text (SPEC §4 Restock form: 'Signed up!' unless the owner set
 * a custom text), per product in its merchandising messages (`successText`) or for the
 * whole site in its store settings (`restockSuccessText`); null clears it. Each is one
 * statement changing one JSON key in place, so concurrent edits of other keys are kept.
 * Returns false when the product is not one of the site's.
 */
export async function setRestockSuccessText(db: Db, websiteId: string, productId: string | undefined, text: string | null): Promise<boolean> {
  if (productId === undefined) {
    const changed = text === null
      ? sql`json_remove(store_settings, '$.restockSuccessText')`
      : sql`json_set(store_settings, '$.restockSuccessText', ${text})`;
    await query(() => db.run(sql`UPDATE websites SET store_settings = ${changed} WHERE id = ${websiteId}`));
    return true;
  }
  const messages = text === null
    ? sql`json_remove(merchandising.restock_notification_messages, '$.successText')`
    : sql`json_set(merchandising.restock_notification_messages, '$.successText', ${text})`;
  // A product without merchandising settings yet gets its row here.
  const result = await query(() =>
    db.run(sql`
      INSERT INTO merchandising (product_id, website_id, restock_notification_messages)
      SELECT item_id, website_id, ${text === null ? '{}' : JSON.stringify({ successText: text })} FROM products
      WHERE item_id = ${productId} AND website_id = ${websiteId}
      ON CONFLICT (product_id) DO UPDATE SET restock_notification_messages = ${messages}
      WHERE merchandising.website_id = ${websiteId}`),
  );
  return (result.meta?.changes ?? 0) > 0;
}
