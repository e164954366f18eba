-- Custom SQL (drizzle-kit cannot express FTS5): the full-text index of translated products
-- that /<language>/search queries (edge/services/multilingual/search.ts). One row per item and
-- language holding the plain text of its published (`done`) translated title, excerpt and
-- body; rewritten by the seed and by every product translation write.
CREATE VIRTUAL TABLE `translation_search` USING fts5(
  `title`, `excerpt`, `body`,
  `item_id` UNINDEXED, `website_id` UNINDEXED, `language` UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `items_translation_search_delete` AFTER DELETE ON `items` BEGIN
  DELETE FROM `translation_search` WHERE `item_id` = old.`id`;
END;
