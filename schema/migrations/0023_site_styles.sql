CREATE TABLE `site_style_revisions` (
	`website_id` text NOT NULL,
	`version` integer NOT NULL,
	`document` text NOT NULL,
	`save_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`saved_on` integer NOT NULL,
	`published_on` integer,
	PRIMARY KEY(`website_id`, `version`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_style_revisions_published_idx` ON `site_style_revisions` (`website_id`,`published_on`);