CREATE TABLE `site_exports` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`state` text NOT NULL,
	`r2_key` text NOT NULL,
	`byte_size` integer,
	`requested_by` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_on` integer NOT NULL,
	`finished_on` integer,
	`expires_on` integer NOT NULL,
	`error` text,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_exports_site_idx` ON `site_exports` (`website_id`,`created_on`);--> statement-breakpoint
CREATE INDEX `site_exports_state_idx` ON `site_exports` (`state`,`created_on`);--> statement-breakpoint
ALTER TABLE `websites` ADD `deleted_on` integer;--> statement-breakpoint
CREATE INDEX `websites_deleted_idx` ON `websites` (`deleted_on`);