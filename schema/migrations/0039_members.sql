CREATE TABLE `access_passwords` (
	`website_id` text NOT NULL,
	`scope` text NOT NULL,
	`password_hash` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_on` integer NOT NULL,
	PRIMARY KEY(`website_id`, `scope`),
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `member_area_pages` (
	`area_id` text NOT NULL,
	`page_id` text NOT NULL,
	`website_id` text NOT NULL,
	`teaser_sections` integer,
	FOREIGN KEY (`area_id`) REFERENCES `member_areas`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`page_id`) REFERENCES `pages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `member_area_pages_page_uq` ON `member_area_pages` (`page_id`);--> statement-breakpoint
CREATE INDEX `member_area_pages_area_idx` ON `member_area_pages` (`area_id`);--> statement-breakpoint
CREATE TABLE `member_areas` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`access` text NOT NULL,
	`price_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_on` integer NOT NULL,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "member_areas_price_ck" CHECK("member_areas"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `member_areas_website_idx` ON `member_areas` (`website_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`area_id` text NOT NULL,
	`site_user_id` text NOT NULL,
	`state` text NOT NULL,
	`source` text NOT NULL,
	`granted_by` text,
	`starts_on` integer NOT NULL,
	`ends_on` integer,
	`updated_on` integer NOT NULL,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`area_id`) REFERENCES `member_areas`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_user_area_uq` ON `memberships` (`area_id`,`site_user_id`);--> statement-breakpoint
CREATE INDEX `memberships_website_idx` ON `memberships` (`website_id`);