-- Custom SQL (drizzle-kit cannot express FTS5): the full-text index of published items
-- that /search queries with bm25 (edge/services/search.ts). Rows hold plain text (HTML
-- stripped by schema/search.ts) and are written by the seed and by every content write
-- (edge/services/content-version.ts `contentChanged`); deleting an item drops its row here.
CREATE VIRTUAL TABLE `search_index` USING fts5(
  `title`, `excerpt`, `body`, `tags`, `categories`,
  `item_id` UNINDEXED, `website_id` UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `items_search_index_delete` AFTER DELETE ON `items` BEGIN
  DELETE FROM `search_index` WHERE `item_id` = old.`id`;
END;
