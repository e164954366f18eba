import { sql } from 'drizzle-orm';
import { query, type Db } from '../db.js';

/**
 * True when `email` has a paid order on this site with `itemId` among its lines (SPEC §1
 * reviews: the verified-buyer badge). Callers pass only an address the visitor has proven
 * (a signed-in account, a signed review link): a typed address proves nothing, and
 * answering for it would tell anyone what someone else bought.
 * @example await hasBought(db, site.id, 'ada@example.com', mug.id) // true after her order
 */
export async function hasBought(db: Db, websiteId: string, email: string, itemId: string): Promise<boolean> {
  const row = await query(() =>
    db.get<{ found: number }>(sql`
      SELECT 1 AS found FROM orders o
      JOIN order_lines l ON l.order_id = o.id
      WHERE o.website_id = ${websiteId} AND lower(o.email) = lower(${email}) AND o.status = 'paid' AND l.item_id = ${itemId}
      LIMIT 1`),
  );
  return row?.found === 1;
}
