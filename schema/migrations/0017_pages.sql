CREATE TABLE `page_revisions` (
	`page_id` text NOT NULL,
	`version` integer NOT NULL,
	`document` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	`restored_from` integer,
	PRIMARY KEY(`page_id`, `version`),
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pages` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`draft_version` integer DEFAULT 1 NOT NULL,
	`published_version` integer,
	`published_on` integer,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_website_slug_uq` ON `pages` (`website_id`,`slug`);--> statement-breakpoint
CREATE INDEX `pages_website_updated_idx` ON `pages` (`website_id`,`updated_on`);