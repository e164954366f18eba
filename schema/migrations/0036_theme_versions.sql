CREATE TABLE `api_token_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_id` text NOT NULL,
	`method` text NOT NULL,
	`route` text NOT NULL,
	`source` text NOT NULL,
	`used_on` integer NOT NULL,
	FOREIGN KEY (`token_id`) REFERENCES `api_tokens`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_token_uses_token_idx` ON `api_token_uses` (`token_id`,`used_on`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`name` text NOT NULL,
	`scopes` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text,
	`created_on` integer NOT NULL,
	`expires_on` integer NOT NULL,
	`revoked_on` integer,
	`last_used_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_idx` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_website_idx` ON `api_tokens` (`website_id`);--> statement-breakpoint
CREATE TABLE `theme_files` (
	`version_id` text NOT NULL,
	`path` text NOT NULL,
	`content` text NOT NULL,
	`sha256` text NOT NULL,
	PRIMARY KEY(`version_id`, `path`),
	FOREIGN KEY (`version_id`) REFERENCES `theme_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `theme_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`website_id` text NOT NULL,
	`number` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`created_by` text,
	`created_on` integer NOT NULL,
	`published_on` integer,
	FOREIGN KEY (`website_id`) REFERENCES `websites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `theme_versions_number_idx` ON `theme_versions` (`website_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `theme_versions_live_idx` ON `theme_versions` (`website_id`) WHERE "theme_versions"."state" = 'live';--> statement-breakpoint
-- Data: every site's current theme becomes its live version 1 (hand-appended).
INSERT INTO `theme_versions` (`id`, `website_id`, `number`, `note`, `state`, `created_by`, `created_on`, `published_on`)
SELECT 'tv_' || `website_id` || '_1', `website_id`, 1, 'Theme before versions', 'live', NULL, MAX(`updated_on`), MAX(`updated_on`) FROM `templates` GROUP BY `website_id`;--> statement-breakpoint
INSERT INTO `theme_files` (`version_id`, `path`, `content`, `sha256`) SELECT 'tv_' || `website_id` || '_1', `path`, `content`, `hash` FROM `templates`;
