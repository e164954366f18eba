CREATE TABLE `header_footer_revisions` (
	`website_id` text NOT NULL,
	`version` integer NOT NULL,
	`header` text,
	`footer` text,
	`save_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `version`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `navigation_revisions` (
	`website_id` text NOT NULL,
	`menu` text NOT NULL,
	`version` integer NOT NULL,
	`document` text NOT NULL,
	`save_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `menu`, `version`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `navigation_items` ADD `page_id` text REFERENCES pages(id);--> statement-breakpoint
ALTER TABLE `page_revisions` ADD `published_on` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `scheduled_version` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `trashed_on` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `locked_by_id` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `locked_by` text;--> statement-breakpoint
ALTER TABLE `pages` ADD `locked_since` integer;--> statement-breakpoint
ALTER TABLE `pages` ADD `lock_seen` integer;--> statement-breakpoint
CREATE INDEX `pages_publish_at_idx` ON `pages` (`publish_at`);--> statement-breakpoint
CREATE INDEX `pages_trashed_idx` ON `pages` (`trashed_on`);--> statement-breakpoint
-- Data: revisions live before this migration count as published (kept for ever by the retention rule).
UPDATE `page_revisions` SET `published_on` = (SELECT `published_on` FROM `pages` WHERE `pages`.`id` = `page_revisions`.`page_id`) WHERE `version` = (SELECT `published_version` FROM `pages` WHERE `pages`.`id` = `page_revisions`.`page_id`);
