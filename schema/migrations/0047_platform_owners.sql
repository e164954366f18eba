CREATE TABLE `platform_owners` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified_on` integer,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_owners_email_uq` ON `platform_owners` (`email`);--> statement-breakpoint
CREATE TABLE `platform_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`created_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `platform_owners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `platform_sessions_owner_idx` ON `platform_sessions` (`owner_id`);--> statement-breakpoint
CREATE TABLE `platform_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`owner_id` text NOT NULL,
	`website_id` text,
	`created_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`used_on` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `platform_owners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `platform_tokens_owner_idx` ON `platform_tokens` (`owner_id`);--> statement-breakpoint
CREATE TABLE `site_owners` (
	`owner_id` text NOT NULL,
	`website_id` text NOT NULL,
	`roles` text NOT NULL,
	`created_on` integer NOT NULL,
	PRIMARY KEY(`owner_id`, `website_id`),
	FOREIGN KEY (`owner_id`) REFERENCES `platform_owners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_owners_website_idx` ON `site_owners` (`website_id`);