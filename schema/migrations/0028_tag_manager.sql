CREATE TABLE `collection_tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`tag_type` text NOT NULL,
	`name` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "collection_tags_name_ck" CHECK(length("collection_tags"."name") BETWEEN 1 AND (CASE "collection_tags"."tag_type" WHEN 'tag' THEN 50 ELSE 25 END))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_tags_name_uq` ON `collection_tags` (`collection_id`,`tag_type`,`name`);