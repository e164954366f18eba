CREATE TABLE `promo_popups` (
	`website_id` text PRIMARY KEY NOT NULL,
	`draft` text NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`published` text,
	`version` integer DEFAULT 0 NOT NULL,
	`published_on` integer,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `cc_address` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `bcc_address` text;