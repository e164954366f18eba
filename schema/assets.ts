import { sqliteTable, text, integer, real, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { websites } from './websites.js';
import type { ColorData, FocalPoint } from './types.js';

/**
 * Images and other uploaded files; the bytes live in R2 under `r2Key`.
 * SPEC §3 Image: originalSize is "WIDTHxHEIGHT"; the focal point is a 0..1 fraction
 * of each axis (layout data, not money, so `real` is fine).
 */
export const assets = sqliteTable(
  'assets',
  {
    id: text('id').primaryKey(),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    // 'image' | 'file' | 'video' | 'audio'
    kind: text('kind').notNull(),
    r2Key: text('r2_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalSize: text('original_size'),
    focalPointX: real('focal_point_x').notNull().default(0.5),
    focalPointY: real('focal_point_y').notNull().default(0.5),
    colorData: text('color_data', { mode: 'json' }).$type<ColorData>(),
    altText: text('alt_text'),
    title: text('title'),
    createdOn: integer('created_on').notNull(),
  },
  (t) => [uniqueIndex('assets_r2_key_uq').on(t.r2Key), index('assets_website_kind_idx').on(t.websiteId, t.kind)],
);

/** Helper for callers that want the SPEC §3 `mediaFocalPoint` shape. */
export function focalPointOf(row: { focalPointX: number; focalPointY: number }): FocalPoint {
  return { x: row.focalPointX, y: row.focalPointY };
}
