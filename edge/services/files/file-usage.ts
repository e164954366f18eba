import type { R2Bucket } from '@cloudflare/workers-types';
import { FILE_MESSAGES } from '../../../domain/files/file-rules.js';
import { ApiError } from '../../errors.js';
import type { Db } from '../db.js';
import { requireFile } from './file-records.js';

/** Something that shows or sells a file: a published page, a product (or other content item), an order's download. */
export interface FileUse {
  type: 'page' | 'product' | 'item' | 'order';
  id: string;
  title: string;
  /** Where the owner can see it (the page or product URL); null for an order's download. */
  url: string | null;
}

/**
 * SQL true while asset `a` is in use: a published revision's layout (or a published page's
 * own layout in a language, issue 29) names its id or its /assets/ URL, a content item or variant shows it, a product sells it, or an order's
 * download grant serves it. One expression, so the delete below checks and deletes at once.
 */
const IN_USE = `(
  EXISTS (SELECT 1 FROM pages p JOIN page_revisions r ON r.page_id = p.id AND r.version = p.published_version
          WHERE p.website_id = a.website_id AND p.published_version IS NOT NULL
            AND (instr(r.document, a.id) > 0 OR instr(r.document, '/assets/' || a.r2_key) > 0))
  OR EXISTS (SELECT 1 FROM pages p JOIN page_language_layouts l ON l.page_id = p.id
          WHERE p.website_id = a.website_id AND p.published_version IS NOT NULL AND l.published_document IS NOT NULL
            AND (instr(l.published_document, a.id) > 0 OR instr(l.published_document, '/assets/' || a.r2_key) > 0))
  OR EXISTS (SELECT 1 FROM items i WHERE i.website_id = a.website_id AND i.main_image_id = a.id)
  OR EXISTS (SELECT 1 FROM item_images ii WHERE ii.asset_id = a.id)
  OR EXISTS (SELECT 1 FROM variants v WHERE v.website_id = a.website_id AND v.main_image_id = a.id)
  OR EXISTS (SELECT 1 FROM products pr WHERE pr.website_id = a.website_id AND pr.digital_asset_id = a.id)
  OR EXISTS (SELECT 1 FROM download_grants g WHERE g.asset_id = a.id)
)`;

/** Where a file is used (at most 50 places), for the owner to see before it can go. */
export async function fileUses(db: Db, websiteId: string, assetId: string): Promise<FileUse[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT 'page' AS type, p.id AS id, p.title AS title, '/' || p.slug AS url
         FROM assets a JOIN pages p ON p.website_id = a.website_id
         JOIN page_revisions r ON r.page_id = p.id AND r.version = p.published_version
        WHERE a.id = ?1 AND a.website_id = ?2 AND p.published_version IS NOT NULL
          AND (instr(r.document, a.id) > 0 OR instr(r.document, '/assets/' || a.r2_key) > 0)
       UNION ALL
       SELECT 'page', p.id, p.title, '/' || lower(l.language) || '/' || p.slug
         FROM assets a JOIN pages p ON p.website_id = a.website_id
         JOIN page_language_layouts l ON l.page_id = p.id
        WHERE a.id = ?1 AND a.website_id = ?2 AND p.published_version IS NOT NULL AND l.published_document IS NOT NULL
          AND (instr(l.published_document, a.id) > 0 OR instr(l.published_document, '/assets/' || a.r2_key) > 0)
       UNION ALL
       SELECT CASE WHEN pr.item_id IS NULL THEN 'item' ELSE 'product' END, i.id, i.title, i.full_url
         FROM items i LEFT JOIN products pr ON pr.item_id = i.id
        WHERE i.website_id = ?2 AND (i.main_image_id = ?1 OR pr.digital_asset_id = ?1
          OR EXISTS (SELECT 1 FROM item_images ii WHERE ii.item_id = i.id AND ii.asset_id = ?1)
          OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = i.id AND v.main_image_id = ?1))
       UNION ALL
       SELECT 'order', g.order_id, g.product_name, NULL FROM download_grants g WHERE g.asset_id = ?1 AND g.website_id = ?2
       LIMIT 50`,
    )
    .bind(assetId, websiteId)
    .all<FileUse>();
  return results;
}

/**
 * Deletes a file unless something uses it: the check and the delete are one statement, so a
 * page published meanwhile cannot lose its image. Refused -> 409 'file_in_use' with `usedBy`;
 * no such file -> 404. The stored bytes and their resized variants go after the row.
 */
export async function deleteFile(db: Db, bucket: R2Bucket, websiteId: string, assetId: string): Promise<void> {
  const deleted = await db.$client
    .prepare(`DELETE FROM assets AS a WHERE a.id = ? AND a.website_id = ? AND NOT ${IN_USE} RETURNING r2_key AS r2Key`)
    .bind(assetId, websiteId)
    .first<{ r2Key: string }>();
  if (!deleted) {
    const row = await requireFile(db, websiteId, assetId);
    const usedBy = await fileUses(db, websiteId, assetId);
    throw new ApiError(409, 'file_in_use', FILE_MESSAGES.inUse(row.filename), { extra: { usedBy } });
  }
  const variants = await bucket.list({ prefix: `${deleted.r2Key}@` });
  await bucket.delete([deleted.r2Key, ...variants.objects.map((o) => o.key)]);
}
