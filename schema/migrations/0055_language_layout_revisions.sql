CREATE TABLE `page_language_revisions` (
	`page_id` text NOT NULL,
	`language` text NOT NULL,
	`version` integer NOT NULL,
	`document` text NOT NULL,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	`restored_from` integer,
	`published_on` integer,
	PRIMARY KEY(`page_id`, `language`, `version`),
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `page_language_layouts` ADD `publish_at` integer;--> statement-breakpoint
ALTER TABLE `page_language_layouts` ADD `scheduled_version` integer;--> statement-breakpoint
CREATE INDEX `page_language_layouts_publish_at_idx` ON `page_language_layouts` (`publish_at`);