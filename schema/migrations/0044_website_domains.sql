CREATE TABLE `website_domains` (
	`host` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`token` text NOT NULL,
	`verified_on` integer,
	`certificate_id` text,
	`certificate_status` text DEFAULT 'none' NOT NULL,
	`created_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `website_domains_site_idx` ON `website_domains` (`website_id`,`created_on`);