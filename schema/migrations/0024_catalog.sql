CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`parent_id` text,
	`display_name` text NOT NULL,
	`type` text NOT NULL,
	`page_rendering` text NOT NULL,
	`display_index` integer DEFAULT 0 NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "categories_name_ck" CHECK(length("categories"."display_name") BETWEEN 1 AND 25)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_collection_name_uq` ON `categories` (`collection_id`,`display_name`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`,`display_index`);--> statement-breakpoint
CREATE TABLE `stock_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`website_id` text NOT NULL,
	`variant_id` text NOT NULL,
	`delta` integer NOT NULL,
	`qty_after` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text,
	`author_id` text,
	`author_name` text NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stock_history_variant_idx` ON `stock_history` (`variant_id`,`id`);--> statement-breakpoint
ALTER TABLE `products` ADD `version` integer DEFAULT 1 NOT NULL;